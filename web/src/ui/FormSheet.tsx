import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useOffline } from '../api/network';
import { useBackButtonOverride } from '../telegram/BackButton';
import { useMainButton } from '../telegram/MainButton';
import { Button } from './Button';
import { CloseIcon } from './icons';
import styles from './FormSheet.module.css';

interface FormSheetProps {
  /** Shown while true. */
  open: boolean;
  title: string;
  /** What sending does, under the title (whose money goes where, what the other side sees). */
  description?: ReactNode;
  submitText: string;
  sending?: boolean;
  /** Red in-page button (a cancel); Telegram's MainButton keeps the theme's colour. */
  destructive?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A short form over the screen it belongs to (a revision comment, a dispute's reason, a
 * developer's cancel reason), so the list under it keeps its place. Its submit is the screen's
 * main action: Telegram's MainButton where the client draws it, else a button at the sheet's
 * foot. Telegram's back button, Escape and a tap outside close it while nothing is being sent.
 */
export function FormSheet(props: FormSheetProps) {
  return props.open ? <OpenSheet {...props} /> : null;
}

function OpenSheet({ title, description, submitText, sending = false, destructive, onSubmit, onClose, children }: FormSheetProps) {
  const titleId = useId();
  const offline = useOffline();
  const native = useMainButton({ text: submitText, enabled: !offline, loading: sending, onClick: onSubmit });
  const close = () => {
    if (!sending) onClose();
  };
  useBackButtonOverride(close);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sending) onSubmit();
  };

  return createPortal(
    <div className={styles.backdrop} onClick={close}>
      <form
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onSubmit={submit}
        noValidate
      >
        <header className={styles.head}>
          <h2 className={styles.title} id={titleId}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Закрити" onClick={close} disabled={sending}>
            <CloseIcon size={18} />
          </button>
        </header>
        {description && <div className={styles.description}>{description}</div>}
        <div className={styles.body}>{children}</div>
        {!native && (
          <Button type="submit" size="large" stretched variant={destructive ? 'destructive' : 'primary'} loading={sending} disabled={offline}>
            {submitText}
          </Button>
        )}
      </form>
    </div>,
    document.body,
  );
}
