import type { ReactNode } from 'react';
import { Checkbox, Section, SkeletonRows } from '../../../ui';
import styles from './pickers.module.css';

export interface PickerOption {
  id: string;
  label: string;
  subtitle?: string;
}

interface PickerOptionsProps {
  options: readonly PickerOption[] | undefined;
  selected: readonly string[];
  onToggle: (id: string, on: boolean) => void;
  footer?: ReactNode;
  /** Wraps a row (an admin's context menu). */
  wrap?: (option: PickerOption, row: ReactNode) => ReactNode;
  /**
   * A single-choice picker: radios, led by this 'none' option ('Усі викладачі'), so tapping
   * another option moves the choice and two can never be picked. The 'none' option is an empty `selected`.
   */
  noneLabel?: string;
}

/** A picker's rows: one checkbox (or radio) each (haptic on change); skeleton rows while loading. */
export function PickerOptions({ options, selected, onToggle, footer, wrap = (_, row) => row, noneLabel }: PickerOptionsProps) {
  const single = noneLabel !== undefined;
  const row = (o: PickerOption, checked: boolean) => (
    <div className={styles.row}>
      <Checkbox checked={checked} onChange={(on) => onToggle(o.id, on)} name="option" radio={single}>
        <span className={styles.label}>{o.label}</span>
        {o.subtitle && <span className={styles.subtitle}>{o.subtitle}</span>}
      </Checkbox>
    </div>
  );
  return (
    <Section footer={footer}>
      {options === undefined ? (
        <SkeletonRows count={3} kind="picker" />
      ) : (
        <div role={single ? 'radiogroup' : undefined} aria-label={single ? noneLabel : undefined}>
          {single && <div className={styles.rowWrap}>{row({ id: NONE, label: noneLabel }, selected.length === 0)}</div>}
          {options.map((o) => (
            <div key={o.id} className={styles.rowWrap}>
              {wrap(o, row(o, selected.includes(o.id)))}
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}

/** The id of a single-choice picker's 'none' option. */
export const NONE = '';

/** A single-choice picker's new selection after a tap on `id`: that option alone, or none. */
export function pick(id: string): string[] {
  return id === NONE ? [] : [id];
}
