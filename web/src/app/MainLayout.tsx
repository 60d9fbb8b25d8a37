import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useMe, type Me } from '../api/me';
import { useListFiltersReset } from '../screens/tasks/lib/useListFiltersReset';
import { BottomNav } from '../ui';
import { whenIdle } from './prefetch';
import { useStartAppLink } from './startApp';

/**
 * The signed-in layout: the screen above, the four-tab navigation below. `--layout-bottom`
 * tells Page and FixedBottomButton how much bottom space the navigation takes. It also watches
 * every navigation to drop the task filters once the user leaves /list-task, and follows the
 * launch's `startapp` link (a bot notice's button opens its thread). It watches maintenance too
 * (MaintenanceWatch.tsx, a lazy chunk): a student is shown its screen, an admin a reminder bar above
 * the navigation.
 */
export function MainLayout({ prefetch }: { prefetch?: (me: Me) => void }) {
  const me = useMe();
  useListFiltersReset();
  useStartAppLink();
  usePrefetchWhenSettled(prefetch, me);
  const [reminder, setReminder] = useState(false);
  // After hydration only: the server renders the first screen without waiting for lazy chunks,
  // and a lazy component there would come back as a client-rendered boundary (React error 419).
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const bottom = reminder ? 'calc(var(--nav-height) + var(--safe-bottom) + var(--maintenance-bar-height))' : 'calc(var(--nav-height) + var(--safe-bottom))';
  return (
    <div style={{ '--layout-bottom': bottom, '--maintenance-bar-height': '56px' } as CSSProperties}>
      <Outlet />
      {hydrated && (
        <Suspense fallback={null}>
          <MaintenanceWatch isAdmin={me.isAdmin} onReminder={setReminder} />
        </Suspense>
      )}
      <BottomNav />
    </div>
  );
}

const noSubscription = () => () => {};

/** Out of the first screen's bundle: nothing of it is needed before the first screen is up. */
const MaintenanceWatch = lazy(() => import('./MaintenanceWatch').then((m) => ({ default: m.MaintenanceWatch })));

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
