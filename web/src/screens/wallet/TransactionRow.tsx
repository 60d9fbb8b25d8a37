import type { Transaction } from '@zalik/contract';
import { formatDate } from '../../lib/date';
import { ArrowInIcon, ArrowOutIcon, Avatar, initialsOf } from '../../ui';
import { counterpartOf, isIncoming, SYSTEM_PARTY, keepCardTogether, signedAmount } from './format';
import styles from './wallet.module.css';

/**
 * One transaction: the avatar with the initials of the task or the system it was with (a small
 * arrow on it says in or out), what it was, when, and the signed amount.
 */
export function TransactionRow({ transaction: t }: { transaction: Transaction }) {
  const incoming = isIncoming(t);
  const party = counterpartOf(t.initials);
  return (
    <li className={styles.row}>
      <span className={styles.rowIcon} data-testid="tx-avatar">
        {party === SYSTEM_PARTY ? (
          <span className={styles.system} aria-hidden="true">
            {initialsOf(party)}
          </span>
        ) : (
          <Avatar photo="" name={party} size={36} />
        )}
        <span className={`${styles.direction} ${incoming ? styles.in : styles.out}`} aria-hidden="true">
          {incoming ? <ArrowInIcon size={12} /> : <ArrowOutIcon size={12} />}
        </span>
      </span>
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
