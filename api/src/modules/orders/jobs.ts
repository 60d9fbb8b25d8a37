import type { Executor } from '../../db/client.js';
import type { JobLog } from '../../jobs/index.js';
import type { CoreDeps } from '../../types/deps.js';
import { refundOverdueIn } from './cancel.js';
import { releaseDueIn } from './escrow.js';
import { notifyReminder } from './notify.js';
import { clearReminder, lockOrder } from './queries.js';
import { ORDER_TIMERS, sweep, type OrderTimer, type TimerAction } from './timers.js';

type TimerDeps = Pick<CoreDeps, 'db' | 'config'>;

/** What each timer does to a due order, in the transaction that claimed it (timers.ts `sweep`). */
function actions(deps: TimerDeps): Record<OrderTimer, TimerAction> {
  return {
    release: (tx, orderId) => releaseDueIn(tx, orderId),
    overdue: (tx, orderId) => refundOverdueIn(tx, deps.config.orders, orderId),
    remind: (tx, orderId) => remindDueIn(tx, orderId),
  };
}

/**
 * The order timers' sweeps, every ORDER_TIMERS_POLL_MS. Each handler re-checks the order's state
 * through the same conditional change a click makes, so an order a person acted on first, or
 * one swept twice, is left alone.
 */
export function registerOrderJobs(deps: TimerDeps & Pick<CoreDeps, 'jobs'>): void {
  const act = actions(deps);
  for (const timer of Object.keys(ORDER_TIMERS) as OrderTimer[]) {
    deps.jobs.every(ORDER_TIMERS[timer], deps.config.orders.timersPollMs, async ({ log, signal }) => {
      await sweep(deps, timer, act[timer], { log, signal });
    });
  }
}

/** Every timer swept until nothing is due (for tests and scripts); answers how many orders were acted on. */
export async function runOrderTimers(deps: TimerDeps, log: JobLog): Promise<number> {
  const act = actions(deps);
  let total = 0;
  for (const timer of Object.keys(ORDER_TIMERS) as OrderTimer[]) {
    for (;;) {
      const n = await sweep(deps, timer, act[timer], { log });
      total += n;
      if (n === 0) break;
    }
  }
  return total;
}

/** Reminds the developer of an order still undelivered before its deadline, once per deadline. */
async function remindDueIn(tx: Executor, orderId: number): Promise<void> {
  const o = await lockOrder(tx, orderId, ['IN_PROGRESS']);
  if (!o) return;
  await clearReminder(tx, orderId);
  // Already past its deadline (no instance ran meanwhile): nothing to remind of.
  if (o.deadlineAt && o.deadlineAt.getTime() > Date.now()) await notifyReminder(tx, o);
}
