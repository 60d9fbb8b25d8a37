import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { haptic } from '../telegram/sdk';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'destructive' | 'plain';
  size?: 'small' | 'medium' | 'large';
  stretched?: boolean;
  /** Shows a spinner before the text and disables the button (e.g. 'Генерація'). */
  loading?: boolean;
  children?: ReactNode;
}

/** A button in Telegram's colours; primary buttons give an impact haptic. */
export function Button({
  variant = 'primary',
  size = 'medium',
  stretched,
  loading,
  disabled,
  className,
  onClick,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const cls = [
    styles.button,
    styles[variant],
    size !== 'medium' ? styles[size] : '',
    stretched ? styles.stretched : '',
    loading ? styles.busy : '',
    className ?? '',
  ].join(' ');
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    if (variant === 'primary') haptic.impact('medium');
    onClick?.(e);
  };
  return (
    <button type={type} className={cls} disabled={disabled || loading} aria-busy={loading || undefined} onClick={click} {...rest}>
      {loading && <Spinner size={18} />}
      {children}
    </button>
  );
}

/**
 * The screen's main action, pinned above the bottom inset (and above the bottom nav inside the
 * main layout). Reserves its own height in the flow so content never hides under it.
 */
export function FixedBottomButton(props: ButtonProps) {
  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <div className={styles.fixed}>
        <Button size="large" stretched {...props} />
      </div>
    </>
  );
}
