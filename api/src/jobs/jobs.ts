import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { pruneFinished } from './queries.js';
import type { JobRegistry } from './registry.js';

/** Finished one-off jobs are history nobody reads: the table keeps JOBS_KEEP_DAYS of them. */
export function registerJobsJobs(deps: { config: Config; db: Db; jobs: JobRegistry }): void {
  deps.jobs.every('jobs.prune', 3_600_000, async ({ log }) => {
    const removed = await pruneFinished(deps.db, deps.config.jobsKeepDays);
    if (removed) log.info({ removed }, 'finished jobs deleted');
  });
}
