import { useId, useLayoutEffect, useRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { haptic } from '../telegram/sdk';
import styles from './Field.module.css';
import page from './Page.module.css';

interface FieldProps {
  label?: ReactNode;
  hint?: ReactNode;
  /** Shown in red under the control; also marks it invalid. */
  error?: ReactNode;
}

/** What the control inside a FieldFrame carries so that its label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps extends FieldProps {
  /** The control's id; generated when not given. */
  id?: string;
  /** Extra classes of the control. */
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Every text field's frame: the label bound to the control, then the hint, or the error in
 * its place (role="alert", so a screen reader announces it), which the control names in
 * aria-describedby.
 */
export function FieldFrame({ id, label, hint, error, className, children }: FieldFrameProps) {
  const auto = useId();
  const fid = id ?? auto;
  const msgId = `${fid}-msg`;
  return (
    <div className={styles.field}>
      {label && (
        <label className={styles.label} htmlFor={fid}>
          {label}
        </label>
      )}
      {children({
        id: fid,
        className: [styles.control, error ? styles.invalid : '', className ?? ''].join(' '),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? msgId : undefined,
      })}
      {error ? (
        <p className={styles.error} id={msgId} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p className={styles.hint} id={msgId}>
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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...rest} />}
    </FieldFrame>
  );
}

export type TextAreaProps = FieldProps &
  TextareaHTMLAttributes<HTMLTextAreaElement> & {
    /** Grows with its text instead of scrolling inside (the caller sets the starting height). */
    autoGrow?: boolean;
  };

/** A labelled multi-line input. */
export function TextArea({ label, hint, error, id, className, autoGrow, ...rest }: TextAreaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!autoGrow || !el) return;
    el.style.height = 'auto';
    // scrollHeight leaves out the borders the border-box height includes.
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [autoGrow, rest.value]);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea ref={ref} {...control} {...rest} />}
    </FieldFrame>
  );
}

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
  name?: string;
  /**
   * One of a single-choice group (same `name`): a round radio, and tapping another option of the
   * group moves the choice there, so two can never be ticked at once.
   */
  radio?: boolean;
}

/** A square checkbox (or a round radio) with its label; the whole row is the touch target. */
export function Checkbox({ checked, onChange, children, disabled, name, radio = false }: CheckboxProps) {
  return (
    <label className={styles.check}>
      <input
        type={radio ? 'radio' : 'checkbox'}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => {
          haptic.selection();
          onChange(e.target.checked);
        }}
      />
      <span className={radio ? `${styles.box} ${styles.round}` : styles.box} aria-hidden="true">
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
  /** Accessible name: the setting it turns on, which the visible title may only abbreviate. */
  label: string;
  disabled?: boolean;
  /** The row's visible title: with it the switch is a settings row, without it a bare toggle. */
  children?: ReactNode;
  subtitle?: ReactNode;
  before?: ReactNode;
}

/**
 * An on/off toggle. With a title it is a settings row whose whole width is the toggle, as in
 * Telegram's settings: a tap anywhere on it flips the switch drawn at its end (put it in a
 * Section like a Cell).
 */
export function Switch({ checked, onChange, label, disabled, children, subtitle, before }: SwitchProps) {
  const row = children !== undefined;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      className={row ? [page.cell, page.interactive, before ? page.withBefore : ''].join(' ') : styles.bareSwitch}
      onClick={() => {
        haptic.selection();
        onChange(!checked);
      }}
    >
      {before && <span className={page.before}>{before}</span>}
      {row && (
        <span className={page.body}>
          <span className={page.cellTitle}>{children}</span>
          {subtitle && <span className={page.cellSubtitle}>{subtitle}</span>}
        </span>
      )}
      <span className={styles.switch} data-checked={checked} aria-hidden="true" />
    </button>
  );
}
