import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { DepositRequest } from '@zalik/contract';
import { qkDeposits } from '../../../api/depositKeys';
import { paths } from '../../../lib/paths';
import { openInvoice } from '../../../telegram/invoice';
import { loadingRegion, BottomSheet, EmptyState, SkeletonBar } from '../../../ui';
import { useDepositOptions } from './api';
import { ChooseStep, initialDraft, type Draft } from './ChooseStep';
import { RequestStep } from './RequestStep';
import type { InvoiceState } from './StarsPending';
import styles from './topup.module.css';

/** The deposit request the sheet follows: in the address, so a reload keeps watching it. */
const REQUEST_PARAM = 'request';

/**
 * /wallet/deposit (a child route of the wallet, lazy chunk): the top-up sheet over the wallet.
 * First the amount and the method, then the deposit request it made (`?request=`, replacing the
 * entry, so Telegram's back button and the close button both return to the wallet): a Stars
 * invoice opened through Telegram, or the bank jar with a code, until the server says PAID,
 * EXPIRED or REFUNDED.
 */
export default function TopUpSheet() {
  const [search] = useSearchParams();
  const requestId = search.get(REQUEST_PARAM);
  const navigate = useNavigate();
  const qc = useQueryClient();
  // As Telegram's back button: back where the sheet was opened from, else the wallet under it.
  const close = useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.wallet.root, { replace: true });
  }, [navigate]);
  const options = useDepositOptions();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [invoice, setInvoice] = useState<InvoiceState>('idle');

  const openStars = useCallback(
    async (request: DepositRequest) => {
      setInvoice('open');
      const outcome = await openInvoice(request.paymentLink);
      setInvoice(outcome);
      // Whatever the client says, the server is asked at once: it alone knows what was charged.
      void qc.invalidateQueries({ queryKey: qkDeposits.one(request.id) });
    },
    [qc],
  );

  const created = (request: DepositRequest) => {
    navigate({ pathname: paths.wallet.deposit, search: `?${REQUEST_PARAM}=${encodeURIComponent(request.id)}` }, { replace: true });
    if (request.provider === 'TELEGRAM_STARS') void openStars(request);
  };

  const retry = () => {
    setInvoice('idle');
    navigate(paths.wallet.deposit, { replace: true });
  };

  const body = () => {
    if (!options.data) {
      return options.isError ? (
        <EmptyState text={options.error.message} animation={undefined} />
      ) : (
        <div className={styles.skeleton} {...loadingRegion()}>
          <SkeletonBar width="100%" height={44} />
          <SkeletonBar width="100%" height={128} />
        </div>
      );
    }
    if (requestId) {
      return <RequestStep id={requestId} options={options.data} invoice={invoice} onOpenInvoice={(r) => void openStars(r)} onRetry={retry} onClose={close} />;
    }
    return <ChooseStep options={options.data} draft={draft ?? initialDraft(options.data)} onDraft={setDraft} onCreated={created} />;
  };

  return (
    <BottomSheet title="Поповнення гаманця" onClose={close} testId="topup-sheet">
      {body()}
    </BottomSheet>
  );
}
