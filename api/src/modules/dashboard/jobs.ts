import type { CoreDeps } from '../../types/deps.js';
import { dashboardSnapshots } from './snapshots.js';

export const DASHBOARD_REFRESH_JOB = 'dashboard.refresh';

/**
 * Stores every dashboard panel's answer each DASHBOARD_REFRESH_SECONDS (docs/DASHBOARD.md
 * "Snapshots"), on one instance per occurrence. A failed panel is logged and the others are
 * stored; the run then fails, so the job's `last_error` names the panels left stale.
 */
export function registerDashboardJobs(deps: Pick<CoreDeps, 'config' | 'database' | 'jobs'>): void {
  const seconds = deps.config.dashboardRefreshSeconds;
  if (seconds <= 0) return;
  const snapshots = dashboardSnapshots(deps.database, seconds);
  deps.jobs.every(DASHBOARD_REFRESH_JOB, seconds * 1000, async ({ log, signal }) => {
    const { failed } = await snapshots.refresh({ log, signal });
    if (failed.length) throw new Error(`dashboard panels not refreshed: ${failed.join(', ')}`);
  });
}
