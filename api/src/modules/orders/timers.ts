import { HOUR_MS } from '@zalik/contract';
import type { OrdersConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import type { JobRegistry, Reschedule } from '../../jobs/index.js';

/**
 * An order's timers are one-off jobs keyed by the order id (docs/JOBS.md), scheduled and
 * cancelled in the transaction of the change of state that makes them due or moot. Their
 * handlers (jobs.ts) re-check the state, so a timer that fires after a click finds nothing to do.
 */
export const ORDER_JOBS = {
  /** DELIVERED and the acceptance window ended: release escrow to the developer. */
  release: 'orders.release',
  /** Still IN_PROGRESS ORDER_AUTO_REFUND_HOURS after the deadline: refund the buyer. */
  overdue: 'orders.overdue',
  /** ORDER_REMIND_BEFORE_HOURS before the deadline: remind the developer. */
  remind: 'orders.remind',
} as const;

export interface OrderJobPayload {
  orderId: number;
}

const later = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR_MS);

/** A timer to set: a job's name, its key (the order id) and when it runs. */
export interface OrderTimer {
  name: OrderJobName;
  opts: Reschedule<OrderJobName>;
}

type OrderJobName = (typeof ORDER_JOBS)[keyof typeof ORDER_JOBS];

const overdueTimer = (cfg: OrdersConfig, orderId: number, deadlineAt: Date): OrderTimer => ({
  name: ORDER_JOBS.overdue,
  opts: { key: String(orderId), runAt: later(deadlineAt, cfg.autoRefundHours), payload: { orderId } },
});

/**
 * The timers of an order (again) in progress with this deadline: its overdue refund and, unless
 * the deadline is too close to remind before (the new-order message already named it), the
 * developer's reminder.
 */
export function deadlineTimers(cfg: OrdersConfig, orderId: number, deadlineAt: Date): OrderTimer[] {
  const remindAt = later(deadlineAt, -cfg.remindBeforeHours);
  const remind = cfg.remindBeforeHours > 0 && remindAt.getTime() > Date.now();
  return [
    overdueTimer(cfg, orderId, deadlineAt),
    ...(remind ? [{ name: ORDER_JOBS.remind, opts: { key: String(orderId), runAt: remindAt, payload: { orderId } } }] : []),
  ];
}

/** The refund of an order still undelivered ORDER_AUTO_REFUND_HOURS after its deadline. */
export async function scheduleOverdue(jobs: JobRegistry, tx: Executor, cfg: OrdersConfig, orderId: number, deadlineAt: Date): Promise<void> {
  const t = overdueTimer(cfg, orderId, deadlineAt);
  await jobs.reschedule(tx, t.name, t.opts);
}

/** An order is (again) in progress with this deadline: its overdue refund and the developer's reminder. */
export async function scheduleDeadline(jobs: JobRegistry, tx: Executor, cfg: OrdersConfig, orderId: number, deadlineAt: Date): Promise<void> {
  const timers = deadlineTimers(cfg, orderId, deadlineAt);
  for (const t of timers) await jobs.reschedule(tx, t.name, t.opts);
  if (!timers.some((t) => t.name === ORDER_JOBS.remind)) await jobs.cancel(tx, ORDER_JOBS.remind, String(orderId));
}

/** The order left IN_PROGRESS (delivered or refunded): no overdue refund, no reminder. */
export async function cancelDeadline(jobs: JobRegistry, tx: Executor, orderId: number): Promise<void> {
  await jobs.cancel(tx, ORDER_JOBS.overdue, String(orderId));
  await jobs.cancel(tx, ORDER_JOBS.remind, String(orderId));
}

/** Delivered: escrow is released at the end of the acceptance window unless the buyer acts. */
export async function scheduleRelease(jobs: JobRegistry, tx: Executor, orderId: number, acceptUntil: Date): Promise<void> {
  const payload: OrderJobPayload = { orderId };
  await jobs.reschedule(tx, ORDER_JOBS.release, { key: String(orderId), runAt: acceptUntil, payload });
}

/** The buyer acted on the delivery (accepted, asked for a revision, disputed) or an admin refunded it. */
export async function cancelRelease(jobs: JobRegistry, tx: Executor, orderId: number): Promise<void> {
  await jobs.cancel(tx, ORDER_JOBS.release, String(orderId));
}

/** Every timer of the order: it is closed. */
export async function cancelAll(jobs: JobRegistry, tx: Executor, orderId: number): Promise<void> {
  await cancelDeadline(jobs, tx, orderId);
  await cancelRelease(jobs, tx, orderId);
}
