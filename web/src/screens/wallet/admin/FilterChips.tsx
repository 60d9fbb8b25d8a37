import { haptic } from '../../../telegram/sdk';
import styles from './admin.module.css';

interface FilterChipsProps<T extends string> {
  label: string;
  items: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** One choice among a list's filters: a row of chips that scrolls sideways when it does not fit. */
export function FilterChips<T extends string>({ label, items, value, onChange }: FilterChipsProps<T>) {
  return (
    <div className={styles.chips} role="radiogroup" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="radio"
          aria-checked={item.value === value}
          className={styles.chip}
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
