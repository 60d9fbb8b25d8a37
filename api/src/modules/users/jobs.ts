import type { CoreDeps } from '../../types/deps.js';
import { claimPromotionYear, promoteStudents } from './queries.js';

/** The promotion is checked this often, so it happens within an hour of midnight on 1 September. */
export const PROMOTION_CHECK_MS = 3_600_000;

/**
 * Moves every student one course up once per academic year (a 4th-year student to 0: asked
 * again). `at` stands for the clock in tests; the job uses the database's.
 */
export async function promoteCoursesOnce(db: CoreDeps['db'], at: Date | null = null): Promise<{ year: number; promoted: number } | null> {
  return db.transaction(async (tx) => {
    const year = await claimPromotionYear(tx, at);
    return year === null ? null : { year, promoted: await promoteStudents(tx, year) };
  });
}

export function registerUserJobs(deps: Pick<CoreDeps, 'db' | 'jobs'>): void {
  deps.jobs.every('users.promote-courses', PROMOTION_CHECK_MS, async ({ log }) => {
    const done = await promoteCoursesOnce(deps.db);
    if (done) log.info(done, 'students moved one course up for the new academic year');
  });
}
