import { useState } from 'react';
import { CANCEL_REASON_MAX, MSG, type InProgressOrder } from '@zalik/contract';
import { ConfirmDialog, FormSheet, TextArea } from '../../ui';

interface CancelOrderProps {
  order: InProgressOrder;
  /** Who gets the money back, as the card names them ('@student_demo'). */
  buyer: string;
  open: boolean;
  sending: boolean;
  onClose: () => void;
  onCancel: (reason: string) => void;
}

/**
 * 'Скасувати замовлення': a required reason (the buyer receives it), then a confirmation,
 * since the whole price goes back to the buyer and the order leaves the developer's list.
 */
export function CancelOrder({ order, buyer, open, sending, onClose, onCancel }: CancelOrderProps) {
  const [reason, setReason] = useState('');
  const [marked, setMarked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const blank = reason.trim() === '';
  return (
    <>
      <FormSheet
        open={open}
        title="Скасувати замовлення"
        description={<p>Студент {buyer} отримає назад усю оплату й вашу причину в боті. Скасувати можна лише до надсилання відповіді.</p>}
        submitText="Скасувати замовлення"
        destructive
        sending={sending}
        onClose={onClose}
        onSubmit={() => {
          setMarked(true);
          if (!blank) setConfirming(true);
        }}
      >
        <TextArea
          label="Причина"
          placeholder="Наприклад: тема поза моєю спеціалізацією"
          value={reason}
          maxLength={CANCEL_REASON_MAX}
          autoFocus
          disabled={sending}
          error={marked && blank ? MSG.cancelReasonRequired : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormSheet>
      <ConfirmDialog
        open={open && confirming}
        question={`Скасувати «${order.taskTitle}»?`}
        text={`Кошти повернуться студенту ${buyer}, а замовлення зникне з вашого списку.`}
        confirmLabel="Скасувати замовлення"
        cancelLabel="Назад"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onCancel(reason.trim());
        }}
      />
    </>
  );
}
