import { useState } from 'react';
import { MSG, type HistoryItem } from '@zalik/contract';
import { haptic } from '../../telegram/sdk';
import { ConfirmDialog, EmptyState, SkeletonBar } from '../../ui';
import { useRefundOrder, useUserHistory } from './api';
import { HistoryCard } from './HistoryCard';
import styles from './history.module.css';

interface HistoryListProps {
  telegramId: string;
  /** Admin view: offer a refund for orders still in progress. */
  refundable?: boolean;
}

function Skeletons() {
  return (
    <div className={styles.list} aria-busy="true" aria-label="Завантаження">
      {[0, 1, 2].map((i) => (
        <div className={styles.card} key={i}>
          <SkeletonBar width={`${70 - i * 12}%`} height={16} />
          <SkeletonBar width="40%" height={12} />
          <SkeletonBar width="55%" height={12} />
        </div>
      ))}
    </div>
  );
}

/** A user's purchases (reused by the admin's user profile). */
export function HistoryList({ telegramId, refundable }: HistoryListProps) {
  const history = useUserHistory(telegramId);
  const refund = useRefundOrder(telegramId);
  const [confirming, setConfirming] = useState<HistoryItem | null>(null);

  if (history.isPending) return <Skeletons />;
  if (history.isError) return <EmptyState text={history.error.message} />;
  if (history.data.length === 0) return <EmptyState text={MSG.emptyHistory} />;

  return (
    <>
      <div className={styles.list}>
        {history.data.map((item) => (
          <HistoryCard
            key={item.id}
            item={item}
            onRefund={refundable ? setConfirming : undefined}
            refunding={refund.isPending && refund.variables === item.id}
          />
        ))}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        text={confirming ? `Кошти за «${confirming.taskTitle}» повернуться покупцю, а замовлення буде скасоване.` : undefined}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const item = confirming;
          setConfirming(null);
          if (item) refund.mutate(item.id, { onSuccess: () => haptic.notification('success') });
        }}
      />
    </>
  );
}
