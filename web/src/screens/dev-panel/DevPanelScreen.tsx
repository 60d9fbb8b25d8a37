import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '@zalik/contract';
import { RequireRole } from '../../lib/RequireRole';
import { loadingRegion, EmptyState, LoadMore, Page, SkeletonBar, Tabs } from '../../ui';
import { useInProgressOrders } from './api';
import { CompletedOrders } from './CompletedOrders';
import { useKeptInPlace } from './keptInPlace';
import { OrderCard } from './OrderCard';
import styles from './dev-panel.module.css';
import { listError } from '../../lib/useLoadMore';

type Tab = 'open' | 'done';
const TABS = [
  { value: 'open', label: 'В роботі' },
  { value: 'done', label: 'Виконані' },
] as const;

function Skeletons() {
  return (
    <div className={styles.orders} {...loadingRegion()}>
      {[0, 1].map((i) => (
        <div className={styles.skeleton} key={i}>
          {[60, 45, 70, 50, 80].map((w, j) => (
            <SkeletonBar key={j} width={`${w}%`} height={14} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** /settings/dev-panel (developers; lazy chunk): open orders with their delivery forms, and the completed ones (`?tab=done`). */
export default function DevPanelScreen() {
  return (
    <RequireRole role="developer">
      <DevPanel />
    </RequireRole>
  );
}

function DevPanel() {
  const [search, setSearch] = useSearchParams();
  // In the address, so going back from elsewhere lands on the same tab.
  const tab: Tab = search.get('tab') === 'done' ? 'done' : 'open';
  return (
    <Page title="Панель розробника">
      <Tabs label="Замовлення" items={TABS} value={tab} onChange={(t) => setSearch(t === 'done' ? { tab: t } : {}, { replace: true })} />
      {tab === 'open' ? <OpenOrders /> : <CompletedOrders />}
    </Page>
  );
}

function OpenOrders() {
  const orders = useInProgressOrders();
  const loaded = useMemo(() => orders.data?.pages.flatMap((p) => p.content), [orders.data]);
  // Delivered or cancelled during this visit: kept in place until the developer leaves.
  const [finished, setFinished] = useState<ReadonlySet<string>>(new Set());
  const onFinished = useCallback((id: string) => setFinished((prev) => new Set(prev).add(id)), []);
  const shown = useKeptInPlace(loaded, finished);
  if (orders.isPending) return <Skeletons />;
  const failed = listError(orders);
  if (failed) return <EmptyState text={failed.message} />;
  if (!shown?.length) return <EmptyState text={MSG.emptyOrders} />;
  return (
    <div className={styles.orders}>
      {shown.map((o) => (
        <OrderCard key={o.id} order={o} onFinished={onFinished} />
      ))}
      <LoadMore pages={orders} skeleton={<Skeletons />} />
    </div>
  );
}
