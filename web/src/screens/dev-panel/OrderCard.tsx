import { useEffect, useState } from 'react';
import { ORDER_MAX_FILE_BYTES, ORDER_MAX_FILES, ORDER_MESSAGE_MAX, type InProgressOrder } from '@zalik/contract';
import { formatDate } from '../../lib/date';
import { addFiles, deliveryProblem } from '../../lib/orderFiles';
import { usePassed } from '../../lib/usePassed';
import { draftKey, useDraft } from '../../lib/useDraft';
import { haptic } from '../../telegram/sdk';
import { Button, CheckCircleIcon, FilePicker, PropertyList, TextArea, ThreadButton, showError } from '../../ui';
import { useCancelOrder, useDeliverOrder, useRefreshQueue } from './api';
import { CancelOrder } from './CancelOrder';
import { OrderArguments } from './OrderArguments';
import styles from './dev-panel.module.css';

const who = (order: InProgressOrder) => (order.user.username ? `@${order.user.username}` : `ID ${order.user.telegramId}`);

/** One open order: who ordered what and by when, the form that delivers the answer, and a cancel. */
export function OrderCard({ order, onFinished }: { order: InProgressOrder; onFinished: (id: string) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [message, setMessage] = useState('');
  const [cancelling, setCancelling] = useState(false);
  // The message is kept as a draft (files cannot be); picked files alone still ask before leaving.
  const draft = useDraft({ key: draftKey('deliver', order.id), value: message, empty: !message.trim() && files.length === 0, restore: setMessage });
  const deliver = useDeliverOrder();
  const cancel = useCancelOrder();
  const refresh = useRefreshQueue();
  const overdue = usePassed(order.deadlineAt);
  const sending = deliver.isPending;
  const finished = deliver.isSuccess ? `Відповідь надіслано ${who(order)}` : cancel.isSuccess ? `Замовлення скасовано: кошти повернуто ${who(order)}` : null;

  // The 'done': the card says what happened and stays in place (the list keeps it until the
  // developer leaves); the queue is refreshed at once, for the other cards and the next visit.
  useEffect(() => {
    if (!finished) return;
    onFinished(order.id);
    refresh();
  }, [finished]); // eslint-disable-line react-hooks/exhaustive-deps

  const send = () => {
    const problem = deliveryProblem(files);
    if (problem) {
      showError(problem);
      return;
    }
    deliver.mutate(
      { orderId: order.id, files, message },
      {
        onSuccess: () => {
          haptic.notification('success');
          draft.clear();
        },
      },
    );
  };

  return (
    <article className={styles.order} aria-label={`Замовлення: ${order.taskTitle}`}>
      {draft.dialog}
      <div className={styles.orderInfo}>
        <h2 className={styles.orderTitle}>{order.taskTitle}</h2>
        <PropertyList
          items={[
            { label: 'Ім’я', value: order.user.username ? `@${order.user.username}` : 'Unknown' },
            { label: 'ID', value: order.user.telegramId },
            { label: 'Предмет', value: order.subjectName },
            { label: 'Викладач', value: order.teacherName },
            { label: 'Створено', value: formatDate(order.createdAt) },
            ...(order.deadlineAt
              ? [
                  {
                    label: 'Виконати до',
                    value: (
                      <span className={overdue ? styles.overdue : undefined} data-testid="order-deadline">
                        {formatDate(order.deadlineAt)}
                        {overdue && <span className={styles.overdueTag}>прострочено</span>}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <OrderArguments values={order.arguments} names={order.argumentNames} />
      </div>
      {order.revisions > 0 && order.revisionComment && (
        <div className={styles.revision}>
          <p className={styles.revisionLabel}>Доопрацювання №{order.revisions}: що змінити</p>
          <p>{order.revisionComment}</p>
        </div>
      )}
      <div className={styles.threadLink}>
        <ThreadButton orderId={order.id} unread={order.unread} />
      </div>
      {finished ? (
        <div className={styles.delivered} role="status">
          <CheckCircleIcon size={22} />
          <span>{finished}</span>
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
          <Button variant="plain" className={styles.cancel} disabled={sending} onClick={() => setCancelling(true)}>
            Скасувати замовлення
          </Button>
        </div>
      )}
      <CancelOrder
        order={order}
        buyer={who(order)}
        open={cancelling && !finished}
        sending={cancel.isPending}
        onClose={() => setCancelling(false)}
        onCancel={(reason) =>
          cancel.mutate(
            { orderId: order.id, reason },
            {
              onSuccess: () => {
                haptic.notification('success');
                setCancelling(false);
              },
            },
          )
        }
      />
    </article>
  );
}
