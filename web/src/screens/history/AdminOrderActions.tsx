import { useState } from 'react';
import { ORDER_MAX_FILE_BYTES, ORDER_MAX_FILES, formatUah, type OrderStatus } from '@zalik/contract';
import { addFiles, deliveryProblem } from '../../lib/orderFiles';
import { haptic } from '../../telegram/sdk';
import { Button, ConfirmDialog, FilePicker, FormSheet, showError } from '../../ui';
import { useRefundOrder, useReplaceFiles } from './api';
import type { ActionsProps } from './HistoryList';
import styles from './history.module.css';

/** States an admin may still refund, and those whose delivered files an admin may replace. */
const REFUNDABLE: readonly OrderStatus[] = ['IN_PROGRESS', 'DELIVERED', 'DISPUTED'];
const REPLACEABLE: readonly OrderStatus[] = ['DELIVERED', 'DISPUTED', 'DONE'];

/** An admin's buttons under a user's order: refund it, or replace its files (admin chunk only). */
export function AdminOrderActions({ item, telegramId, notify }: ActionsProps) {
  const [open, setOpen] = useState<'refund' | 'replace' | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const refund = useRefundOrder(telegramId);
  const replace = useReplaceFiles(telegramId);
  const refundable = REFUNDABLE.includes(item.orderStatus);
  const replaceable = REPLACEABLE.includes(item.orderStatus) && item.files.length > 0;
  const close = () => setOpen(null);

  if (!refundable && !replaceable) return null;
  const send = () => {
    const problem = deliveryProblem(files);
    if (problem) return showError(problem);
    replace.mutate(
      { id: item.id, files },
      {
        onSuccess: () => {
          haptic.notification('success');
          notify('Файли замінено: студент отримає їх у боті');
          setFiles([]);
          close();
        },
      },
    );
  };

  return (
    <div className={styles.actionRow}>
      {replaceable && (
        <Button variant="secondary" size="small" onClick={() => setOpen('replace')}>
          Замінити файли
        </Button>
      )}
      {refundable && (
        <Button variant="destructive" size="small" loading={refund.isPending} onClick={() => setOpen('refund')}>
          Повернути кошти
        </Button>
      )}
      <ConfirmDialog
        open={open === 'refund'}
        title="Повернути кошти?"
        question={`${formatUah(item.price)} за «${item.taskTitle}» повернуться на загальний гаманець покупця.`}
        text="Замовлення буде скасоване. Повернення не можна відкликати."
        confirmLabel={`Повернути ${formatUah(item.price)}`}
        onCancel={close}
        onConfirm={() => {
          close();
          refund.mutate(item.id, {
            onSuccess: () => {
              haptic.notification('success');
              notify('Кошти повернуто покупцю');
            },
          });
        }}
      />
      <FormSheet
        open={open === 'replace'}
        title="Замінити файли"
        description={<p>Нові файли замінять усі файли відповіді «{item.taskTitle}». Стан замовлення й кошти не зміняться; студент отримає нові файли в боті.</p>}
        submitText={replace.isPending ? 'Завантаження' : 'Замінити'}
        sending={replace.isPending}
        onClose={close}
        onSubmit={send}
      >
        <FilePicker
          files={files}
          onChange={setFiles}
          add={addFiles}
          maxFiles={ORDER_MAX_FILES}
          hint={`До ${ORDER_MAX_FILES} файлів, кожен не більше ${ORDER_MAX_FILE_BYTES / (1024 * 1024)} МБ`}
          label="Нові файли"
          edit="sheet"
          testId="replace-files"
          disabled={replace.isPending}
        />
      </FormSheet>
    </div>
  );
}
