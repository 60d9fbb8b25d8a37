import { useState, type ReactNode } from 'react';
import { MSG, type HistoryItem, type HistoryType } from '@zalik/contract';
import { usePassed } from '../../lib/usePassed';
import { loadingRegion, EmptyState, SkeletonBar, Tabs, useToast } from '../../ui';
import { useUserHistory } from './api';
import { HistoryCard } from './HistoryCard';
import type { Viewer } from './orderState';
import styles from './history.module.css';

/** What a card's actions get: the order, whether it is overdue now, and the list's toast. */
export interface ActionsProps {
  item: HistoryItem;
  overdue: boolean;
  telegramId: string;
  notify: (text: string) => void;
}

interface HistoryListProps {
  telegramId: string;
  viewer: Viewer;
  /** The buyer's or an admin's buttons under each card (each its own chunk's component). */
  Actions?: (props: ActionsProps) => ReactNode;
}

function Skeletons() {
  return (
    <div className={styles.list} {...loadingRegion()}>
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

/** The history's filter: every purchase, auto-generated files, or the developers' work. */
const FILTERS: { value: HistoryType; label: string }[] = [
  { value: 'ALL', label: 'Усі' },
  { value: 'AUTOGENERATE', label: 'Автогенерація' },
  { value: 'REGULAR', label: 'Від розробника' },
];

/** A user's purchases: the buyer's own, or a user's as an admin sees them, filtered by kind. */
export function HistoryList({ telegramId, viewer, Actions }: HistoryListProps) {
  const [type, setType] = useState<HistoryType>('ALL');
  const history = useUserHistory(telegramId, type);
  const [toast, notify] = useToast();

  let body: ReactNode;
  if (history.isPending) body = <Skeletons />;
  else if (history.isError) body = <EmptyState text={history.error.message} />;
  else if (history.data.length === 0) body = <EmptyState text={type === 'ALL' ? MSG.emptyHistory : MSG.emptyHistoryOfType} />;
  else {
    body = (
      <div className={styles.list}>
        {history.data.map((item) => (
          <Order key={item.id} item={item} viewer={viewer} telegramId={telegramId} notify={notify} Actions={Actions} />
        ))}
      </div>
    );
  }
  return (
    <>
      <Tabs label="Які покупки показати" variant="chips" items={FILTERS} value={type} onChange={setType} />
      {body}
      {toast}
    </>
  );
}

function Order({ item, viewer, telegramId, notify, Actions }: Omit<ActionsProps, 'overdue'> & Pick<HistoryListProps, 'viewer' | 'Actions'>) {
  // The deadline may pass while the list is open: the card turns overdue then, without a refetch.
  const passed = usePassed(item.orderStatus === 'IN_PROGRESS' ? item.deadlineAt : null);
  const overdue = item.overdue || passed;
  return (
    <HistoryCard
      item={item}
      viewer={viewer}
      overdue={overdue}
      actions={Actions && <Actions item={item} overdue={overdue} telegramId={telegramId} notify={notify} />}
    />
  );
}
