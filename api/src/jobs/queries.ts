import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Executor } from '../db/client.js';
import { currentRequestId } from '../lib/request-context.js';
import { deleteInBatches } from '../db/batches.js';
import { fromNow } from './lease.js';

export interface ScheduleOptions {
  /** With the job's name, unique among pending jobs: scheduling the same (name, key) again changes nothing. */
  key?: string;
  /** When to run; now if not given. */
  runAt?: Date;
  payload?: unknown;
}

/**
 * Queues a one-off job. Call it inside the transaction that makes the job necessary, so the
 * job exists exactly when that change commits. Answers false when a pending job with the
 * same name and key already exists (it is left as it was).
 */
export async function schedule(ex: Executor, name: string, opts: ScheduleOptions = {}): Promise<boolean> {
  const inserted = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO jobs (name, key, payload, run_at, request_id)
        VALUES (${name}, ${opts.key ?? null}, ${JSON.stringify(opts.payload ?? {})}::jsonb, ${(opts.runAt ?? new Date()).toISOString()}::timestamptz, ${currentRequestId()})
        ON CONFLICT (name, key) WHERE status = 'pending' DO NOTHING
        RETURNING id`,
  );
  return inserted.length > 0;
}

/** Like schedule, but a pending job with the same name and key is moved to the new time and payload. */
export async function reschedule(ex: Executor, name: string, opts: ScheduleOptions & { key: string }): Promise<void> {
  await ex.execute(rescheduleSql(name, opts));
}

/** `reschedule` as a statement, for a change that writes several tables in one statement (a purchase). */
export function rescheduleSql(name: string, opts: ScheduleOptions & { key: string }): SQL {
  return sql`INSERT INTO jobs (name, key, payload, run_at, request_id)
      VALUES (${name}, ${opts.key}, ${JSON.stringify(opts.payload ?? {})}::jsonb, ${(opts.runAt ?? new Date()).toISOString()}::timestamptz, ${currentRequestId()})
      ON CONFLICT (name, key) WHERE status = 'pending'
      DO UPDATE SET run_at = excluded.run_at, payload = excluded.payload, request_id = excluded.request_id`;
}

/**
 * `schedule` of several jobs of one name as SQL, for a change that writes several tables in one
 * statement: `select` yields their `key` (text), `payload` (jsonb) and `run_at` (timestamptz),
 * computed from the statement's own rows; a pending job with the same name and key is left as it is.
 */
export function scheduleEachSql(name: string, select: SQL): SQL {
  return sql`INSERT INTO jobs (name, key, payload, run_at, request_id)
      SELECT ${name}, s.key, s.payload, s.run_at, ${currentRequestId()} FROM (${select}) s
      ON CONFLICT (name, key) WHERE status = 'pending' DO NOTHING`;
}

/** Cancels the pending job of this name and key; answers whether there was one. A running one finishes. */
export async function cancel(ex: Executor, name: string, key: string): Promise<boolean> {
  const r = await rows<{ id: number }>(
    ex,
    sql`UPDATE jobs SET status = 'cancelled', finished_at = now()
        WHERE name = ${name} AND key = ${key} AND status = 'pending' RETURNING id`,
  );
  return r.length > 0;
}


/**
 * Deletes one-off jobs that finished (ran or were cancelled) more than `keepDays` ago, a batch
 * at a time; answers how many. Every manual order leaves two or three such rows (its deadline,
 * reminder and acceptance timers), which nothing reads once they finished. Failed jobs stay:
 * they are what someone has to look at.
 */
export function pruneFinished(db: Db, keepDays: number): Promise<number> {
  return deleteInBatches(
    db,
    (limit) => sql`DELETE FROM jobs WHERE id IN (
                     SELECT id FROM jobs
                     WHERE status IN ('done', 'cancelled') AND finished_at < now() - make_interval(days => ${keepDays})
                     LIMIT ${limit})
                   RETURNING id`,
  );
}

export interface ClaimedJob {
  id: number;
  name: string;
  key: string | null;
  payload: unknown;
  /** Counting this run. */
  attempts: number;
  /** The request that scheduled it, for its log lines. */
  requestId: string | null;
}

const nameIn = (names: string[]) =>
  sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );

/**
 * Takes up to `limit` due jobs of these names, and running ones whose lease ran out (their
 * instance died): one statement, FOR UPDATE SKIP LOCKED, so two runners never take the same row.
 * The chosen rows are a MATERIALIZED CTE: as a subquery joined to the UPDATE, a plan that
 * rescans it (a nested loop) re-runs its LIMIT after the first row changed and claims more.
 */
export async function claimJobs(db: Db, names: string[], limit: number, token: string, leaseMs: number): Promise<ClaimedJob[]> {
  if (names.length === 0 || limit <= 0) return [];
  const claimed = await rows<Omit<ClaimedJob, 'requestId'> & { request_id: string | null }>(
    db,
    sql`WITH due AS MATERIALIZED (SELECT id FROM jobs
              WHERE name IN (${nameIn(names)})
                AND ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
              ORDER BY run_at, id LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
        UPDATE jobs j SET status = 'running', attempts = j.attempts + 1, locked_by = ${token}, locked_until = ${fromNow(leaseMs)}
        FROM due
        WHERE j.id = due.id
        RETURNING j.id, j.name, j.key, j.payload, j.attempts, j.request_id`,
  );
  return claimed.map((r) => ({
    id: Number(r.id),
    name: r.name,
    key: r.key,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    attempts: r.attempts,
    requestId: r.request_id,
  }));
}

/** Writes a job's outcome, only while this claim still holds it. */
export async function finishJob(db: Db, id: number, token: string, outcome: { error?: string; retryInMs?: number; giveUp?: boolean; released?: boolean }): Promise<void> {
  const { error, retryInMs, giveUp, released } = outcome;
  const set = released
    ? // Stopped mid-run: hand it back as if this run had not started.
      sql`status = 'pending', run_at = now(), attempts = attempts - 1`
    : error === undefined
      ? sql`status = 'done', finished_at = now(), last_error = NULL`
      : giveUp
        ? sql`status = 'failed', finished_at = now(), last_error = ${error.slice(0, 2000)}`
        : sql`status = 'pending', run_at = ${fromNow(retryInMs ?? 0)}, last_error = ${error.slice(0, 2000)}`;
  await db.execute(sql`UPDATE jobs SET ${set}, locked_by = NULL, locked_until = NULL WHERE id = ${id} AND locked_by = ${token}`);
}

/** Creates a recurring job's row, or updates its interval; the first run is due at once. */
export async function ensureRecurring(db: Db, name: string, intervalMs: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO recurring_jobs (name, interval_ms) VALUES (${name}, ${intervalMs})
        ON CONFLICT (name) DO UPDATE SET interval_ms = excluded.interval_ms,
          next_run_at = LEAST(recurring_jobs.next_run_at, now() + make_interval(secs => excluded.interval_ms / 1000.0))`,
  );
}

/**
 * Takes up to `limit` due recurring jobs: the same statement moves next_run_at one interval on
 * and leases the row, so each occurrence runs on one instance, and never twice at once.
 */
export async function claimRecurring(db: Db, names: string[], limit: number, token: string, leaseMs: number): Promise<string[]> {
  if (names.length === 0 || limit <= 0) return [];
  const claimed = await rows<{ name: string }>(
    db,
    sql`WITH due AS MATERIALIZED (SELECT name FROM recurring_jobs
              WHERE name IN (${nameIn(names)}) AND next_run_at <= now() AND (locked_until IS NULL OR locked_until < now())
              ORDER BY next_run_at LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
        UPDATE recurring_jobs r
        SET next_run_at = now() + make_interval(secs => r.interval_ms / 1000.0), locked_by = ${token},
            locked_until = ${fromNow(leaseMs)}, runs = r.runs + 1, last_started_at = now()
        FROM due
        WHERE r.name = due.name
        RETURNING r.name`,
  );
  return claimed.map((r) => r.name);
}

export async function finishRecurring(db: Db, name: string, token: string, error: string | null): Promise<void> {
  await db.execute(
    sql`UPDATE recurring_jobs SET locked_by = NULL, locked_until = NULL, last_error = ${error?.slice(0, 2000) ?? null}
        WHERE name = ${name} AND locked_by = ${token}`,
  );
}

/**
 * Hands back what a claim under `token` may have taken although its answer never came (see
 * `claimOrRelease`): jobs become due again as if their lease had run out, without the attempt;
 * recurring jobs are due at once.
 */
export async function releaseJobs(db: Db, token: string): Promise<void> {
  await db.execute(sql`UPDATE jobs SET locked_until = now(), attempts = attempts - 1 WHERE locked_by = ${token} AND status = 'running'`);
}

export async function releaseRecurring(db: Db, token: string): Promise<void> {
  await db.execute(sql`UPDATE recurring_jobs SET locked_by = NULL, locked_until = NULL, next_run_at = now() WHERE locked_by = ${token}`);
}

/** Keeps a running claim's lease from running out while its handler works. */
export async function renewLease(db: Db, token: string, leaseMs: number): Promise<void> {
  await db.execute(sql`UPDATE jobs SET locked_until = ${fromNow(leaseMs)} WHERE locked_by = ${token} AND status = 'running'`);
  await db.execute(sql`UPDATE recurring_jobs SET locked_until = ${fromNow(leaseMs)} WHERE locked_by = ${token}`);
}
