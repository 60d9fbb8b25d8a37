import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/*
 * What every claim loop shares: the job runner's (jobs, recurring_jobs), the outbox's and the
 * bot inbox's. Each claims rows of its own table with FOR UPDATE SKIP LOCKED under a lease
 * token and retries a failure after the same doubling wait.
 */

/** Delay before the retry after `attempts` failed runs: base·2^(attempts-1), capped. */
export function retryDelayMs(attempts: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

/** The database's now() plus `ms`: the end of a lease, or when a retry is due. Its clock, so every instance agrees. */
export const fromNow = (ms: number): SQL => sql`now() + make_interval(secs => ${ms / 1000})`;

/** Names one claim: a row is written back only while it still carries the claim's token. */
export const newToken = (): string => randomUUID();
