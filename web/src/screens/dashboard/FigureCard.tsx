import type { Figure } from '@zalik/contract';
import { SkeletonText } from '../../ui';
import { changeOf } from './format';
import styles from './dashboard.module.css';

interface FigureCardProps {
  label: string;
  figure: Figure | undefined;
  format: (n: number) => string;
  /** Whether more is good news (sales) or bad news (orders overdue): it picks the change's colour. */
  more?: 'good' | 'bad';
  /** What the change is measured against, for screen readers. */
  against: string;
  /** A second line under the number (the sum of the pending withdrawals). */
  detail?: string;
  wide?: boolean;
}

const ARROW = { up: '▲', down: '▼', flat: '' } as const;

/** One figure of the dashboard: the number and its change against the previous period, coloured by whether that is good. */
export function FigureCard({ label, figure, format, more = 'good', against, detail, wide }: FigureCardProps) {
  if (!figure) {
    return (
      <div className={[styles.figure, wide ? styles.wide : ''].join(' ')} aria-busy="true">
        <span className={styles.figureLabel}>{label}</span>
        <span className={styles.figureValue}>
          <SkeletonText width="70%" />
        </span>
        <span className={styles.change}>
          <SkeletonText width="40%" />
        </span>
      </div>
    );
  }
  const change = changeOf(figure.value, figure.previous, format);
  const tone = change.direction === 'flat' ? styles.flat : (change.direction === 'up') === (more === 'good') ? styles.good : styles.bad;
  const said = change.direction === 'flat' ? 'без змін' : `${change.direction === 'up' ? 'більше' : 'менше'} на ${change.text}`;
  return (
    <div
      className={[styles.figure, wide ? styles.wide : ''].join(' ')}
      role="group"
      aria-label={`${label}: ${format(figure.value)}, ${said} ${against} (${format(figure.previous)})`}
      data-value={figure.value}
      data-previous={figure.previous}
    >
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue}>{format(figure.value)}</span>
      {detail && <span className={styles.figureDetail}>{detail}</span>}
      <span className={[styles.change, tone].join(' ')} title={`${against}: ${format(figure.previous)}`}>
        {ARROW[change.direction] && <span aria-hidden="true">{ARROW[change.direction]} </span>}
        {change.text}
      </span>
    </div>
  );
}
