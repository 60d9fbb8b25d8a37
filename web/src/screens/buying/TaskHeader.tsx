import { formatUah, type Task } from '@zalik/contract';
import { priceOf } from './price';
import styles from './buying.module.css';

/** Title, subject and what the purchase costs (the discounted price when there is a discount). */
export function TaskHeader({ task }: { task: Task }) {
  const price = priceOf(task);
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{task.title}</h1>
      <p className={styles.subject}>{task.teacher.subject.name}</p>
      <p className={styles.price}>
        <span className={styles.priceLabel}>Вартість</span>
        {task.discount > 0 && <s className={styles.oldPrice}>{formatUah(task.price)}</s>}
        <strong>{formatUah(price)}</strong>
      </p>
    </header>
  );
}
