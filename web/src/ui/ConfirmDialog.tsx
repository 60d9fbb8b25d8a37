import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MSG } from '@zalik/contract';
import { haptic } from '../telegram/sdk';
import { hideError } from './errorBanner';
import styles from './Overlay.module.css';

interface ConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  title?: ReactNode;
  /**
   * What is about to happen, naming the item ('Видалити предмет «Фізика»?'), above the spec's
   * warning: the spec's texts alone do not say what the admin long-pressed.
   */
  question?: ReactNode;
  text?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colours the confirm button red (deletes, bans). */
  destructive?: boolean;
}

/** The spec's confirmation: 'Підтвердіть дію' / 'Будьте уважні...' / 'Скасувати' / 'Підтвердити'. */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title = MSG.confirmTitle,
  question,
  text = MSG.confirmText,
  confirmLabel = 'Підтвердити',
  cancelLabel = 'Скасувати',
  destructive = true,
}: ConfirmDialogProps) {
  useEffect(() => {
    if (!open) return;
    // The dialog is the user's next step: an earlier attempt's banner must not sit over it.
    hideError();
    haptic.notification('warning');
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onCancel]);

  if (!open) return null;
  return createPortal(
    <div className={styles.backdrop} onClick={onCancel}>
      <div
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
        onClick={(e) => e.stopPropagation()}
      >
        <div className={styles.dialogBody}>
          <h2 className={styles.dialogTitle} id="confirm-title">
            {title}
          </h2>
          <div id="confirm-text">
            {question && <p className={styles.dialogQuestion}>{question}</p>}
            <div className={styles.dialogText}>{text}</div>
          </div>
        </div>
        <div className={styles.dialogActions}>
          <button type="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={destructive ? styles.danger : undefined}
            onClick={() => {
              haptic.impact('medium');
              onConfirm();
            }}
            autoFocus
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
