import type { Transaction } from '@zalik/contract';
import { formatDate } from '../../lib/date';
import { ArrowInIcon, ArrowOutIcon } from '../../ui';
import { isIncoming, keepCardTogether, signedAmount } from './format';
import styles from './wallet.module.css';

/** One transaction: what it was, when, and the signed amount. */
export function TransactionRow({ transaction: t }: { transaction: Transaction }) {
  const incoming = isIncoming(t);
  return (
    <li className={styles.row}>
      <span className={`${styles.rowIcon} ${incoming ? styles.in : styles.out}`}>{incoming ? <ArrowInIcon size={20} /> : <ArrowOutIcon size={20} />}</span>
      <span className={styles.rowBody}>
        <span className={styles.rowTitle}>{keepCardTogether(t.initials)}</span>
        <time className={styles.rowTime} dateTime={t.createdTimeStamp}>
          {formatDate(t.createdTimeStamp)}
        </time>
      </span>
      <span className={`${styles.rowAmount} ${incoming ? styles.amountIn : ''}`}>{signedAmount(t)}</span>
    </li>
  );
}
