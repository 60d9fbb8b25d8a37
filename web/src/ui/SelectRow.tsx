import type { ReactNode } from 'react';
import { haptic } from '../telegram/sdk';
import styles from './SelectRow.module.css';

interface SelectRowProps {
  selected: boolean;
  onToggle: () => void;
  children: ReactNode;
  subtitle?: ReactNode;
  /** Shown in the mark instead of a tick: the position in an ordered selection (1, 2, 3...). */
  order?: number;
}

/** A row of a multi-select picker: a round mark (tick or order number) and the item's name. */
export function SelectRow({ selected, onToggle, children, subtitle, order }: SelectRowProps) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={selected}
      className={styles.row}
      onClick={() => {
        haptic.selection();
        onToggle();
      }}
    >
      <span className={styles.mark} data-on={selected || undefined} aria-hidden="true">
        {selected &&
          (order ? (
            <span className={styles.order}>{order}</span>
          ) : (
            <svg width="12" height="12" viewBox="0 0 14 14">
              <path d="M2.5 7.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          ))}
      </span>
      <span className={styles.body}>
        <span className={styles.title}>{children}</span>
        {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
      </span>
    </button>
  );
}

/** Wraps a SelectRow that sits inside another element (a ContextMenu), keeping the separators. */
export function SelectItem({ children }: { children: ReactNode }) {
  return <div className={styles.item}>{children}</div>;
}
