import { deleteInBatches } from '../db/batches.js';
import { sql } from 'drizzle-orm';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { rows, type Db } from '../db/client.js';
import { claimOrRelease, fromNow, newToken, persist, retryDelayMs } from '../jobs/index.js';
import type { JobLog } from '../jobs/registry.js';

/** Telegram cancels a payment whose pre-checkout query is not answered within 10 s. */
const PRE_CHECKOUT_ANSWER_MS = 10_000;
/** When a run on this instance failed as a whole; the inbox job on any instance may come sooner. */
const WAKE_RETRY_MS = 2000;

export interface InboxOptions {
  db: Db;
  bot: Bot;
  /** Updates claimed at once; they are handled concurrently, as webhook deliveries are. */
  batchSize?: number;
  /** How long a claimed update is invisible to other instances; longer than any handler takes. */
  leaseSeconds?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Attempts after which an update is given up (failed_at): kept and logged, not retried. */
  maxAttempts?: number;
}

/** The durable inbox of bot updates (docs/BOT.md "Receiving updates"). */
export interface BotInbox {
  /** Writes the updates in one statement; an update_id already there is left as it is. Throws when the database fails. */
  store(updates: readonly Update[]): Promise<void>;
  /** Handles what is due now, batch after batch; answers how many updates it took. */
  runOnce(log: JobLog, signal?: AbortSignal): Promise<number>;
  /** Runs `runOnce` soon on this instance (after a store, or when a retry is due), never twice at a time. */
  wake(log: JobLog): void;
  /** Cancels the pending wake-ups and waits for the run in flight. */
  stop(): Promise<void>;
}

interface Claimed {
  update_id: number | string;
  update: Update;
  attempts: number;
  age_ms: number | string;
}

const message = (e: unknown): string => {
  const inner = (e as { error?: unknown }).error ?? e;
  return inner instanceof Error ? inner.message : String(inner);
};

/**
 * Updates are stored before Telegram is told they arrived, then handled from the table: claimed
 * with FOR UPDATE SKIP LOCKED and a lease (several instances never take the same update at
 * once), handled by grammY with no transaction open, then marked. A failure is retried with a
 * doubling wait; a crash repeats the update after the lease. So handlers run at least once and
 * must be idempotent (a Stars payment is keyed by its charge id).
 */
export function createInbox(opts: InboxOptions): BotInbox {
  const { db, bot } = opts;
  const batchSize = opts.batchSize ?? 20;
  const leaseSeconds = opts.leaseSeconds ?? 120;
  const baseMs = opts.backoffBaseMs ?? 1000;
  const capMs = opts.backoffCapMs ?? 300_000;
  const maxAttempts = opts.maxAttempts ?? 10;

  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();

  const claim = (leaseId: string) =>
    rows<Claimed>(
      db,
      sql`WITH due AS MATERIALIZED (SELECT update_id FROM bot_inbox
                WHERE processed_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                ORDER BY update_id LIMIT ${batchSize}
                FOR UPDATE SKIP LOCKED)
        UPDATE bot_inbox b SET next_attempt_at = ${fromNow(leaseSeconds * 1000)}, lease_id = ${leaseId}, attempts = b.attempts + 1
          FROM due
          WHERE b.update_id = due.update_id
          RETURNING b.update_id, b."update", b.attempts, (extract(epoch FROM now() - b.received_at) * 1000)::float8 AS age_ms`,
    );

  /** Outcomes are written within half a lease: past that, the lease would hand the update out again anyway. */
  const mark = (write: () => Promise<unknown>, signal?: AbortSignal) => persist(write, (leaseSeconds * 1000) / 2, signal);

  /** Handles one claimed update; answers the ms until its retry, or null when it is settled. */
  async function handle(c: Claimed, leaseId: string, log: JobLog, signal?: AbortSignal): Promise<number | null> {
    const id = Number(c.update_id);
    const where = sql`update_id = ${id} AND lease_id = ${leaseId}`;
    if (c.attempts > maxAttempts) {
      // Every attempt ended with its lease running out (a process dying on this update): stop.
      await mark(() => db.execute(sql`UPDATE bot_inbox SET failed_at = now(), last_error = 'lease expired on every attempt' WHERE ${where}`), signal);
      log.error({ updateId: id, update: c.update }, 'bot update given up');
      return null;
    }
    if (c.update.pre_checkout_query && Number(c.age_ms) > PRE_CHECKOUT_ANSWER_MS) {
      // Telegram has cancelled this payment already; an answer now is refused and changes nothing.
      await mark(() => db.execute(sql`UPDATE bot_inbox SET processed_at = now(), last_error = 'too late to answer' WHERE ${where}`), signal);
      log.warn({ updateId: id }, 'a pre-checkout query waited too long in the inbox; Telegram cancelled that payment');
      return null;
    }
    try {
      await bot.handleUpdate(c.update);
    } catch (err) {
      const fields = { err: (err as { error?: unknown }).error ?? err, updateId: id, attempt: c.attempts };
      if (c.attempts >= maxAttempts) {
        await mark(() => db.execute(sql`UPDATE bot_inbox SET failed_at = now(), last_error = ${message(err)} WHERE ${where}`), signal);
        const what = c.update.message?.successful_payment ? 'a Stars payment could not be recorded: credit or refund it by hand' : 'bot update given up';
        log.error({ ...fields, update: c.update }, what);
        return null;
      }
      const retryMs = retryDelayMs(c.attempts, baseMs, capMs);
      await mark(
        () => db.execute(sql`UPDATE bot_inbox SET next_attempt_at = ${fromNow(retryMs)}, last_error = ${message(err)} WHERE ${where}`),
        signal,
      );
      log.warn({ ...fields, retryMs }, 'bot update failed, will retry');
      return retryMs;
    }
    await mark(() => db.execute(sql`UPDATE bot_inbox SET processed_at = now(), last_error = NULL WHERE ${where}`), signal);
    return null;
  }

  function later(ms: number, log: JobLog): void {
    if (stopped) return;
    const t = setTimeout(() => {
      timers.delete(t);
      inbox.wake(log);
    }, ms);
    t.unref();
    timers.add(t);
  }

  const inbox: BotInbox = {
    async store(updates) {
      if (!updates.length) return;
      await db.execute(sql`INSERT INTO bot_inbox (update_id, "update")
        SELECT (u->>'update_id')::bigint, u FROM jsonb_array_elements(${JSON.stringify(updates)}::jsonb) u
        ON CONFLICT (update_id) DO NOTHING`);
    },

    async runOnce(log, signal) {
      if (!bot.isInited()) {
        // handleUpdate needs the bot's own user. One getMe, and only when there is work: grammY's
        // init retries for as long as Telegram is away, which would hold up a shutdown.
        if (!(await rows(db, sql`SELECT 1 FROM bot_inbox WHERE processed_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() LIMIT 1`)).length) return 0;
        bot.botInfo = await bot.api.getMe(signal as Parameters<Bot['init']>[0]);
      }
      let total = 0;
      while (!signal?.aborted) {
        const leaseId = newToken();
        const claimed = await claimOrRelease(
          () => claim(leaseId),
          () => db.execute(sql`UPDATE bot_inbox SET next_attempt_at = now(), lease_id = NULL, attempts = attempts - 1
                               WHERE lease_id = ${leaseId} AND processed_at IS NULL AND failed_at IS NULL`),
          (leaseSeconds * 1000) / 2,
          signal,
        );
        total += claimed.length;
        const retries = await Promise.all(
          claimed.map((c) => handle(c, leaseId, log, signal).catch((err: unknown) => {
            // Not even the outcome could be written: the lease runs out and the update comes again.
            log.error({ err, updateId: Number(c.update_id) }, 'bot update outcome not recorded; it is retried after its lease');
            return null;
          })),
        );
        const soonest = Math.min(...retries.filter((r): r is number => r !== null));
        if (Number.isFinite(soonest)) later(soonest, log);
        if (claimed.length < batchSize) break;
      }
      return total;
    },

    wake(log) {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await inbox.runOnce(log, stopping.signal).catch((err: unknown) => {
            if (stopping.signal.aborted) return;
            log.warn({ err }, 'bot inbox could not be read, or Telegram could not be reached; trying again soon');
            later(WAKE_RETRY_MS, log);
          });
        } while (again && !stopped);
      })().finally(() => {
        running = null;
      });
    },

    async stop() {
      stopped = true;
      stopping.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await running;
    },
  };
  return inbox;
}

/** Deletes updates handled more than `keepDays` ago, in batches; failed ones stay. */
export function pruneInbox(db: Db, keepDays: number): Promise<number> {
  return deleteInBatches(
    db,
    (limit) => sql`DELETE FROM bot_inbox WHERE update_id IN (
                     SELECT update_id FROM bot_inbox WHERE processed_at < now() - make_interval(days => ${keepDays}) LIMIT ${limit})
                   RETURNING update_id`,
  );
}
