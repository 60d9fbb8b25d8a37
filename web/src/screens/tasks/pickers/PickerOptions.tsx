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
}

/** A picker's rows: one checkbox each (haptic on change); skeleton rows while loading. */
export function PickerOptions({ options, selected, onToggle, footer, wrap = (_, row) => row }: PickerOptionsProps) {
  return (
    <Section footer={footer}>
      {options === undefined ? (
        <SkeletonRows count={3} kind="picker" />
      ) : (
        options.map((o) => (
          <div key={o.id} className={styles.rowWrap}>
            {wrap(
              o,
              <div className={styles.row}>
                <Checkbox checked={selected.includes(o.id)} onChange={(on) => onToggle(o.id, on)} name="option">
                  <span className={styles.label}>{o.label}</span>
                  {o.subtitle && <span className={styles.subtitle}>{o.subtitle}</span>}
                </Checkbox>
              </div>,
            )}
          </div>
        ))
      )}
    </Section>
  );
}

/** Adds or removes an id, keeping the order of the taps. */
export function toggle(list: readonly string[], id: string, on: boolean): string[] {
  const rest = list.filter((x) => x !== id);
  return on ? [...rest, id] : rest;
}
