import { formatUah, type RateAnswer, type WithdrawQueueItem } from '@zalik/contract';
import { usdLine } from '../payouts/details';
import { formatDate } from '../../../lib/date';
import { Button } from '../../../ui';
import { groupCard } from '../format';
import styles from './admin.module.css';

interface WithdrawalCardProps {
  request: WithdrawQueueItem;
  busy: boolean;
  /** Monobank's dollar rate, for a crypto payout's USDT equivalent (absent while unknown). */
  usdRate?: RateAnswer;
  onPaid: () => void;
  onReject: () => void;
}

/** A pending payout as the admin pays it by hand: who, the full card or address, the sums and the deadline. */
export function WithdrawalCard({ request: w, busy, usdRate, onPaid, onReject }: WithdrawalCardProps) {
  const u = w.source.user;
  const who = u.username ? `@${u.username}` : `ID ${u.telegramId}`;
  const card = w.source.paymentDetailsType === 'BANK_CARD';
  return (
    <article className={styles.card} aria-label={`Заявка ${who} на ${formatUah(w.amount)}`}>
      <div className={styles.top}>
        <span className={styles.who}>{who}</span>
        <time className={styles.time} dateTime={w.createdAt}>
          {formatDate(w.createdAt)}
        </time>
      </div>
      <p className={styles.id}>
        Telegram ID {u.telegramId} · {card ? 'банківська картка' : 'криптогаманець'}
      </p>
      <p className={card ? styles.cardNumber : styles.address} aria-label={card ? 'Номер картки' : 'Адреса гаманця'}>
        {card ? groupCard(w.source.paymentDetails) : w.source.paymentDetails}
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
      {!card && usdRate && <p className={styles.id}>{usdLine(w.payout, usdRate)}</p>}
      {w.deadlineAt && <p className={styles.id}>Відхилиться автоматично {formatDate(w.deadlineAt)}</p>}
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
