import type { HistoryItem, OrderStatus } from '@zalik/contract';
import { formatDate } from '../../lib/date';
import { Button, FileCard } from '../../ui';
import styles from './history.module.css';

export const STATUS_LABEL: Record<OrderStatus, string> = {
  IN_PROGRESS: 'В роботі',
  DELIVERED: 'Очікує перевірки',
  DISPUTED: 'Спір',
  DONE: 'Виконано',
  REFUNDED: 'Кошти повернуто',
};

interface HistoryCardProps {
  item: HistoryItem;
  /** Admin view: an order still in progress can be refunded. */
  onRefund?: (item: HistoryItem) => void;
  refunding?: boolean;
}

/** One purchase: task, subject, status, time, the developer's note and a 'Скачати' per file. */
export function HistoryCard({ item, onRefund, refunding }: HistoryCardProps) {
  return (
    <article className={styles.card} aria-label={item.taskTitle}>
      <div className={styles.top}>
        <h2 className={styles.title}>{item.taskTitle}</h2>
        <span className={`${styles.status} ${styles[item.status]}`}>{STATUS_LABEL[item.status]}</span>
      </div>
      <p className={styles.meta}>{item.subjectName}</p>
      <time className={styles.time} dateTime={item.createdAt}>
        {formatDate(item.createdAt)}
      </time>
      {item.message && <p className={styles.message}>{item.message}</p>}
      {item.files.length > 0 && (
        <div className={styles.files}>
          {item.files.map((f) => (
            <FileCard key={f.link} fileName={f.fileName} link={f.link} action="Скачати" />
          ))}
        </div>
      )}
      {item.status === 'IN_PROGRESS' && !onRefund && (
        <p className={styles.pending}>Розробник виконує замовлення. Файли з’являться тут і прийдуть у бот.</p>
      )}
      {item.status === 'IN_PROGRESS' && onRefund && (
        <Button variant="destructive" size="small" loading={refunding} onClick={() => onRefund(item)}>
          Повернути кошти
        </Button>
      )}
    </article>
  );
}
