import { recordAudit } from '../audit/index.js';
import { sql } from 'drizzle-orm';
import type { OrdersConfig } from '../../config.js';
import { MSG, kopecksToUah, type OrderStatus } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { takeBackBonusIfUnearned } from '../invites/index.js';
import { InsufficientFunds, post, type Leg } from '../ledger/index.js';
import type { EscrowDeps } from './escrow.js';
import { refundLegs, reversalLegs } from './money.js';
import { notifyRefunded } from './notify.js';
import { findOrder, hoursInterval, transition, type Transition } from './queries.js';
import type { Order } from './rows.js';

/**
 * Refunds: the whole price goes back from escrow to the buyer when the order turns REFUNDED,
 * whoever cancels it (the buyer after the deadline, the developer before delivery, an admin,
 * the overdue timer). One conditional UPDATE each, so a cancel racing a delivery, an acceptance
 * or a timer ends in one outcome and one movement of money.
 */
async function refund(
  tx: Executor,
  t: Omit<Transition, 'to'>,
  legs: (o: Order, from: OrderStatus) => Leg[] = (o) => refundLegs(o.id, o.buyerId, o.price),
): Promise<Awaited<ReturnType<typeof transition>>> {
  const moved = await transition(tx, { ...t, to: 'REFUNDED' });
  if (!moved) return null;
  const o = moved.order;
  await notifyRefunded(tx, o);
  await post(tx, legs(o, moved.from));
  await takeBackBonusIfUnearned(tx, o.buyerId);
  return moved;
}

/** The buyer cancels an undelivered order past its deadline and gets the whole price back at once. */
export async function cancelOverdue(deps: EscrowDeps, orderId: number, buyerId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await refund(tx, {
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

/**
 * The order's developer cancels it, and the buyer gets the whole price back (docs/LEDGER.md,
 * "A developer cancels an order"). Before delivery any reason will do, none included (the
 * newest client sends `""`); a delivered, disputed or completed order needs one. Money still in
 * escrow comes back from escrow; money already released comes back from the developer's dev
 * wallet and the platform's fee, and when the dev wallet no longer holds the developer's share
 * nothing changes and the developer is told so.
 */
export async function developerCancel(deps: EscrowDeps, orderId: number, developerId: number, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await findOrder(tx, orderId);
    if (!current) throw notFound(MSG.orderNotFound);
    if (current.developerId !== developerId) throw forbidden(MSG.orderNotYours);
    if (current.status === 'REFUNDED') throw conflict(MSG.orderClosed);
    if (current.status !== 'IN_PROGRESS' && !reason) throw badRequest(MSG.cancelReasonRequired);
    const moveMoney = (o: Order, from: OrderStatus) =>
      from === 'DONE' ? reversalLegs(o.id, o.buyerId, o.developerId, o.price, o.platformFeePercent) : refundLegs(o.id, o.buyerId, o.price);
    try {
      const done = await refund(
        tx,
        {
          orderId,
          // Only the state read above: a change racing this one (an acceptance, a delivery) makes it refuse, not pick other money.
          from: [current.status],
          where: sql`developer_id = ${developerId}`,
          set: sql`refunded_at = now(), cancelled_by = 'DEVELOPER', cancel_reason = ${reason || null}`,
          event: { kind: 'DEVELOPER_CANCEL', actor: 'DEVELOPER', actorId: developerId, note: reason || null },
        },
        moveMoney,
      );
      if (!done) throw conflict(MSG.orderChangedMeanwhile);
    } catch (err) {
      if (err instanceof InsufficientFunds) throw conflict(MSG.cancelDevWalletShort);
      throw err;
    }
  });
}

/** An admin cancels an order that is not closed yet (in progress, delivered or disputed). */
export async function adminRefund(deps: EscrowDeps, orderId: number, adminId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const done = await refund(tx, {
      orderId,
      from: ['IN_PROGRESS', 'DELIVERED', 'DISPUTED'],
      // In the SET list `status` is still the old state: a refunded dispute is a resolved one.
      set: sql`refunded_at = now(), cancelled_by = 'ADMIN',
               dispute_outcome = CASE WHEN status = 'DISPUTED' THEN 'REFUND' ELSE dispute_outcome END,
               resolved_by = CASE WHEN status = 'DISPUTED' THEN ${adminId}::bigint ELSE resolved_by END`,
      event: { kind: 'ADMIN_REFUND', actor: 'ADMIN', actorId: adminId },
    });
    if (!done) throw (await findOrder(tx, orderId)) ? conflict(MSG.orderClosed) : notFound(MSG.orderNotFound);
    await recordAudit(tx, {
      adminId,
      action: 'order.refund',
      target: `order:${done.order.id}`,
      userId: done.order.buyerId,
      before: { status: done.from },
      after: { status: 'REFUNDED', priceUah: kopecksToUah(done.order.price) },
    });
  });
}

/**
 * The `orders.overdue` timer, on an order its sweep claimed in `tx`: nothing delivered
 * ORDER_AUTO_REFUND_HOURS after the deadline, so the buyer is refunded. An order delivered or
 * cancelled meanwhile, or whose deadline moved (a revision), is left alone.
 */
export async function refundOverdueIn(tx: Executor, cfg: OrdersConfig, orderId: number): Promise<void> {
  await refund(tx, {
    orderId,
    from: ['IN_PROGRESS'],
    where: sql`deadline_at + ${hoursInterval(cfg.autoRefundHours)} <= now()`,
    set: sql`refunded_at = now(), cancelled_by = 'SYSTEM'`,
    event: { kind: 'AUTO_REFUND', actor: 'SYSTEM', actorId: null },
  });
}

/** `refundOverdueIn` in a transaction of its own. */
export async function refundOverdue(deps: Pick<EscrowDeps, 'db' | 'config'>, orderId: number): Promise<void> {
  await deps.db.transaction((tx) => refundOverdueIn(tx, deps.config.orders, orderId));
}
