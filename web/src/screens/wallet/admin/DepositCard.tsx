import { formatUah, type DepositRequest } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { Button, Stars } from '../../../ui';
import styles from './admin.module.css';
import { DEPOSIT_STATUS_LABEL, PROVIDER_LABEL, whoOf } from './labels';

interface DepositCardProps {
  request: DepositRequest;
  busy: boolean;
  /** Set for a paid Stars top-up: 'Повернути зірки'. */
  onRefund?: () => void;
}

/** A deposit request as admins see it: who, how much, how it is paid and where it stands. */
export function DepositCard({ request: r, busy, onRefund }: DepositCardProps) {
  const who = whoOf(r.user);
  const credited = r.credited !== null && r.credited !== r.amount ? r.credited : null;
  return (
    <article className={styles.card} aria-label={`Поповнення ${who} на ${formatUah(r.amount)}`}>
      <div className={styles.top}>
        <span className={styles.who}>{who}</span>
        <time className={styles.time} dateTime={r.createdAt}>
          {formatDate(r.createdAt)}
        </time>
      </div>
      <p className={styles.id}>
        Telegram ID {r.user.telegramId} · №{r.id}
      </p>
      <div className={styles.amountRow}>
        <span className={styles.amountBig}>{formatUah(r.amount)}</span>
        <span className={`${styles.badge} ${styles[`status${r.status}`] ?? ''}`}>{DEPOSIT_STATUS_LABEL[r.status]}</span>
      </div>
      <p className={styles.detail}>
        {PROVIDER_LABEL[r.provider]}
        {r.provider === 'TELEGRAM_STARS' ? (
          <>
            {' · '}
            <Stars n={r.stars ?? 0} />
          </>
        ) : (
          ` · код ${r.comment ?? ''}`
        )}
        {credited !== null && ` · зараховано ${formatUah(credited)}`}
        {r.paidAt && ` · оплачено ${formatDate(r.paidAt)}`}
      </p>
      {onRefund && (
        <div className={styles.buttonsOne}>
          <Button variant="destructive" disabled={busy} loading={busy} onClick={onRefund}>
            Повернути зірки
          </Button>
        </div>
      )}
    </article>
  );
}
