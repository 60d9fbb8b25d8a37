import { lazy, Suspense, useEffect, useRef, type CSSProperties } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useMe, type Me } from '../api/me';
import { useListFiltersReset } from '../screens/tasks/lib/useListFiltersReset';
import { BottomNav } from '../ui';
import { useMaintenanceWatch } from './maintenanceWatch';
import { whenIdle } from './prefetch';
import { useStartAppLink } from './startApp';

/**
 * The signed-in layout: the screen above, the four-tab navigation below. `--layout-bottom`
 * tells Page and FixedBottomButton how much bottom space the navigation takes. It also watches
 * every navigation to drop the task filters once the user leaves /list-task, and follows the
 * launch's `startapp` link (a bot notice's button opens its thread). It watches maintenance too
 * (maintenanceWatch.ts): a student is shown its screen, an admin a reminder bar above the navigation.
 */
export function MainLayout({ prefetch }: { prefetch?: (me: Me) => void }) {
  const me = useMe();
  useListFiltersReset();
  useStartAppLink();
  usePrefetchWhenSettled(prefetch, me);
  const maintenance = useMaintenanceWatch(me.isAdmin);
  const reminder = me.isAdmin && maintenance?.enabled === true;
  const bottom = reminder ? 'calc(var(--nav-height) + var(--safe-bottom) + var(--maintenance-bar-height))' : 'calc(var(--nav-height) + var(--safe-bottom))';
  return (
    <div style={{ '--layout-bottom': bottom, '--maintenance-bar-height': '56px' } as CSSProperties}>
      <Outlet />
      {reminder && (
        <Suspense fallback={null}>
          <MaintenanceBar message={maintenance.message} />
        </Suspense>
      )}
      <BottomNav />
    </div>
  );
}

/** Admins only, while maintenance is on: out of the first screen's bundle. */
const MaintenanceBar = lazy(() => import('./MaintenanceBar').then((m) => ({ default: m.MaintenanceBar })));

/**
 * Runs `prefetch` once, when the first screen has its data (no query in flight) and the
 * browser is idle: the other tabs' chunks (prefetch.ts) must not compete with it on a slow network.
 */
function usePrefetchWhenSettled(prefetch: ((me: Me) => void) | undefined, me: Me) {
  const fetching = useIsFetching();
  const done = useRef(false);
  useEffect(() => {
    if (!prefetch || done.current || fetching > 0) return;
    return whenIdle(() => {
      done.current = true;
      prefetch(me);
    });
  }, [prefetch, fetching, me]);
}
