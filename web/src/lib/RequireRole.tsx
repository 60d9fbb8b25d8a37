import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '../api/me';
import { activeTab } from '../ui/BottomNav';

export type GuardedRole = 'admin' | 'developer';

/**
 * Wraps every admin and developer screen. Someone without the role who lands on one (an old
 * link, a role taken away) goes to the root of the tab the screen belongs to (the tasks list for
 * the catalogue editors, settings for the admin panel, the wallet for a developer's withdraw),
 * i.e. where they would have looked for it. This is only courtesy: the server refuses every call
 * such a screen would make, so it stays the real check.
 */
export function RequireRole({ role, children }: { role: GuardedRole; children: ReactNode }) {
  const me = useMe();
  const { pathname } = useLocation();
  const allowed = role === 'admin' ? me.isAdmin : me.isDeveloper;
  return allowed ? <>{children}</> : <Navigate to={activeTab(pathname)} replace />;
}
