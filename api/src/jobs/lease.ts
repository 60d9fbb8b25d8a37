import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { sleep } from '../lib/sleep.js';

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

/**
 * Writes a claim's bookkeeping (an outcome, a hand-back), trying again with a doubling pause
 * (100 ms to 5 s) for up to `withinMs`: it is written while the database may still be failing,
 * and succeeding here saves waiting out a whole lease. Throws the last error after that, or
 * at once when `signal` aborts. The writes it is given are idempotent under their token.
 */
export async function persist(write: () => Promise<unknown>, withinMs: number, signal?: AbortSignal): Promise<void> {
  const until = Date.now() + withinMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (err) {
      const wait = retryDelayMs(attempt, 100, 5000);
      if (signal?.aborted || Date.now() + wait > until) throw err;
      await sleep(wait, signal);
    }
  }
}

/**
 * Runs a claim under its token. When the claim fails, it may still have committed: the
 * connection can drop after the server took the statement and before its answer came back.
 * Its rows would then stay hidden for a whole lease (a Stars payment credited minutes late),
 * so the rows carrying this token are handed back (`release`, through `persist`) before the
 * error goes on. Releasing is a no-op when the claim did not commit.
 */
export async function claimOrRelease<T>(
  claim: () => Promise<T>,
  release: () => Promise<unknown>,
  withinMs: number,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await claim();
  } catch (err) {
    await persist(release, withinMs, signal).catch(() => {});
    throw err;
  }
}
