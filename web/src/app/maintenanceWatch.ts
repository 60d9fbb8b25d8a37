import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { reportMaintenance } from '../api/auth';
import { baseKeys } from '../api/baseKeys';
import { call } from '../api/client';

/** How often the signed-in app asks the public status call whether maintenance began. */
export const MAINTENANCE_WATCH_MS = 60_000;

/**
 * What a student's layout starts from: the launch's sign-in answered the maintenance already
 * (the gate shows its screen instead of the layout), so the first screen asks nothing more.
 * Stale from the start (updated at 0), so the first interval or return to the app asks.
 */
const NOT_DOWN = { enabled: false, message: '' };

/**
 * The signed-in app learns of maintenance on its own, not from the first refused call: it asks the
 * public status call every MAINTENANCE_WATCH_MS and whenever the app comes back into view (TanStack's
 * focus manager follows `visibilitychange`). A student or developer is shown the maintenance screen
 * at once (the gate's own state, as for a refused call); an admin, whom the server lets work on,
 * gets the status back to show a reminder. Answers whether maintenance is on (for admins).
 */
export function useMaintenanceWatch(isAdmin: boolean): { enabled: boolean; message: string } | undefined {
  const status = useQuery({
    queryKey: baseKeys.maintenance(),
    queryFn: () => call(ep.maintenanceStatus, {}),
    // An admin's sign-in says nothing of maintenance (admins work through it): asked at once.
    initialData: isAdmin ? undefined : NOT_DOWN,
    initialDataUpdatedAt: 0,
    refetchOnMount: isAdmin,
    refetchInterval: MAINTENANCE_WATCH_MS,
    refetchOnWindowFocus: 'always',
    // A failed check says nothing new: the next one, or the next refused call, tells.
    meta: { silent: true },
    retry: false,
  });
  const data = status.data;
  useEffect(() => {
    if (!isAdmin && data?.enabled) reportMaintenance(data.message);
  }, [isAdmin, data]);
  return data;
}
