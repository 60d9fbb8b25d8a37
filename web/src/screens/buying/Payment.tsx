import { useNavigate } from 'react-router';
import { MSG, formatUah } from '@zalik/contract';
import { Button, PlusIcon, SkeletonBar } from '../../ui';
import type { PaymentState } from './usePayment';
import styles from './buying.module.css';
import { paths } from '../../lib/paths';

/** Why a developer or an admin pays nothing (the server records such an order as a free take). */
export const FREE_TAKE_NOTE = 'Ви розробник цього завдання або адміністратор: завдання видається без оплати, гроші не списуються.';

/**
 * The main action's text: what the tap will spend ('Відправити · 120 грн'), the same price the
 * payment block shows from the server's task (price and discount); a free take spends nothing.
 */
export const sendLabel = (payment: PaymentState): string => (payment.price > 0 && !payment.free ? MSG.sendFor(formatUah(payment.price)) : 'Відправити');

/**
 * What paying will do, before the tap: the balance and the price; when the balance is short,
 * how much is missing and a way to top up right there.
 */
export function Payment({ payment }: { payment: PaymentState }) {
  const navigate = useNavigate();
  const { price, free, balance, missing } = payment;
  return (
    <section className={styles.payment} aria-label="Оплата">
        <p className={styles.paymentLine}>
          <span>Баланс</span>
          {balance === undefined ? <SkeletonBar width={70} height={16} /> : <span data-testid="buying-balance">{formatUah(balance)}</span>}
        </p>
        <p className={styles.paymentLine}>
          <span>До сплати</span>
          <strong>{formatUah(price)}</strong>
        </p>
        {free && <p className={styles.freeNote}>{FREE_TAKE_NOTE}</p>}
        {missing > 0 && (
          <div className={styles.short} role="status">
            <p className={styles.shortText}>Недостатньо коштів: бракує {formatUah(missing)}.</p>
            <Button size="small" onClick={() => navigate(paths.wallet.deposit)}>
              <PlusIcon size={18} />
              Поповнити
            </Button>
          </div>
        )}
    </section>
  );
}
