import type { AppDeps } from '../types/deps.js';
import { pruneFinished } from './queries.js';

/** Finished one-off jobs are history nobody reads: the table keeps JOBS_KEEP_DAYS of them. */
export function registerJobsJobs(deps: Pick<AppDeps, 'config' | 'db' | 'jobs'>): void {
  deps.jobs.every('jobs.prune', 3_600_000, async ({ log }) => {
    const removed = await pruneFinished(deps.db, deps.config.jobsKeepDays);
    if (removed) log.info({ removed }, 'finished jobs deleted');
  });
}
