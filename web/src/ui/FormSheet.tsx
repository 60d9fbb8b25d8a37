import { useId, type FormEvent, type ReactNode } from 'react';
import { useOffline } from '../api/network';
import { useMainButton } from '../telegram/MainButton';
import { BottomSheet, SheetFooter } from './BottomSheet';
import { Button } from './Button';
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
 * A short form in a BottomSheet over the screen it belongs to (a revision comment, a dispute's
 * reason, a developer's cancel reason), so the list under it keeps its place. Its submit is the
 * screen's main action: Telegram's MainButton where the client draws it, else a button in the
 * sheet's footer. Nothing closes it while it is being sent.
 */
export function FormSheet(props: FormSheetProps) {
  return props.open ? <OpenForm {...props} /> : null;
}

function OpenForm({ title, description, submitText, sending = false, destructive, onSubmit, onClose, children }: FormSheetProps) {
  const formId = useId();
  const offline = useOffline();
  const native = useMainButton({ text: submitText, enabled: !offline, loading: sending, onClick: onSubmit });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sending) onSubmit();
  };

  return (
    <BottomSheet title={title} onClose={onClose} busy={sending}>
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {description && <div className={styles.description}>{description}</div>}
        {children}
      </form>
      {!native && (
        <SheetFooter>
          {/* In the footer, outside the form element: `form` keeps it the form's submit (and Enter's). */}
          <Button type="submit" form={formId} size="large" stretched variant={destructive ? 'destructive' : 'primary'} loading={sending} disabled={offline}>
            {submitText}
          </Button>
        </SheetFooter>
      )}
    </BottomSheet>
  );
}
