import { useEffect, useState } from 'react';
import { ORDER_MAX_FILE_BYTES, ORDER_MAX_FILES, ORDER_MESSAGE_MAX, type InProgressOrder } from '@zalik/contract';
import { formatDate } from '../../lib/date';
import { haptic } from '../../telegram/sdk';
import { Button, CheckCircleIcon, FilePicker, PropertyList, TextArea, showError } from '../../ui';
import { useDeliverOrder, useRefreshQueue } from './api';
import { addFiles, deliveryProblem } from '../../lib/orderFiles';
import { OrderArguments } from './OrderArguments';
import styles from './dev-panel.module.css';

/** How long a delivered order says so before the list is refreshed and it leaves. */
export const DELIVERED_SHOW_MS = 1500;

const who = (order: InProgressOrder) => (order.user.username ? `@${order.user.username}` : `ID ${order.user.telegramId}`);

/** One open order: who ordered what, and the form that delivers the answer. */
export function OrderCard({ order }: { order: InProgressOrder }) {
  const [files, setFiles] = useState<File[]>([]);
  const [message, setMessage] = useState('');
  const deliver = useDeliverOrder();
  const refresh = useRefreshQueue();
  const sending = deliver.isPending;
  const delivered = deliver.isSuccess;

  // The delivery's 'done': the card says where the answer went, then the list moves on.
  useEffect(() => {
    if (!delivered) return;
    const timer = setTimeout(refresh, DELIVERED_SHOW_MS);
    return () => clearTimeout(timer);
  }, [delivered]); // eslint-disable-line react-hooks/exhaustive-deps

  const send = () => {
    const problem = deliveryProblem(files);
    if (problem) {
      showError(problem);
      return;
    }
    deliver.mutate({ orderId: order.id, files, message }, { onSuccess: () => haptic.notification('success') });
  };

  return (
    <article className={styles.order} aria-label={`Замовлення: ${order.taskTitle}`}>
      <div className={styles.orderInfo}>
        <PropertyList
          items={[
            { label: 'Ім’я', value: order.user.username ? `@${order.user.username}` : 'Unknown' },
            { label: 'ID', value: order.user.telegramId },
            { label: 'Предмет', value: order.subjectName },
            { label: 'Викладач', value: order.teacherName },
            { label: 'Завдання', value: order.taskTitle },
            { label: 'Аргументи', value: <OrderArguments values={order.arguments} /> },
            { label: 'Створено', value: formatDate(order.createdAt) },
          ]}
        />
      </div>
      {delivered ? (
        <div className={styles.delivered} role="status">
          <CheckCircleIcon size={22} />
          <span>Відповідь надіслано {who(order)}</span>
        </div>
      ) : (
        <div className={styles.delivery}>
          <FilePicker
            files={files}
            onChange={setFiles}
            add={addFiles}
            maxFiles={ORDER_MAX_FILES}
            hint={`До ${ORDER_MAX_FILES} файлів, кожен не більше ${ORDER_MAX_FILE_BYTES / (1024 * 1024)} МБ`}
            label="Обрані файли"
            edit="sheet"
            testId="add-files"
            disabled={sending}
          />
          <TextArea
            label="Повідомлення студенту"
            placeholder="Необов’язково: пояснення до відповіді"
            value={message}
            maxLength={ORDER_MESSAGE_MAX}
            disabled={sending}
            onChange={(e) => setMessage(e.target.value)}
          />
          <Button size="large" stretched loading={sending} onClick={send}>
            {sending ? 'Відправляється' : 'Відправити'}
          </Button>
        </div>
      )}
    </article>
  );
}
