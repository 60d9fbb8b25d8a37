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
}

/** A segmented control (the course tabs 1-4 on the subjects screen). */
export function Tabs<T extends string | number>({ items, value, onChange, label }: TabsProps<T>) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          className={styles.tab}
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
