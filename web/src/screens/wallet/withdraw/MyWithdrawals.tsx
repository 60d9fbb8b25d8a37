import { formatUah } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { Section } from '../../../ui';
import { RowSkeletons } from '../RowSkeletons';
import { useMyWithdrawals } from '../api';
import { WITHDRAWAL_STATUS_LABEL, keepCardTogether } from '../format';
import styles from '../wallet.module.css';

/** The developer's own withdraw requests, newest first, with where each one stands. */
export function MyWithdrawals() {
  const list = useMyWithdrawals();
  const header = 'Мої заявки';
  if (list.isPending) {
    return (
      <Section header={header}>
        <RowSkeletons count={2} kind="withdrawal" />
      </Section>
    );
  }
  if (list.isError || list.data.length === 0) {
    return (
      <Section header={header}>
        <p className={styles.empty}>{list.isError ? list.error.message : 'Заявок на виведення ще немає'}</p>
      </Section>
    );
  }
  return (
    <Section header={header}>
      <ul className={styles.list} aria-label={header}>
        {list.data.map((w) => (
          <li key={w.id} className={`${styles.row} ${styles.plainRow}`} aria-label={`Заявка на ${formatUah(w.amount)}`}>
            <span className={styles.rowBody}>
              <span className={styles.rowTitle}>
                {formatUah(w.amount)} · картка {keepCardTogether(w.cardNumber)}
              </span>
              <span className={styles.rowTime}>На картку: {formatUah(w.payout)}</span>
              <time className={styles.rowTime} dateTime={w.createdAt}>
                {formatDate(w.createdAt)}
              </time>
            </span>
            <span className={`${styles.status} ${styles[w.status]}`}>{WITHDRAWAL_STATUS_LABEL[w.status]}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
