import { useRef, type KeyboardEvent } from 'react';
import { haptic } from '../telegram/sdk';
import styles from './Segmented.module.css';

export interface SegmentOption<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A single choice among a few options shown side by side (a course, whom a discount is for): a
 * radio group, so one tap replaces the choice and nothing lets two be ticked; arrow keys move it
 * as in any radio group, with one tab stop for the whole row.
 */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
}) {
  const row = useRef<HTMLDivElement>(null);
  const choose = (v: T) => {
    if (v === value) return;
    haptic.selection();
    onChange(v);
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + options.length) % options.length;
    choose(options[next]!.value);
    row.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };
  const focusable = options.some((o) => o.value === value) ? value : options[0]?.value;
  return (
    <div ref={row} className={styles.row} role="radiogroup" aria-label={label} style={{ gridTemplateColumns: `repeat(${options.length}, 1fr)` }}>
      {options.map((o, i) => (
        <button
          key={String(o.value)}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          tabIndex={o.value === focusable ? 0 : -1}
          className={styles.option}
          onClick={() => choose(o.value)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
