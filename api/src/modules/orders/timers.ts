import type { OrdersConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import type { JobLog } from '../../jobs/index.js';
import { claimDue, deferTimer, type OrderTimer } from './queries.js';

/**
 * An order's timers are read from the order itself (docs/JOBS.md, "The order timers"): each
 * is a recurring sweep that takes the orders due by their own columns, so a purchase or a
 * change of state writes no job row. The status is the switch: an order that leaves the state
 * a timer waits for leaves that timer's partial index with it (migration 0075).
 */
export const ORDER_TIMERS = {
  /** DELIVERED and `accept_until` passed: release escrow to the developer. */
  release: 'orders.release',
  /** Still IN_PROGRESS ORDER_AUTO_REFUND_HOURS after `deadline_at`: refund the buyer. */
  overdue: 'orders.overdue',
  /** IN_PROGRESS, `remind_pending`, ORDER_REMIND_BEFORE_HOURS before `deadline_at`: remind the developer. */
  remind: 'orders.remind',
} as const;

export type { OrderTimer };

/** Orders one sweep takes per run; more wait for the next run, so a run stays short. */
export const SWEEP_BATCH = 100;

/** How long an order whose handler failed is passed over before its sweep tries it again. */
export const TIMER_RETRY_MS = 60_000;

/** Acts on one due order, in the transaction that claimed it. */
export type TimerAction = (tx: Executor, orderId: number) => Promise<void>;

/**
 * One run of a timer's sweep: up to SWEEP_BATCH due orders, each in its own transaction (claim
 * and act together, so an order is acted on once however many instances sweep). A failing
 * order is logged and deferred; the batch goes on. Answers how many orders were acted on.
 */
export async function sweep(
  deps: { db: Db; config: { orders: OrdersConfig } },
  timer: OrderTimer,
  act: TimerAction,
  opts: { log: JobLog; signal?: AbortSignal; batch?: number },
): Promise<number> {
  const batch = opts.batch ?? SWEEP_BATCH;
  let acted = 0;
  for (let i = 0; i < batch && !opts.signal?.aborted; i++) {
    const claimed: { id: number | null } = { id: null };
    try {
      await deps.db.transaction(async (tx) => {
        claimed.id = await claimDue(tx, timer, deps.config.orders);
        if (claimed.id !== null) await act(tx, claimed.id);
      });
    } catch (err) {
      // The claim itself failed (the database): the recurring job records it and runs again.
      if (claimed.id === null) throw err;
      opts.log.error({ err, job: ORDER_TIMERS[timer], orderId: claimed.id, retryInMs: TIMER_RETRY_MS }, 'order timer failed, will retry');
      await deferTimer(deps.db, claimed.id, TIMER_RETRY_MS);
      continue;
    }
    if (claimed.id === null) break;
    acted++;
    opts.log.info({ job: ORDER_TIMERS[timer], orderId: claimed.id }, 'order timer done');
  }
  return acted;
}

/**
 * Whether an order (again) in progress with a span of `deadlineHours` is owed the developer's
 * reminder: not when the deadline is too close to remind before it (the new-order or revision
 * message already named it), nor when reminders are off.
 */
export function remindPending(cfg: OrdersConfig, deadlineHours: number): boolean {
  return cfg.remindBeforeHours > 0 && deadlineHours > cfg.remindBeforeHours;
}
