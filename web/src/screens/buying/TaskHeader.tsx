import { formatUah, type Task } from '@zalik/contract';
import { Link, RatingLine } from '../../ui';
import { paths } from '../../lib/paths';
import { DEFAULT_DEADLINE_HOURS, durationText } from './deadline';
import { usePayment } from './usePayment';
import styles from './buying.module.css';

/**
 * Title, subject, its author (a link to their profile) and rating, and what the purchase costs this user (the discounted price when there is a
 * discount, nothing for the task's developer or an admin);
 * for a manual task, how long the developer has after the payment.
 */
export function TaskHeader({ task }: { task: Task }) {
  const { price, free } = usePayment(task);
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{task.title}</h1>
      <p className={styles.subject}>{task.teacher.subject.name}</p>
      <p className={styles.byline}>
        <span>
          Розробник{' '}
          <Link className={styles.author} to={paths.author(task.developer.telegramId)}>
            {task.developer.username ? `@${task.developer.username}` : 'Unknown'}
          </Link>
        </span>
        <RatingLine rating={task.rating} />
      </p>
      <p className={styles.price}>
        <span className={styles.priceLabel}>Вартість</span>
        {(free || task.discount > 0) && <s className={styles.oldPrice}>{formatUah(task.price)}</s>}
        <strong>{formatUah(price)}</strong>
      </p>
      {!task.autoGenerate && (
        <p className={styles.deadline}>
          <span className={styles.priceLabel}>Строк виконання</span>
          <span>{durationText(task.deadlineHours ?? DEFAULT_DEADLINE_HOURS)} після оплати</span>
        </p>
      )}
    </header>
  );
}
