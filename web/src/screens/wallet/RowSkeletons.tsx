import { loadingRegion, SkeletonCircle, SkeletonText } from '../../ui';
import styles from './wallet.module.css';

/**
 * Placeholder rows of this area's lists, built from the real rows' own classes: each is exactly
 * as tall as a transaction (TransactionRow) or a withdraw request (MyWithdrawals) whose title
 * fits one line, so the list does not jump when the data arrives.
 */
export function RowSkeletons({ count, kind }: { count: number; kind: 'transaction' | 'withdrawal' }) {
  const transaction = kind === 'transaction';
  return (
    <div className={styles.pending} {...loadingRegion()}>
      {Array.from({ length: count }, (_, i) => (
        <div className={transaction ? styles.row : `${styles.row} ${styles.plainRow}`} key={i}>
          {transaction && (
            <span className={styles.rowIcon}>
              <SkeletonCircle size={36} />
            </span>
          )}
          <span className={styles.rowBody}>
            <span className={styles.rowTitle}>
              <SkeletonText width={`${70 - ((i * 17) % 30)}%`} />
            </span>
            <span className={styles.rowTime}>
              <SkeletonText width="45%" />
            </span>
            {!transaction && (
              <span className={styles.rowTime}>
                <SkeletonText width="55%" />
              </span>
            )}
          </span>
          <span className={transaction ? styles.rowAmount : styles.status}>
            <SkeletonText width={transaction ? 72 : 56} />
          </span>
        </div>
      ))}
    </div>
  );
}
