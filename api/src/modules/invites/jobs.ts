import type { CoreDeps } from '../../types/deps.js';
import { reviewPaidBonuses } from './clawback.js';

/** The one-off review of bonuses paid before refunds took them back (migration 0029 schedules it once). */
export const REVIEW_BONUSES_JOB = 'invites.review-bonuses';

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    [REVIEW_BONUSES_JOB]: Record<string, never>;
  }
}

export function registerInvitesJobs(deps: CoreDeps): void {
  deps.jobs.define(REVIEW_BONUSES_JOB, async ({ log }) => {
    const { reviewed, takenBack } = await reviewPaidBonuses(deps.db);
    log.info({ reviewed, takenBack }, 'paid referral bonuses reviewed');
  });
}
