import type { ReactNode } from 'react';
import { fromKyivLocal, toKyivLocal } from '../lib/kyivTime';
import { Input } from './Field';
import { SectionHeader } from './Page';
import styles from './Field.module.css';

interface DateTimeInputProps {
  label: ReactNode;
  /** An ISO instant, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  hint?: ReactNode;
}

/**
 * A date and time typed in Kyiv time (the app shows every time in Kyiv time, whatever the
 * device's zone), held as an ISO instant; emptied, it is null.
 */
export function DateTimeInput({ label, value, onChange, hint }: DateTimeInputProps) {
  return <Input type="datetime-local" label={label} hint={hint} value={toKyivLocal(value)} onChange={(e) => onChange(fromKyivLocal(e.target.value))} />;
}

interface DateTimeRangeProps {
  header: ReactNode;
  fromLabel: string;
  toLabel: string;
  from: string | null;
  to: string | null;
  onFrom: (value: string | null) => void;
  onTo: (value: string | null) => void;
  hint?: ReactNode;
}

/** A titled pair of DateTimeInputs: a window in time (a discount's validity). */
export function DateTimeRange({ header, fromLabel, toLabel, from, to, onFrom, onTo, hint }: DateTimeRangeProps) {
  return (
    <div className={styles.group}>
      <SectionHeader>{header}</SectionHeader>
      <DateTimeInput label={fromLabel} value={from} onChange={onFrom} />
      <DateTimeInput label={toLabel} value={to} onChange={onTo} hint={hint} />
    </div>
  );
}
