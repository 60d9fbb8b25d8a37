import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.js';
import { sleep } from '../../lib/sleep.js';
import { claimOrRelease, fromNow, newToken, persist, retryDelayMs } from '../../jobs/index.js';
import type { OutboxFile } from './enqueue.js';

export interface OutboxPayload {
  text: string;
  files: OutboxFile[];
  openApp: boolean;
  /** A button opening the mini-app's direct link with this `startapp` (enqueue.ts). */
  startApp?: { text: string; param: string };
}

export interface OutboxItem {
  id: number;
  chatId: number;
  payload: OutboxPayload;
  /** Bot API calls of this message that already succeeded (see OutboxSender). */
  stepsDone: number;
  attempts: number;
  /** What happened (e.g. 'order_delivered'), for the log. */
  kind?: string;
  /** The request that queued it, for the log. */
  requestId?: string | null;
}

/** What a message's log lines say of it: which message, to whom, and the request that queued it. */
const logFields = (item: OutboxItem) => ({
  outboxId: item.id,
  chatId: item.chatId,
  ...(item.kind ? { kind: item.kind } : {}),
  ...(item.requestId ? { reqId: item.requestId } : {}),
});

/**
 * Delivers one message as a fixed sequence of Bot API calls (text, then files). It starts at
 * `item.stepsDone` and reports each finished step, so a retry never repeats a call that
 * succeeded before.
 */
export interface OutboxSender {
  deliver(item: OutboxItem, stepDone: (stepsDone: number) => Promise<void>): Promise<void>;
  /** The Bot API calls delivering `item` still takes (what the rate limit counts); 1 if not given. */
  calls?(item: OutboxItem): number;
}

/** A failure the sender knows about: `permanent` (Telegram refuses this message for good), or a wait Telegram asked for. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterSeconds?: number,
    /** The user blocked the bot (or deleted their account): no message to them can arrive. */
    readonly blocked = false,
  ) {
    super(message);
  }
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OutboxWorkerOptions {
  db: Db;
  sender: OutboxSender;
  log: Logger;
  batchSize?: number;
  /** How long a claimed message is invisible to other workers; longer than any send takes. */
  leaseSeconds?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Attempts after which a permanent refusal (no such chat, a bad file) is given up. */
  permanentAttempts?: number;
  /**
   * Spaces the Bot API calls (createPacer): the job runs on one instance at a time, so one pacer
   * kept across its runs holds the bot's rate for every message together. None: no spacing.
   */
  pace?: Pacer;
}

/** Polled by the 'outbox.send' recurring job (deps.ts), which the job runner runs. */
export interface OutboxWorker {
  /**
   * Sends what is due now; answers how many messages it handled. Once `signal` aborts (the
   * runner stops), it finishes the message in flight and hands the rest of its batch back.
   */
  runOnce(signal?: AbortSignal): Promise<number>;
}

interface ClaimedRow {
  id: number;
  chat_id: number;
  payload: OutboxPayload | string;
  steps_done: number;
  attempts: number;
  kind: string;
  request_id: string | null;
}

/**
 * Sends the outbox. Delivery is at least once: rows are claimed with `FOR UPDATE SKIP LOCKED`
 * and a lease (next_attempt_at moved forward) in one short statement, then sent with no
 * transaction open, then marked. Several instances never take the same row; a crash between
 * Telegram accepting a call and the row being updated repeats that one call after the lease.
 *
 * The lease, its token and the retry waits are the job runner's (jobs/lease.ts). The claim
 * stays its own: a message is a row of `outbox` (its priority, the Bot API calls already
 * made, a batch sent one after another under one pacer), which the `jobs` table does not hold;
 * the `outbox.send` job that runs this loop is claimed by the runner like any other.
 */
export function createOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, sender, log } = opts;
  const batchSize = opts.batchSize ?? 20;
  const leaseSeconds = opts.leaseSeconds ?? 600;
  const baseMs = opts.backoffBaseMs ?? 5000;
  const capMs = opts.backoffCapMs ?? 3_600_000;
  const permanentAttempts = opts.permanentAttempts ?? 5;
  const pace = opts.pace ?? (async () => undefined);

  const lease = fromNow(leaseSeconds * 1000);

  async function claim(leaseId: string): Promise<OutboxItem[]> {
    const claimed = await rows<ClaimedRow>(
      db,
      sql`WITH due AS MATERIALIZED (SELECT id FROM outbox
                WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= now()
                ORDER BY priority, next_attempt_at, id LIMIT ${batchSize}
                FOR UPDATE SKIP LOCKED)
        UPDATE outbox o SET next_attempt_at = ${lease}, lease_id = ${leaseId}
          FROM due
          WHERE o.id = due.id
          RETURNING o.id, o.chat_id, o.payload, o.steps_done, o.attempts, o.kind, o.request_id`,
    );
    return claimed
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((r) => ({
        id: Number(r.id),
        chatId: Number(r.chat_id),
        payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as OutboxPayload) : r.payload,
        stepsDone: r.steps_done,
        attempts: r.attempts,
        kind: r.kind,
        requestId: r.request_id,
      }));
  }

  /** Hands a claim's rows back at once rather than after the lease. */
  const release = (leaseId: string) =>
    db.execute(sql`UPDATE outbox SET next_attempt_at = now(), lease_id = NULL WHERE lease_id = ${leaseId} AND sent_at IS NULL`);

  /** An outcome is retried while the database is away, within half a lease (once when shutting down). */
  const settle = (write: () => Promise<unknown>, signal?: AbortSignal) => persist(write, (leaseSeconds * 1000) / 2, signal);

  /**
   * Writes to a row only while this claim still holds it, renewing the lease: each step then
   * only has to finish within one lease (a Bot API call times out well before).
   */
  async function touch(item: OutboxItem, leaseId: string, set: SQL): Promise<boolean> {
    const r = await rows<{ id: number }>(
      db,
      sql`UPDATE outbox SET ${set} WHERE id = ${item.id} AND lease_id = ${leaseId} AND sent_at IS NULL RETURNING id`,
    );
    return r.length > 0;
  }

  async function deliver(item: OutboxItem, leaseId: string, signal?: AbortSignal): Promise<void> {
    // A batch is sent one message after another; renew the lease before starting this one.
    if (!(await touch(item, leaseId, sql`next_attempt_at = ${lease}`))) return;
    await pace(sender.calls?.(item) ?? 1, signal);
    let steps = item.stepsDone;
    try {
      await sender.deliver(item, async (done) => {
        steps = done;
        await touch(item, leaseId, sql`steps_done = ${done}, next_attempt_at = ${lease}`);
      });
    } catch (e) {
      const err = e instanceof SendError ? e : new SendError(e instanceof Error ? e.message : String(e), false);
      const attempts = item.attempts + 1;
      // A user who blocked the bot gets nothing until they write to it again (bot/unblock.ts).
      if (err.blocked) await settle(() => db.execute(sql`UPDATE users SET bot_blocked_at = now() WHERE telegram_id = ${item.chatId} AND bot_blocked_at IS NULL`), signal);
      const giveUp = err.blocked || (err.permanent && attempts >= permanentAttempts);
      const delay = err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : retryDelayMs(attempts, baseMs, capMs);
      await settle(
        () =>
          touch(
            item,
            leaseId,
            sql`attempts = ${attempts}, last_error = ${err.message.slice(0, 1000)}, lease_id = NULL,
                next_attempt_at = ${fromNow(delay)},
                gave_up_at = ${giveUp ? sql`now()` : sql`NULL`}`,
          ),
        signal,
      );
      const fields = { ...logFields(item), attempts, steps, err: err.message };
      if (giveUp) log.error(fields, 'outbox message given up');
      else log.warn({ ...fields, retryInMs: delay }, 'outbox send failed, will retry');
      return;
    }
    // Sent: a failure to record it must not count as a failed send, which would send it again.
    await settle(() => touch(item, leaseId, sql`sent_at = now(), last_error = NULL, lease_id = NULL`), signal);
    log.info(logFields(item), 'outbox message sent');
  }

  async function runOnce(signal?: AbortSignal): Promise<number> {
    const halted = () => Boolean(signal?.aborted);
    let handled = 0;
    for (;;) {
      const leaseId = newToken();
      const batch = await claimOrRelease(() => claim(leaseId), () => release(leaseId), (leaseSeconds * 1000) / 2, signal);
      for (const item of batch) {
        if (halted()) {
          // Shutting down: hand the rest of the batch back at once rather than after the lease.
          await release(leaseId);
          return handled;
        }
        await deliver(item, leaseId, signal);
        handled++;
      }
      if (batch.length < batchSize || halted()) return handled;
    }
  }

  return { runOnce };
}

export type Pacer = (calls: number, signal?: AbortSignal) => Promise<void>;

/**
 * Spaces Bot API calls at most `perSecond` a second: each message waits until the calls before
 * it have had their share of time. A stopping runner (signal) does not wait.
 */
export function createPacer(perSecond: number, wait: (ms: number, signal?: AbortSignal) => Promise<void> = sleep): Pacer {
  const gapMs = Number.isFinite(perSecond) && perSecond > 0 ? 1000 / perSecond : 0;
  let nextAt = 0;
  return async (calls: number, signal?: AbortSignal): Promise<void> => {
    if (gapMs === 0) return;
    const now = Date.now();
    const start = Math.max(now, nextAt);
    nextAt = start + calls * gapMs;
    if (start > now) await wait(start - now, signal);
  };
}
