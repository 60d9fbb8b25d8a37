import type { AppDeps } from '../../types/deps.js';
import { registerMonobankJobs, type ReaderOptions } from './monobank.js';
import { expireDue } from './queries.js';
import { REFUND_JOB, settleDepositRefund } from './refund.js';
import { RETURN_STARS_JOB, returnStars, type StarsPayment } from './stars.js';

/**
 * The background work of top-ups (docs/JOBS.md); every handler re-reads the state it acts on.
 * `reader`: the demo's shorter minute against its fake bank.
 */
export function registerDepositJobs(deps: AppDeps, reader: ReaderOptions = {}): void {
  // Unpaid top-ups end; a payment that still arrives for one is credited all the same.
  deps.jobs.every('deposits.expire', 60_000, async ({ log }) => {
    const n = await expireDue(deps.db);
    if (n) log.info({ expired: n }, 'deposit requests expired');
  });
  // Telegram may be away for hours: keep asking, up to an hour apart, for about a day.
  const patient = { maxAttempts: 30, backoffMs: 60_000, backoffCapMs: 3_600_000 };
  deps.jobs.define<{ id: number }>(REFUND_JOB, ({ payload, log }) => settleDepositRefund(deps, payload.id, log), patient);
  deps.jobs.define<StarsPayment>(RETURN_STARS_JOB, ({ payload, log }) => returnStars(deps, payload, log), patient);
  // The jar's statement, read once a minute at most across instances (only with MONOBANK_TOKEN).
  registerMonobankJobs(deps, reader);
}
