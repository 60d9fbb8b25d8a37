import { formatUah, type Withdrawal } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { Button } from '../../../ui';
import { groupCard } from '../format';
import styles from './admin.module.css';

interface WithdrawalCardProps {
  request: Withdrawal;
  busy: boolean;
  onPaid: () => void;
  onReject: () => void;
}

/** A pending payout as the admin pays it by hand: who, the full card number, and the sums. */
export function WithdrawalCard({ request: w, busy, onPaid, onReject }: WithdrawalCardProps) {
  const who = w.user.username ? `@${w.user.username}` : 'Unknown';
  return (
    <article className={styles.card} aria-label={`Заявка ${who} на ${formatUah(w.amount)}`}>
      <div className={styles.top}>
        <span className={styles.who}>{who}</span>
        <time className={styles.time} dateTime={w.createdAt}>
          {formatDate(w.createdAt)}
        </time>
      </div>
      <p className={styles.id}>Telegram ID {w.user.telegramId}</p>
      <p className={styles.cardNumber} aria-label="Номер картки">
        {groupCard(w.cardNumber)}
      </p>
      <dl className={styles.sums}>
        <div>
          <dt>Сума</dt>
          <dd>{formatUah(w.amount)}</dd>
        </div>
        <div>
          <dt>Комісія</dt>
          <dd>{formatUah(w.fee)}</dd>
        </div>
        <div>
          <dt>До виплати</dt>
          <dd className={styles.payout}>{formatUah(w.payout)}</dd>
        </div>
      </dl>
      <div className={styles.buttons}>
        <Button variant="destructive" disabled={busy} onClick={onReject}>
          Відхилити
        </Button>
        <Button disabled={busy} onClick={onPaid}>
          Виплачено
        </Button>
      </div>
    </article>
  );
}
