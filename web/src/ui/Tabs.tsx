import { haptic } from '../telegram/sdk';
import styles from './Tabs.module.css';

export interface TabItem<T extends string | number> {
  value: T;
  label: string;
}

interface TabsProps<T extends string | number> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  /**
   * `segments`: equal parts of one track (the course tabs 1-4). `chips`: rounded pills in a row
   * that scrolls sideways, for a filter with more or longer choices than a track holds.
   */
  variant?: 'segments' | 'chips';
}

/** One choice among a few that decides what the screen shows under it (a course, a wallet, a filter). */
export function Tabs<T extends string | number>({ items, value, onChange, label, variant = 'segments' }: TabsProps<T>) {
  return (
    <div className={styles[variant]} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          className={variant === 'chips' ? styles.chip : styles.tab}
          onClick={() => {
            if (item.value !== value) haptic.selection();
            onChange(item.value);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
