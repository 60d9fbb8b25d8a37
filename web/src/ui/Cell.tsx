import type { MouseEvent, ReactNode } from 'react';
import { Chevron } from './Chevron';
import { Link } from './Link';
import { haptic } from '../telegram/sdk';
import styles from './Page.module.css';

interface CellProps {
  children: ReactNode;
  subtitle?: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
  /** Shows a chevron: the row opens another screen. Implied by `to`. */
  chevron?: boolean;
  /** Route to open (renders a link). */
  to?: string;
  state?: unknown;
  onClick?: (e: MouseEvent) => void;
  tone?: 'default' | 'destructive' | 'accent';
  className?: string;
}

/** One row of a Section: title, optional subtitle, leading icon and trailing value. */
export function Cell({ children, subtitle, before, after, chevron, to, state, onClick, tone = 'default', className }: CellProps) {
  const interactive = Boolean(to || onClick);
  const cls = [
    styles.cell,
    before ? styles.withBefore : '',
    interactive ? styles.interactive : '',
    tone === 'destructive' ? styles.destructive : tone === 'accent' ? styles.accent : '',
    className ?? '',
  ].join(' ');
  const content = (
    <>
      {before && <span className={styles.before}>{before}</span>}
      <span className={styles.body}>
        <span className={styles.cellTitle}>{children}</span>
        {subtitle && <span className={styles.cellSubtitle}>{subtitle}</span>}
      </span>
      {(after || chevron || to) && (
        <span className={styles.after}>
          {after}
          {(chevron || to) && <Chevron />}
        </span>
      )}
    </>
  );
  const click = (e: MouseEvent) => {
    haptic.selection();
    onClick?.(e);
  };
  if (to) {
    return (
      <Link to={to} state={state} className={cls} onClick={click}>
        {content}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={cls} onClick={click}>
        {content}
      </button>
    );
  }
  return <div className={cls}>{content}</div>;
}
