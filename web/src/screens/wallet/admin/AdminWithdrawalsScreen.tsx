import { useState } from 'react';
import { formatUah, type Withdrawal } from '@zalik/contract';
import { RequireRole } from '../../../lib/RequireRole';
import { haptic } from '../../../telegram/sdk';
import { ConfirmDialog, EmptyState, Page, SkeletonBar } from '../../../ui';
import { groupCard } from '../format';
import { useResolveWithdrawal, useWithdrawals } from './api';
import styles from './admin.module.css';
import { WithdrawalCard } from './WithdrawalCard';

interface Pending {
  request: Withdrawal;
  status: 'PAID' | 'REJECTED';
}

function confirmText({ request: w, status }: Pending): string {
  return status === 'PAID'
    ? `Підтвердіть, що ви вже переказали ${formatUah(w.payout)} на картку ${groupCard(w.cardNumber)}. Заявку буде закрито.`
    : `Заявку буде відхилено, а ${formatUah(w.amount)} повернуться на гаманець розробника.`;
}

function Skeletons() {
  return (
    <div className={styles.list} aria-busy="true" aria-label="Завантаження">
      {[0, 1].map((i) => (
        <div className={styles.card} key={i}>
          <SkeletonBar width="45%" height={16} />
          <SkeletonBar width="30%" height={12} />
          <SkeletonBar width="80%" height={40} />
          <SkeletonBar width="100%" height={36} />
        </div>
      ))}
    </div>
  );
}

/** /settings/admin-panel/withdrawals (admins; lazy chunk): pending payouts to pay by hand, then mark paid or reject. */
export default function AdminWithdrawalsScreen() {
  return (
    <RequireRole role="admin">
      <AdminWithdrawals />
    </RequireRole>
  );
}

function AdminWithdrawals() {
  const list = useWithdrawals('PENDING');
  const resolve = useResolveWithdrawal();
  const [confirming, setConfirming] = useState<Pending | null>(null);

  const body = () => {
    if (list.isPending) return <Skeletons />;
    if (list.isError) return <EmptyState text={list.error.message} />;
    if (list.data.length === 0) return <EmptyState text="Нових заявок на виведення немає" />;
    return (
      <div className={styles.list}>
        {list.data.map((w) => (
          <WithdrawalCard
            key={w.id}
            request={w}
            busy={resolve.isPending && resolve.variables?.id === w.id}
            onPaid={() => setConfirming({ request: w, status: 'PAID' })}
            onReject={() => setConfirming({ request: w, status: 'REJECTED' })}
          />
        ))}
      </div>
    );
  };

  return (
    <Page title="Заявки на виведення" subtitle="Переказуйте суму «До виплати» на картку розробника, потім позначайте заявку.">
      {body()}
      <ConfirmDialog
        open={confirming !== null}
        text={confirming ? confirmText(confirming) : undefined}
        destructive={confirming?.status === 'REJECTED'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const c = confirming;
          setConfirming(null);
          if (c) resolve.mutate({ id: c.request.id, status: c.status }, { onSuccess: () => haptic.notification('success') });
        }}
      />
    </Page>
  );
}
