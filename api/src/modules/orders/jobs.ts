import type { CoreDeps } from '../../types/deps.js';
import { refundOverdue } from './cancel.js';
import { releaseDue } from './escrow.js';
import { notifyReminder } from './notify.js';
import { lockOrder } from './queries.js';
import { ORDER_JOBS, type OrderJobPayload } from './timers.js';

declare module '../../jobs/registry.js' {
  interface JobPayloads {
    [ORDER_JOBS.release]: OrderJobPayload;
    [ORDER_JOBS.overdue]: OrderJobPayload;
    [ORDER_JOBS.remind]: OrderJobPayload;
  }
}

/**
 * The handlers of an order's timers (timers.ts schedules them). Each re-reads the order in its
 * own transaction and acts only if the order is still where the timer expects it, so running
 * twice, or after the buyer clicked, does nothing more.
 */
export function registerOrderJobs(deps: CoreDeps): void {
  const opts = { maxAttempts: 10 };
  deps.jobs.define(ORDER_JOBS.release, ({ payload }) => releaseDue(deps, payload.orderId), opts);
  deps.jobs.define(ORDER_JOBS.overdue, ({ payload }) => refundOverdue(deps, payload.orderId), opts);
  deps.jobs.define(ORDER_JOBS.remind, ({ payload }) => remindDue(deps, payload.orderId), opts);
}

/** Reminds the developer of an order still undelivered before its deadline (once per deadline). */
async function remindDue(deps: Pick<CoreDeps, 'db'>, orderId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, ['IN_PROGRESS']);
    // Delivered, cancelled or already past its deadline: nothing to remind of.
    if (!o?.deadlineAt || o.deadlineAt.getTime() <= Date.now()) return;
    await notifyReminder(tx, o);
  });
}
