import type { UseQueryResult } from '@tanstack/react-query';
import { formatUah, type Withdrawal } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { Section } from '../../../ui';
import { RowSkeletons } from '../RowSkeletons';
import { WITHDRAWAL_STATUS_LABEL, keepCardTogether } from '../format';
import { destination } from '../payouts/details';
import styles from '../wallet.module.css';

/** What a request's row says under its sums: when it is decided by, or why it was rejected. */
function stateLine(w: Withdrawal): string | null {
  if (w.status === 'PENDING' && w.deadlineAt) return `Розглянуть до ${formatDate(w.deadlineAt)}`;
  if (w.status === 'REJECTED') return w.reason ? `Причина: ${w.reason}` : 'Кошти повернено на гаманець';
  return null;
}

/** The developer's own withdraw requests, newest first, with where each one stands. */
export function MyWithdrawals({ list }: { list: UseQueryResult<Withdrawal[], Error> }) {
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
        {list.data.map((w) => {
          const line = stateLine(w);
          return (
            <li key={w.id} className={`${styles.row} ${styles.plainRow}`} aria-label={`Заявка на ${formatUah(w.amount)}`}>
              <span className={styles.rowBody}>
                <span className={styles.rowTitle}>
                  {formatUah(w.amount)} · {destination(w.paymentDetailsType, keepCardTogether(w.cardNumber))}
                </span>
                <span className={styles.rowTime}>До виплати: {formatUah(w.payout)}</span>
                <time className={styles.rowTime} dateTime={w.createdAt}>
                  {formatDate(w.createdAt)}
                </time>
                {line && <span className={w.status === 'REJECTED' ? styles.reason : styles.rowTime}>{line}</span>}
              </span>
              <span className={`${styles.status} ${styles[w.status]}`}>{WITHDRAWAL_STATUS_LABEL[w.status]}</span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
