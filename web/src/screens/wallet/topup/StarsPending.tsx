import { formatUah, type DepositRequest } from '@zalik/contract';
import { MainAction, SheetFooter, Spinner, StarIcon, Stars } from '../../../ui';
import styles from './topup.module.css';

/**
 * Telegram's payment sheet as the app saw it: 'idle' before it opened (or after a reload),
 * 'open' while it shows, then how the client said it closed. Only a hint for the words on
 * screen: the request's server status alone says whether the money arrived.
 */
export type InvoiceState = 'idle' | 'open' | 'paid' | 'cancelled' | 'failed' | 'pending';

const HEADLINE: Record<InvoiceState, string> = {
  idle: 'Очікуємо оплату',
  open: 'Оплатіть рахунок у Telegram',
  paid: 'Зараховуємо оплату…',
  pending: 'Перевіряємо оплату…',
  cancelled: 'Оплату не завершено',
  failed: 'Оплата не вдалася',
};

interface StarsPendingProps {
  request: DepositRequest;
  invoice: InvoiceState;
  onOpen: () => void;
}

/** A Stars request waiting for Telegram: the price, what the client said, and the invoice to open again. */
export function StarsPending({ request, invoice, onOpen }: StarsPendingProps) {
  const waiting = invoice === 'open' || invoice === 'paid' || invoice === 'pending';
  const stopped = invoice === 'cancelled' || invoice === 'failed';
  return (
    <>
      <div className={styles.state} role="status">
        <span className={`${styles.stateIcon} ${styles.starsIcon}`} aria-hidden="true">
          <StarIcon size={34} />
        </span>
        <h3 className={styles.stateTitle}>{HEADLINE[invoice]}</h3>
        <p className={styles.stateAmount}>
          <Stars n={request.stars ?? 0} /> <span className={styles.stateFor}>за {formatUah(request.amount)}</span>
        </p>
        <p className={styles.stateText}>
          {stopped
            ? 'Зірки не списано. Відкрийте рахунок ще раз, коли будете готові.'
            : 'Баланс поповниться, щойно Telegram підтвердить платіж. Зазвичай це кілька секунд.'}
        </p>
        {waiting && (
          <p className={styles.waiting}>
            <Spinner size={16} /> Чекаємо на підтвердження
          </p>
        )}
      </div>
      {/* Nothing to tap while Telegram's sheet is up or the server is being asked. */}
      {invoice !== 'open' && invoice !== 'paid' && (
        <SheetFooter>
          <MainAction inline text="Відкрити рахунок" onAction={onOpen} />
        </SheetFooter>
      )}
    </>
  );
}
