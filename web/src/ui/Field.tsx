import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { haptic } from '../telegram/sdk';
import styles from './Field.module.css';

interface FieldProps {
  label?: ReactNode;
  hint?: ReactNode;
  /** Shown in red under the control; also marks it invalid. */
  error?: ReactNode;
}

function Wrap({ id, label, hint, error, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      {label && (
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
      )}
      {children}
      {error ? (
        <p className={styles.error} id={`${id}-msg`} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p className={styles.hint} id={`${id}-msg`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export type InputProps = FieldProps & InputHTMLAttributes<HTMLInputElement>;

/** A labelled text input (label above, hint or error below). */
export function Input({ label, hint, error, id, className, ...rest }: InputProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrap id={fid} label={label} hint={hint} error={error}>
      <input
        id={fid}
        className={[styles.control, error ? styles.invalid : '', className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${fid}-msg` : undefined}
        {...rest}
      />
    </Wrap>
  );
}

export type TextAreaProps = FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled multi-line input. */
export function TextArea({ label, hint, error, id, className, ...rest }: TextAreaProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrap id={fid} label={label} hint={hint} error={error}>
      <textarea
        id={fid}
        className={[styles.control, error ? styles.invalid : '', className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${fid}-msg` : undefined}
        {...rest}
      />
    </Wrap>
  );
}

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
  name?: string;
}

/** A square checkbox with its label; the whole row is the touch target. */
export function Checkbox({ checked, onChange, children, disabled, name }: CheckboxProps) {
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => {
          haptic.selection();
          onChange(e.target.checked);
        }}
      />
      <span className={styles.box} aria-hidden="true">
        <svg width="14" height="14" viewBox="0 0 14 14">
          <path d="M2.5 7.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className={styles.checkLabel}>{children}</span>
    </label>
  );
}

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Accessible name (the visible label usually sits in the Cell next to it). */
  label: string;
  disabled?: boolean;
}

/** An on/off toggle. */
export function Switch({ checked, onChange, label, disabled }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      className={styles.switch}
      onClick={() => {
        haptic.selection();
        onChange(!checked);
      }}
    />
  );
}
