import { formatUah, type DeveloperOrder, type OrderStatus } from '@zalik/contract';
import { isNetworkError } from '../../api/network';
import { formatDate } from '../../lib/date';
import { loadingRegion, Badge, EmptyState, Link, LoadMore, Section, SkeletonText } from '../../ui';
import { paths } from '../../lib/paths';
import { COMPLETED_PAGE_SIZE, useCompletedOrders } from './api';
import styles from './dev-panel.module.css';
import { listError } from '../../lib/useLoadMore';

/** A completed order's state as the developer reads it (open orders are on the other tab). */
const STATE: Record<OrderStatus, string> = {
  IN_PROGRESS: 'В роботі',
  DELIVERED: 'Чекає на студента',
  DISPUTED: 'Спір',
  DONE: 'Оплачено',
  REFUNDED: 'Повернуто студенту',
};

/** What the order earned: paid, the price still held until the buyer or an admin decides, or nothing (refunded). */
function earnedText(o: DeveloperOrder): string {
  if (o.orderStatus === 'DONE') return `+${formatUah(o.earned)}`;
  if (o.orderStatus === 'REFUNDED') return formatUah(0);
  return formatUah(o.price);
}

function Row({ order: o }: { order: DeveloperOrder }) {
  const when = o.completedAt ?? o.deliveredAt ?? o.createdAt;
  return (
    <li className={styles.row} aria-label={o.taskTitle}>
      <span className={styles.rowBody}>
        {/* The whole row opens the order's thread (the link's box covers it). */}
        <Link to={paths.thread(o.id)} className={`${styles.rowTitle} ${styles.rowLink}`}>
          {o.taskTitle}
          <Badge count={o.unread} className={styles.rowBadge} />
        </Link>
        <span className={styles.rowMeta}>
          {o.subjectName} · {o.user.username ? `@${o.user.username}` : `ID ${o.user.telegramId}`}
        </span>
        <time className={styles.rowMeta} dateTime={when}>
          {formatDate(when)}
        </time>
      </span>
      <span className={styles.rowEnd}>
        <span className={`${styles.rowAmount} ${o.orderStatus === 'DONE' ? styles.earned : o.orderStatus === 'REFUNDED' ? styles.lost : styles.held}`}>
          {earnedText(o)}
        </span>
        <span className={`${styles.rowState} ${styles[o.orderStatus]}`}>{STATE[o.orderStatus]}</span>
      </span>
    </li>
  );
}

/** Placeholder rows built from Row's own classes, so the list does not jump when it arrives. */
function Skeletons({ count }: { count: number }) {
  return (
    <div {...loadingRegion()}>
      {Array.from({ length: count }, (_, i) => (
        <div className={styles.row} key={i}>
          <span className={styles.rowBody}>
            <span className={styles.rowTitle}>
              <SkeletonText width={`${70 - ((i * 17) % 30)}%`} />
            </span>
            <span className={styles.rowMeta}>
              <SkeletonText width="55%" />
            </span>
            <span className={styles.rowMeta}>
              <SkeletonText width="40%" />
            </span>
          </span>
          <span className={styles.rowEnd}>
            <span className={styles.rowAmount}>
              <SkeletonText width={64} />
            </span>
            <span className={styles.rowState}>
              <SkeletonText width={56} />
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}

/** The developer's delivered and closed orders, newest first: state, what each earned, when; a page at a time. */
export function CompletedOrders() {
  const query = useCompletedOrders();
  // Offline is said once, by the app's offline bar: the list keeps its placeholders.
  const failed = listError(query);
  if (query.isPending || (isNetworkError(failed))) {
    return (
      <Section>
        <Skeletons count={4} />
      </Section>
    );
  }
  if (failed) return <EmptyState text={failed.message} />;
  const rows = query.data?.pages.flat() ?? [];
  if (rows.length === 0) return <EmptyState text="Виконаних замовлень ще немає." />;
  return (
    <Section footer="Кошти за замовлення надходять на гаманець розробника, коли студент прийме роботу або мине час на перевірку.">
      <ul className={styles.rows} aria-label="Виконані замовлення">
        {rows.map((o) => (
          <Row key={o.id} order={o} />
        ))}
      </ul>
      <LoadMore pages={query} skeleton={<Skeletons count={Math.min(2, COMPLETED_PAGE_SIZE)} />} />
    </Section>
  );
}
