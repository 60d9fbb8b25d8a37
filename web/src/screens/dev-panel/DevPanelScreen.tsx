import { MSG } from '@zalik/contract';
import { RequireRole } from '../../lib/RequireRole';
import { EmptyState, Page, SkeletonBar } from '../../ui';
import { useInProgressOrders } from './api';
import { OrderCard } from './OrderCard';
import styles from './dev-panel.module.css';

function Skeletons() {
  return (
    <div className={styles.orders} aria-busy="true" aria-label="Завантаження">
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

/** /settings/dev-panel (developers; lazy chunk): the developer's open orders, each with its delivery form. */
export default function DevPanelScreen() {
  return (
    <RequireRole role="developer">
      <DevPanel />
    </RequireRole>
  );
}

function DevPanel() {
  const orders = useInProgressOrders();

  return (
    <Page title="Панель розробника" subtitle="Замовлення в роботі">
      {orders.isPending ? (
        <Skeletons />
      ) : orders.isError ? (
        <EmptyState text={orders.error.message} />
      ) : orders.data.length === 0 ? (
        <EmptyState text={MSG.emptyOrders} />
      ) : (
        <div className={styles.orders}>
          {orders.data.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
        </div>
      )}
    </Page>
  );
}
