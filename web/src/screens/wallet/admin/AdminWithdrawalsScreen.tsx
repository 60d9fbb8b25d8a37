import { useState } from 'react';
import { MSG, WITHDRAW_REASON_MAX, formatUah, type WithdrawQueueItem } from '@zalik/contract';
import { RequireRole } from '../../../lib/RequireRole';
import { haptic } from '../../../telegram/sdk';
import { loadingRegion, ConfirmDialog, EmptyState, FormSheet, Page, SkeletonBar, TextArea } from '../../../ui';
import { groupCard } from '../format';
import { useConfirmWithdraw, useWithdrawQueue } from './api';
import styles from './admin.module.css';
import { WithdrawalCard } from './WithdrawalCard';
import { useRate } from '../payouts/api';
import { UAH, USD } from '../payouts/details';

function Skeletons() {
  return (
    <div className={styles.list} {...loadingRegion()}>
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

const whereTo = (w: WithdrawQueueItem) =>
  w.source.paymentDetailsType === 'BANK_CARD' ? `на картку ${groupCard(w.source.paymentDetails)}` : `на гаманець ${w.source.paymentDetails}`;

/** /settings/admin-panel/withdrawals (admins; lazy chunk): the payout queue, oldest first: pay by hand, then mark paid, or reject with a reason. */
export default function AdminWithdrawalsScreen() {
  return (
    <RequireRole role="admin">
      <AdminWithdrawals />
    </RequireRole>
  );
}

function AdminWithdrawals() {
  const list = useWithdrawQueue();
  const confirm = useConfirmWithdraw();
  const usd = useRate(USD, UAH, Boolean(list.data?.some((w) => w.source.paymentDetailsType === 'CRYPTO')));
  const [paying, setPaying] = useState<WithdrawQueueItem | null>(null);
  const [rejecting, setRejecting] = useState<WithdrawQueueItem | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const reject = () => {
    const text = reason.trim();
    if (!rejecting) return;
    if (text === '' || text.length > WITHDRAW_REASON_MAX) {
      setReasonError(MSG.withdrawRejectReason);
      return;
    }
    confirm.mutate(
      { transactionId: rejecting.id, status: 'FAILED', errorMessage: text },
      {
        onSuccess: () => {
          haptic.notification('success');
          setRejecting(null);
        },
      },
    );
  };

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
            busy={confirm.isPending && confirm.variables?.transactionId === w.id}
            usdRate={usd.data}
            onPaid={() => setPaying(w)}
            onReject={() => {
              setReason('');
              setReasonError(undefined);
              setRejecting(w);
            }}
          />
        ))}
      </div>
    );
  };

  return (
    <Page title="Заявки на виведення" subtitle="Найстаріші зверху. Переказуйте суму «До виплати», потім позначайте заявку.">
      {body()}
      <ConfirmDialog
        open={paying !== null}
        destructive={false}
        text={paying ? `Підтвердіть, що ви вже переказали ${formatUah(paying.payout)} ${whereTo(paying)}. Заявку буде закрито.` : undefined}
        onCancel={() => setPaying(null)}
        onConfirm={() => {
          const w = paying;
          setPaying(null);
          if (w) confirm.mutate({ transactionId: w.id, status: 'SUCCESS' }, { onSuccess: () => haptic.notification('success') });
        }}
      />
      <FormSheet
        open={rejecting !== null}
        title="Відхилити заявку"
        description={rejecting ? `${formatUah(rejecting.amount)} повернуться на гаманець розробника. Причину він побачить у застосунку й у повідомленні бота.` : undefined}
        submitText="Відхилити заявку"
        destructive
        sending={confirm.isPending}
        onSubmit={reject}
        onClose={() => setRejecting(null)}
      >
        <TextArea
          label="Причина"
          placeholder="Наприклад: картку заблоковано, збережіть іншу"
          rows={3}
          maxLength={WITHDRAW_REASON_MAX}
          value={reason}
          error={reasonError}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
        />
      </FormSheet>
    </Page>
  );
}
