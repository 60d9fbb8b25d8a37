import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { takeBackBonusIfUnearned } from '../invites/clawback.js';
import { post } from '../ledger/service.js';
import type { EscrowDeps } from './escrow.js';
import { refundLegs } from './money.js';
import { notifyRefunded } from './notify.js';
import { findOrder, hoursInterval, transition, type Transition } from './queries.js';
import { scheduleOverdue, cancelAll } from './timers.js';

/**
 * Refunds: the whole price goes back from escrow to the buyer when the order turns REFUNDED,
 * whoever cancels it (the buyer after the deadline, the developer before delivery, an admin,
 * the overdue timer). One conditional UPDATE each, so a cancel racing a delivery, an acceptance
 * or a timer ends in one outcome and one movement of money.
 */
async function refund(jobs: EscrowDeps['jobs'], tx: Executor, t: Omit<Transition, 'to'>): Promise<boolean> {
  const moved = await transition(tx, { ...t, to: 'REFUNDED' });
  if (!moved) return false;
  const o = moved.order;
  await cancelAll(jobs, tx, o.id);
  await notifyRefunded(tx, o);
  await post(tx, refundLegs(o.id, o.buyerId, o.price));
  await takeBackBonusIfUnearned(tx, o.buyerId);
  return true;
}

/** The buyer cancels an undelivered order past its deadline and gets the whole price back at once. */
export async function cancelOverdue(deps: EscrowDeps, orderId: number, buyerId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await refund(deps.jobs, tx, {
      orderId,
      from: ['IN_PROGRESS'],
      where: sql`buyer_id = ${buyerId} AND deadline_at <= now()`,
      set: sql`refunded_at = now(), cancelled_by = 'STUDENT'`,
      event: { kind: 'STUDENT_CANCEL', actor: 'STUDENT', actorId: buyerId },
    });
    if (done) return;
    const o = await findOrder(tx, orderId);
    if (!o) throw notFound(MSG.orderNotFound);
    if (o.buyerId !== buyerId) throw forbidden(MSG.orderNotYourPurchase);
    if (o.status === 'IN_PROGRESS') throw conflict(MSG.orderNotOverdue);
    if (o.status === 'DELIVERED' || o.status === 'DISPUTED') throw conflict(MSG.orderAlreadyDelivered);
    throw conflict(MSG.orderClosed);
  });
}

/** The order's developer gives it up before delivering, with a reason the buyer receives: a full refund. */
export async function developerCancel(deps: EscrowDeps, orderId: number, developerId: number, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await refund(deps.jobs, tx, {
      orderId,
      from: ['IN_PROGRESS'],
      where: sql`developer_id = ${developerId}`,
      set: sql`refunded_at = now(), cancelled_by = 'DEVELOPER', cancel_reason = ${reason}`,
      event: { kind: 'DEVELOPER_CANCEL', actor: 'DEVELOPER', actorId: developerId, note: reason },
    });
    if (done) return;
    const o = await findOrder(tx, orderId);
    if (!o) throw notFound(MSG.orderNotFound);
    if (o.developerId !== developerId) throw forbidden(MSG.orderNotYours);
    throw conflict(MSG.orderNotInProgress);
  });
}

/** An admin cancels an order that is not closed yet (in progress, delivered or disputed). */
export async function adminRefund(deps: EscrowDeps, orderId: number, adminId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await refund(deps.jobs, tx, {
      orderId,
      from: ['IN_PROGRESS', 'DELIVERED', 'DISPUTED'],
      // In the SET list `status` is still the old state: a refunded dispute is a resolved one.
      set: sql`refunded_at = now(), cancelled_by = 'ADMIN',
               dispute_outcome = CASE WHEN status = 'DISPUTED' THEN 'REFUND' ELSE dispute_outcome END,
               resolved_by = CASE WHEN status = 'DISPUTED' THEN ${adminId}::bigint ELSE resolved_by END`,
      event: { kind: 'ADMIN_REFUND', actor: 'ADMIN', actorId: adminId },
    });
    if (!done) throw (await findOrder(tx, orderId)) ? conflict(MSG.orderClosed) : notFound(MSG.orderNotFound);
  });
}

/**
 * The `orders.overdue` timer: nothing delivered ORDER_AUTO_REFUND_HOURS after the deadline,
 * so the buyer is refunded. An order delivered or cancelled meanwhile is left alone; one whose
 * deadline moved (a revision, a longer setting) waits for its new time.
 */
export async function refundOverdue(deps: EscrowDeps, orderId: number): Promise<void> {
  const cfg = deps.config.orders;
  await deps.db.transaction(async (tx) => {
    const done = await refund(deps.jobs, tx, {
      orderId,
      from: ['IN_PROGRESS'],
      where: sql`deadline_at + ${hoursInterval(cfg.autoRefundHours)} <= now()`,
      set: sql`refunded_at = now(), cancelled_by = 'SYSTEM'`,
      event: { kind: 'AUTO_REFUND', actor: 'SYSTEM', actorId: null },
    });
    if (done) return;
    const o = await findOrder(tx, orderId);
    if (o?.status === 'IN_PROGRESS' && o.deadlineAt) await scheduleOverdue(deps.jobs, tx, cfg, orderId, o.deadlineAt);
  });
}
