import type { DepositOptions, DepositRequest } from '@zalik/contract';
import { EmptyState, MainAction, SheetFooter, Spinner } from '../../../ui';
import { useDepositRequest } from './api';
import { CardPending } from './CardPending';
import { Ended, Success } from './Outcome';
import { StarsPending, type InvoiceState } from './StarsPending';
import styles from './topup.module.css';

interface RequestStepProps {
  id: string;
  options: DepositOptions;
  invoice: InvoiceState;
  onOpenInvoice: (request: DepositRequest) => void;
  onRetry: () => void;
  onClose: () => void;
}

/**
 * The sheet after 'Оплатити': one deposit request followed by its server status (polled while
 * it waits), so a reload of `?request=` picks up where it was. PAID is success, EXPIRED or
 * REFUNDED an end with a retry; a bank payment an admin records by hand is not waited for.
 */
export function RequestStep({ id, options, invoice, onOpenInvoice, onRetry, onClose }: RequestStepProps) {
  const manual = !options.monobank.automatic;
  const query = useDepositRequest(id, manual);
  const request = query.data;

  if (!request) {
    return query.isError ? (
      <>
        <EmptyState text={query.error.message} animation={undefined} />
        <SheetFooter>
          <MainAction inline text="Спробувати ще раз" onAction={onRetry} />
        </SheetFooter>
      </>
    ) : (
      <div className={styles.loading} aria-busy="true">
        <Spinner size={28} />
      </div>
    );
  }
  if (request.status === 'PAID') return <Success request={request} onDone={onClose} />;
  if (request.provider === 'MONOBANK' && manual) return <CardPending request={request} manual onDone={onClose} />;
  if (request.status !== 'PENDING') return <Ended request={request} onRetry={onRetry} />;
  if (request.provider === 'TELEGRAM_STARS') return <StarsPending request={request} invoice={invoice} onOpen={() => onOpenInvoice(request)} />;
  return <CardPending request={request} manual={false} onDone={onClose} />;
}
