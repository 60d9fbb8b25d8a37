import type { JobContext } from '../../jobs/registry.js';
import type { CoreDeps } from '../../types/deps.js';
import { READ_JOB, SOON_JOB, STATEMENT_GAP_MS, readStatementOnce, rememberReadGap, statementReader, type ReaderOptions } from './monobank.js';
import { expireDue } from './queries.js';
import { REFUND_JOB, settleDepositRefund } from './refund.js';
import { RETURN_STARS_JOB, returnStars, type StarsPayment } from './stars.js';

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    [REFUND_JOB]: { id: number };
    [RETURN_STARS_JOB]: StarsPayment;
    /** Keyed by the jar: many webhook notices make one pending read. */
    [SOON_JOB]: Record<string, never>;
  }
}

/**
 * The background work of top-ups (docs/JOBS.md); every handler re-reads the state it acts on.
 * `reader`: the demo's shorter minute against its fake bank.
 */
export function registerDepositJobs(deps: CoreDeps, reader: ReaderOptions = {}): void {
  // Unpaid top-ups end; a payment that still arrives for one is credited all the same.
  deps.jobs.every('deposits.expire', 60_000, async ({ log }) => {
    const n = await expireDue(deps.db);
    if (n) log.info({ expired: n }, 'deposit requests expired');
  });
  // Telegram may be away for hours: keep asking, up to an hour apart, for about a day.
  const patient = { maxAttempts: 30, backoffMs: 60_000, backoffCapMs: 3_600_000 };
  deps.jobs.define(REFUND_JOB, ({ payload, log }) => settleDepositRefund(deps, payload.id, log), patient);
  deps.jobs.define(RETURN_STARS_JOB, ({ payload, log }) => returnStars(deps, payload, log), patient);
  registerMonobankJobs(deps, reader);
}

/**
 * The jar's statement, only when MONOBANK_TOKEN is set: read every MONOBANK_POLL_MS, and once
 * soon after the bank's webhook (SOON_JOB). Both read through readStatementOnce, so together
 * they still call the bank at most once a minute; a bank error is logged and waits for the next.
 */
function registerMonobankJobs(deps: Pick<CoreDeps, 'config' | 'db' | 'jobs'>, opts: ReaderOptions): void {
  const reader = statementReader(deps, opts);
  if (!reader) return;
  const run = async ({ log, signal }: JobContext<unknown>) => {
    await readStatementOnce({ ...reader, log, signal });
  };
  deps.jobs.every(READ_JOB, deps.config.deposits.monobank.pollMs, run);
  deps.jobs.define(SOON_JOB, run, { maxAttempts: 1 });
  rememberReadGap(deps.jobs, reader.gapMs ?? STATEMENT_GAP_MS);
}
