import type { ReactNode } from 'react';
import type { HistoryItem } from '@zalik/contract';
import { formatDate } from '../../lib/date';
import { FileCard, ThreadButton } from '../../ui';
import { STATUS_LABEL, heldLine, stateLine, type Viewer } from './orderState';
import styles from './history.module.css';

interface HistoryCardProps {
  item: HistoryItem;
  viewer: Viewer;
  /** The deadline has passed (the server's flag, or since the list was read). */
  overdue: boolean;
  /** What the reader may do with the order (the buyer's or an admin's buttons). */
  actions?: ReactNode;
}

/** One purchase: task, subject, state and its deadline, notes, a 'Скачати' per file, then the actions. */
export function HistoryCard({ item, viewer, overdue, actions }: HistoryCardProps) {
  const line = stateLine(item, viewer, overdue);
  const held = heldLine(item, viewer);
  const buyer = viewer === 'buyer';
  // A refunded order was not bought: its buyer no longer sees what was delivered; an admin does.
  const answer = !buyer || item.orderStatus !== 'REFUNDED';
  return (
    <article className={styles.card} aria-label={item.taskTitle}>
      <div className={styles.top}>
        <h2 className={styles.title}>{item.taskTitle}</h2>
        <span className={`${styles.status} ${styles[item.orderStatus]}`}>{STATUS_LABEL[item.orderStatus]}</span>
      </div>
      <p className={styles.meta}>{item.subjectName}</p>
      <time className={styles.time} dateTime={item.createdAt}>
        {formatDate(item.createdAt)}
      </time>
      {line && (
        <p className={`${styles.line} ${line.tone ? styles[line.tone] : ''}`} data-testid="order-state">
          {line.text}
        </p>
      )}
      {held && (
        <p className={styles.held} data-testid="order-held">
          {held}
        </p>
      )}
      {item.orderStatus === 'IN_PROGRESS' && item.revisionComment && (
        <Note label={buyer ? 'Ваш запит на доопрацювання' : 'Запит на доопрацювання'} text={item.revisionComment} />
      )}
      {item.disputeReason && (item.orderStatus === 'DISPUTED' || item.disputeOutcome) && <Note label="Причина спору" text={item.disputeReason} tone="danger" />}
      {item.cancelReason && <Note label="Причина скасування" text={item.cancelReason} />}
      {item.message && answer && <Note label="Повідомлення розробника" text={item.message} />}
      {item.files.length > 0 && answer && (
        <div className={styles.files}>
          {item.files.map((f) => (
            <FileCard key={f.link} fileName={f.fileName} link={f.link} action="Скачати" />
          ))}
        </div>
      )}
      {item.orderStatus === 'IN_PROGRESS' && !overdue && buyer && (
        <p className={styles.pending}>Розробник виконує замовлення. Файли з’являться тут і прийдуть у бот.</p>
      )}
      {/* Every order's conversation, an auto-generated one's too: its developer answers for the generated file. */}
      <div className={styles.thread}>
        <ThreadButton orderId={item.id} unread={item.unread} />
      </div>
      {actions}
    </article>
  );
}

function Note({ label, text, tone }: { label: string; text: string; tone?: 'danger' }) {
  return (
    <div className={`${styles.message} ${tone === 'danger' ? styles.dangerNote : ''}`}>
      <p className={styles.noteLabel}>{label}</p>
      <p>{text}</p>
    </div>
  );
}
