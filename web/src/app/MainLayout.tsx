import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { useListFiltersReset } from '../screens/tasks/lib/useListFiltersReset';
import { BottomNav } from '../ui';

/**
 * The signed-in layout: the screen above, the four-tab navigation below. `--layout-bottom`
 * tells Page and FixedBottomButton how much bottom space the navigation takes. It also watches
 * every navigation to drop the task filters once the user leaves /list-task.
 */
export function MainLayout() {
  useListFiltersReset();
  return (
    <div style={{ '--layout-bottom': 'calc(var(--nav-height) + var(--safe-bottom))' } as CSSProperties}>
      <Outlet />
      <BottomNav />
    </div>
  );
}
