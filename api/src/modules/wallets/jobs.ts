import type { CoreDeps } from '../../types/deps.js';
import { announceRequests, giveLegacyDeadlines, sealLegacyCards, timeOutWithdrawal, warnAdmins } from './desk.js';
import { ANNOUNCE_JOB, LEGACY_DEADLINES_JOB, SEAL_JOB, TIMEOUT_JOB, WARN_JOB } from './job-names.js';

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    [TIMEOUT_JOB]: { id: number };
    [WARN_JOB]: { id: number };
    [ANNOUNCE_JOB]: Record<string, never>;
    [SEAL_JOB]: Record<string, never>;
    [LEGACY_DEADLINES_JOB]: Record<string, never>;
  }
}

/** The payout desk's background work (docs/JOBS.md); every handler re-reads the request it acts on. */
export function registerWalletJobs(deps: CoreDeps): void {
  deps.jobs.define(TIMEOUT_JOB, ({ payload }) => timeOutWithdrawal(deps, payload.id), { maxAttempts: 20 });
  deps.jobs.define(WARN_JOB, ({ payload }) => warnAdmins(deps, payload.id));
  deps.jobs.define(ANNOUNCE_JOB, async ({ log }) => {
    const n = await announceRequests(deps);
    if (n) log.info({ requests: n }, 'withdraw requests announced to admins');
  });
  deps.jobs.define(SEAL_JOB, () => sealLegacyCards(deps.db, deps.config.payouts.detailsKey));
  deps.jobs.define(LEGACY_DEADLINES_JOB, async ({ log }) => {
    const n = await giveLegacyDeadlines(deps);
    if (n) log.info({ requests: n }, 'withdraw requests made before the payout desk given deadlines');
  });
}
