import { useState } from 'react';
import { MSG, THREAD_HIDE_REASON_MAX, type ThreadMessage } from '@zalik/contract';
import { FormSheet, TextArea } from '../../ui';
import styles from './thread.module.css';

interface HideSheetProps {
  /** The message to hide; null: closed. */
  message: ThreadMessage | null;
  sending: boolean;
  onClose: () => void;
  onHide: (reason: string) => void;
}

/** Admins: why a message is hidden (required); the parties then read only that a moderator hid it. */
export function HideSheet({ message, sending, onClose, onHide }: HideSheetProps) {
  const [reason, setReason] = useState('');
  const [marked, setMarked] = useState(false);
  const blank = reason.trim() === '';
  return (
    <FormSheet
      open={message !== null}
      title="Приховати повідомлення"
      description={
        <p>
          Учасники замовлення побачать «{MSG.threadHidden}» замість тексту й файлів. Причину бачать лише адміністратори; дію буде
          записано в журнал.
        </p>
      }
      submitText="Приховати"
      destructive
      sending={sending}
      onClose={() => {
        setReason('');
        setMarked(false);
        onClose();
      }}
      onSubmit={() => {
        setMarked(true);
        if (!blank) onHide(reason.trim());
      }}
    >
      {message?.text && <blockquote className={styles.quoted}>{message.text}</blockquote>}
      <TextArea
        label="Причина"
        placeholder="Наприклад: образи, спроба обміну контактами"
        value={reason}
        maxLength={THREAD_HIDE_REASON_MAX}
        autoFocus
        disabled={sending}
        error={marked && blank ? MSG.threadHideReasonRequired : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormSheet>
  );
}
