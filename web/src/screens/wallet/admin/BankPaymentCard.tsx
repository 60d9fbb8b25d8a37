import { useState } from 'react';
import { MSG, formatUah, type BankPayment } from '@zalik/contract';
import { formatDate } from '../../../lib/date';
import { Button, Input } from '../../../ui';
import styles from './admin.module.css';
import { BANK_HOLD_LABEL, BANK_STATUS_LABEL, whoOf } from './labels';

interface BankPaymentCardProps {
  payment: BankPayment;
  busy: boolean;
  /** Set for an unmatched payment: the admin names the user it belongs to. */
  onCredit?: (userTelegramId: string) => void;
}

const TELEGRAM_ID = /^[1-9]\d{0,15}$/;

/** An item of the jar's statement: the money, its comment, and for an unmatched one the form to credit it. */
export function BankPaymentCard({ payment: p, busy, onCredit }: BankPaymentCardProps) {
  const [userId, setUserId] = useState('');
  const [tried, setTried] = useState(false);
  const id = userId.trim();
  const invalid = !TELEGRAM_ID.test(id);

  return (
    <article className={styles.card} aria-label={`Платіж ${formatUah(p.amount)} від ${formatDate(p.occurredAt)}`}>
      <div className={styles.top}>
        <span className={styles.amountBig}>{p.hold === 'QUARANTINED' && p.amount === 0 ? 'Сума невідома' : formatUah(p.amount)}</span>
        <time className={styles.time} dateTime={p.occurredAt}>
          {formatDate(p.occurredAt)}
        </time>
      </div>
      <p className={styles.comment}>{p.comment ? `«${p.comment}»` : 'Без коментаря'}</p>
      {p.description && <p className={styles.id}>{p.description}</p>}
      <p className={styles.detail}>
        <span className={styles.badge}>{BANK_STATUS_LABEL[p.status]}</span>
        {p.creditedTo && ` ${whoOf(p.creditedTo)} · ID ${p.creditedTo.telegramId}`}
        {p.depositRequestId && ` поповнення №${p.depositRequestId}`}
        {p.hold && (
          <>
            {' '}
            <span className={styles.badge}>{BANK_HOLD_LABEL[p.hold]}</span>
          </>
        )}
      </p>
      {p.hold === 'FOREIGN_CURRENCY' && (
        <p className={styles.detail}>Валюта платежу: код {p.currencyCode}. Перерахуйте суму й зарахуйте її поповненням вручну.</p>
      )}
      {p.hold === 'SEVERAL_CODES' && <p className={styles.detail}>У коментарі кілька кодів поповнення: зарахуйте платіж тому, чий він.</p>}
      {p.hold === 'QUARANTINED' && (
        <>
          <p className={styles.detail}>Банк надіслав запис, який не вдалося зберегти. Перевірте його й зарахуйте поповненням вручну.</p>
          {p.raw && <p className={styles.id} data-testid="bank-raw">{p.raw}</p>}
        </>
      )}
      {onCredit && (
        <form
          className={styles.creditForm}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (!invalid) onCredit(id);
          }}
        >
          <Input
            label="Telegram ID користувача"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Наприклад, 100001"
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            error={tried && invalid ? MSG.telegramIdInvalid : undefined}
          />
          <Button type="submit" loading={busy}>
            Зарахувати
          </Button>
        </form>
      )}
    </article>
  );
}
