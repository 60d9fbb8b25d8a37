import type { OrdersConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { cancel, reschedule } from '../../jobs/index.js';

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

const HOUR_MS = 3_600_000;
const later = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR_MS);

/** The refund of an order still undelivered ORDER_AUTO_REFUND_HOURS after its deadline. */
export async function scheduleOverdue(tx: Executor, cfg: OrdersConfig, orderId: number, deadlineAt: Date): Promise<void> {
  const payload: OrderJobPayload = { orderId };
  await reschedule(tx, ORDER_JOBS.overdue, { key: String(orderId), runAt: later(deadlineAt, cfg.autoRefundHours), payload });
}

/** An order is (again) in progress with this deadline: its overdue refund and the developer's reminder. */
export async function scheduleDeadline(tx: Executor, cfg: OrdersConfig, orderId: number, deadlineAt: Date): Promise<void> {
  const key = String(orderId);
  const payload: OrderJobPayload = { orderId };
  await scheduleOverdue(tx, cfg, orderId, deadlineAt);
  const remindAt = later(deadlineAt, -cfg.remindBeforeHours);
  // A deadline too close to remind before: the new-order message already named it.
  if (cfg.remindBeforeHours > 0 && remindAt.getTime() > Date.now()) {
    await reschedule(tx, ORDER_JOBS.remind, { key, runAt: remindAt, payload });
  } else {
    await cancel(tx, ORDER_JOBS.remind, key);
  }
}

/** The order left IN_PROGRESS (delivered or refunded): no overdue refund, no reminder. */
export async function cancelDeadline(tx: Executor, orderId: number): Promise<void> {
  await cancel(tx, ORDER_JOBS.overdue, String(orderId));
  await cancel(tx, ORDER_JOBS.remind, String(orderId));
}

/** Delivered: escrow is released at the end of the acceptance window unless the buyer acts. */
export async function scheduleRelease(tx: Executor, orderId: number, acceptUntil: Date): Promise<void> {
  const payload: OrderJobPayload = { orderId };
  await reschedule(tx, ORDER_JOBS.release, { key: String(orderId), runAt: acceptUntil, payload });
}

/** The buyer acted on the delivery (accepted, asked for a revision, disputed) or an admin refunded it. */
export async function cancelRelease(tx: Executor, orderId: number): Promise<void> {
  await cancel(tx, ORDER_JOBS.release, String(orderId));
}

/** Every timer of the order: it is closed. */
export async function cancelAll(tx: Executor, orderId: number): Promise<void> {
  await cancelDeadline(tx, orderId);
  await cancelRelease(tx, orderId);
}
