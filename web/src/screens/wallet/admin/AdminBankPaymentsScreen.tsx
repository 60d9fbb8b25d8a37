import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BANK_PAYMENT_STATUSES, MSG, formatUah, type BankPayment } from '@zalik/contract';
import { RequireRole } from '../../../lib/RequireRole';
import { haptic } from '../../../telegram/sdk';
import { loadingRegion, ConfirmDialog, EmptyState, LoadMore, Page, SkeletonBar, Tabs, useToast } from '../../../ui';
import { useBankPayments, useCreditBankPayment } from './api';
import styles from './admin.module.css';
import { BankPaymentCard } from './BankPaymentCard';
import { creditableByHand } from './labels';
import { listError } from '../../../lib/useLoadMore';

type Status = BankPayment['status'];
const TAB_LABEL: Record<Status, string> = { UNMATCHED: 'Без коду', MATCHED: 'За кодом', CREDITED: 'Зараховані' };
const TABS = BANK_PAYMENT_STATUSES.map((value) => ({ value, label: TAB_LABEL[value] }));

interface Pending {
  payment: BankPayment;
  userTelegramId: string;
}

/**
 * /settings/admin-panel/bank-payments (admins; lazy chunk): transfers into the jar whose comment
 * named no top-up code. The admin finds whose money it is and credits it (once) to that user.
 */
export default function AdminBankPaymentsScreen() {
  return (
    <RequireRole role="admin">
      <AdminBankPayments />
    </RequireRole>
  );
}

/** Placeholder cards, as tall as a payment's card, while the list or its next page comes. */
function Skeletons({ count }: { count: number }) {
  return (
    <div className={styles.list} {...loadingRegion()}>
      {Array.from({ length: count }, (_, i) => (
        <div className={styles.card} key={i}>
          <SkeletonBar width="40%" height={22} />
          <SkeletonBar width="70%" height={14} />
          <SkeletonBar width="100%" height={44} />
        </div>
      ))}
    </div>
  );
}

function AdminBankPayments() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const status: Status = (BANK_PAYMENT_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as Status) : 'UNMATCHED';
  const list = useBankPayments(status);
  const credit = useCreditBankPayment();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [toast, showToast] = useToast();
  const rows = list.data?.pages.flat() ?? [];

  const body = () => {
    if (list.isPending) return <Skeletons count={2} />;
    const failed = listError(list);
    if (failed) return <EmptyState text={failed.message} />;
    if (rows.length === 0) return <EmptyState text={status === 'UNMATCHED' ? 'Усі платежі зараховано' : 'Платежів немає'} />;
    return (
      <div className={styles.list}>
        {rows.map((p) => (
          <BankPaymentCard
            key={p.id}
            payment={p}
            busy={credit.isPending && credit.variables?.id === p.id}
            onCredit={creditableByHand(p) ? (userTelegramId) => setConfirming({ payment: p, userTelegramId }) : undefined}
          />
        ))}
        <LoadMore pages={list} skeleton={<Skeletons count={1} />} />
      </div>
    );
  };

  return (
    <Page title="Платежі на банку" subtitle="Перекази без коду поповнення в коментарі: знайдіть, чиї це гроші, і зарахуйте їх.">
      {toast}
      <Tabs label="Платежі" items={TABS} value={status} onChange={(v) => setSearch(v === 'UNMATCHED' ? {} : { status: v }, { replace: true })} />
      {body()}
      <ConfirmDialog
        open={confirming !== null}
        title="Зарахувати платіж?"
        question={confirming ? `${formatUah(confirming.payment.amount)} на загальний гаманець користувача ${confirming.userTelegramId}.` : undefined}
        text="Платіж зараховується лише один раз: перевірте Telegram ID."
        confirmLabel={confirming ? `Зарахувати ${formatUah(confirming.payment.amount)}` : 'Зарахувати'}
        destructive={false}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const c = confirming;
          setConfirming(null);
          if (c)
            credit.mutate(
              { id: c.payment.id, userTelegramId: c.userTelegramId },
              {
                onSuccess: () => {
                  haptic.notification('success');
                  showToast(MSG.bankPaymentCredited);
                },
              },
            );
        }}
      />
    </Page>
  );
}
