import type { ReactNode } from 'react';
import { fromKyivLocal, toKyivLocal } from '../lib/kyivTime';
import { Input } from './Field';

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
