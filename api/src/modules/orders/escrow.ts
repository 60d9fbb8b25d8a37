import { recordAudit } from '../audit/index.js';
import { sql } from 'drizzle-orm';
import { MSG, kopecksToUah, type DisputeOutcome } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound, type HttpError } from '../../lib/errors.js';
import type { CoreDeps } from '../../types/deps.js';
import { takeBackBonusIfUnearned } from '../invites/index.js';
import { post } from '../ledger/index.js';
import { payoutLegs, refundLegs } from './money.js';
import { notifyDisputeResolved, notifyDisputed, notifyReleased, notifyRevision } from './notify.js';
import { findOrder, remindPendingSql, transition } from './queries.js';
import { developerShare, type Order } from './rows.js';

/**
 * What happens to a delivered order: the buyer accepts, asks for a revision or disputes; the
 * acceptance window ends; an admin resolves a dispute. Each is one `transition` (a conditional
 * UPDATE on the status) with its ledger legs and messages in the same transaction, so a double
 * click, two instances or a timer racing a click change the order and move money once. The new
 * status is what starts or stops the order's timers (timers.ts).
 */
export type EscrowDeps = Pick<CoreDeps, 'db' | 'config'>;

/**
 * Why a buyer's action on a delivery was refused: read after the conditional UPDATE matched
 * nothing. `revisionLimit` is given for a revision, the one action that has a limit.
 */
async function buyerRefusal(ex: Executor, orderId: number, buyerId: number, revisionLimit?: number): Promise<HttpError> {
  const o = await findOrder(ex, orderId);
  if (!o) return notFound(MSG.orderNotFound);
  if (o.buyerId !== buyerId) return forbidden(MSG.orderNotYourPurchase);
  if (o.status === 'IN_PROGRESS') return conflict(MSG.orderNotDelivered);
  if (o.status === 'DISPUTED') return conflict(MSG.orderDisputed);
  if (o.status === 'DELIVERED' && revisionLimit !== undefined && o.revisions >= revisionLimit) return conflict(MSG.revisionsExhausted(revisionLimit));
  if (o.status === 'DELIVERED') return conflict(MSG.orderAcceptExpired);
  return conflict(MSG.orderClosed);
}

/** Escrow pays the developer (their share and the platform's fee); they are told, and the buyer too when nobody clicked. */
async function payOut(tx: Executor, o: Order, how: 'ACCEPTED' | 'AUTO'): Promise<void> {
  await notifyReleased(tx, o, kopecksToUah(developerShare(o)), how);
  // Money last, so the developer's dev wallet stays locked only briefly.
  await post(tx, payoutLegs(o.id, o.developerId, o.price, o.platformFeePercent, 'ESCROW_RELEASE'));
}

/** The buyer accepts the delivery: escrow is released at once (even if the window just ended and its timer has not run yet). */
export async function accept(deps: EscrowDeps, orderId: number, buyerId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const moved = await transition(tx, {
      orderId,
      from: ['DELIVERED'],
      to: 'DONE',
      where: sql`buyer_id = ${buyerId}`,
      set: sql`completed_at = now()`,
      event: { kind: 'ACCEPT', actor: 'STUDENT', actorId: buyerId },
    });
    if (!moved) throw await buyerRefusal(tx, orderId, buyerId);
    await payOut(tx, moved.order, 'ACCEPTED');
  });
}

/** The buyer asks for changes within the window: back to IN_PROGRESS with a new deadline (and its reminder), the money stays in escrow. */
export async function revise(deps: EscrowDeps, orderId: number, buyerId: number, comment: string): Promise<void> {
  const cfg = deps.config.orders;
  await deps.db.transaction(async (tx) => {
    const moved = await transition(tx, {
      orderId,
      from: ['DELIVERED'],
      to: 'IN_PROGRESS',
      where: sql`buyer_id = ${buyerId} AND revisions < ${cfg.maxRevisions} AND accept_until > now()`,
      // The order's own span (its task's, fixed at purchase), counted from now.
      set: sql`revisions = revisions + 1, revision_comment = ${comment}, accept_until = NULL,
               deadline_at = now() + make_interval(secs => COALESCE(deadline_hours, ${cfg.deadlineHours}::numeric) * 3600),
               remind_pending = ${remindPendingSql(cfg)}`,
      event: { kind: 'REVISION', actor: 'STUDENT', actorId: buyerId, note: comment },
    });
    if (!moved) throw await buyerRefusal(tx, orderId, buyerId, cfg.maxRevisions);
    const o = moved.order;
    await notifyRevision(tx, o, Math.max(0, cfg.maxRevisions - o.revisions));
  });
}

/** The buyer disputes the delivery within the window: escrow holds the money until an admin decides; no automatic release. */
export async function dispute(deps: EscrowDeps, orderId: number, buyerId: number, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const moved = await transition(tx, {
      orderId,
      from: ['DELIVERED'],
      to: 'DISPUTED',
      where: sql`buyer_id = ${buyerId} AND accept_until > now()`,
      set: sql`dispute_reason = ${reason}, disputed_at = now()`,
      event: { kind: 'DISPUTE', actor: 'STUDENT', actorId: buyerId, note: reason },
    });
    if (!moved) throw await buyerRefusal(tx, orderId, buyerId);
    await notifyDisputed(tx, moved.order, deps.config.adminTelegramIds);
  });
}

/** An admin decides an open dispute, once: RELEASE pays the developer, REFUND returns the whole price to the buyer. */
export async function resolve(deps: EscrowDeps, orderId: number, adminId: number, outcome: DisputeOutcome): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const release = outcome === 'RELEASE';
    const moved = await transition(tx, {
      orderId,
      from: ['DISPUTED'],
      to: release ? 'DONE' : 'REFUNDED',
      set: release
        ? sql`dispute_outcome = 'RELEASE', resolved_by = ${adminId}, completed_at = now()`
        : sql`dispute_outcome = 'REFUND', resolved_by = ${adminId}, refunded_at = now(), cancelled_by = 'ADMIN'`,
      event: { kind: release ? 'RESOLVE_RELEASE' : 'RESOLVE_REFUND', actor: 'ADMIN', actorId: adminId },
    });
    if (!moved) throw (await findOrder(tx, orderId)) ? conflict(MSG.disputeNotOpen) : notFound(MSG.orderNotFound);
    const o = moved.order;
    await notifyDisputeResolved(tx, o, outcome, kopecksToUah(release ? developerShare(o) : o.price));
    await post(tx, release ? payoutLegs(o.id, o.developerId, o.price, o.platformFeePercent, 'ESCROW_RELEASE') : refundLegs(o.id, o.buyerId, o.price));
    if (!release) await takeBackBonusIfUnearned(tx, o.buyerId);
    await recordAudit(tx, {
      adminId,
      action: 'dispute.resolve',
      target: `order:${o.id}`,
      userId: o.buyerId,
      before: { status: 'DISPUTED' },
      after: { status: release ? 'DONE' : 'REFUNDED', outcome, priceUah: kopecksToUah(o.price) },
    });
  });
}

/**
 * The `orders.release` timer, on an order its sweep claimed in `tx`: the acceptance window
 * ended with no answer, so escrow is released. An order the buyer already acted on, or whose
 * window is not over, is left alone.
 */
export async function releaseDueIn(tx: Executor, orderId: number): Promise<void> {
  const moved = await transition(tx, {
    orderId,
    from: ['DELIVERED'],
    to: 'DONE',
    where: sql`accept_until <= now()`,
    set: sql`completed_at = now()`,
    event: { kind: 'AUTO_RELEASE', actor: 'SYSTEM', actorId: null },
  });
  if (moved) await payOut(tx, moved.order, 'AUTO');
}

/** `releaseDueIn` in a transaction of its own. */
export async function releaseDue(deps: Pick<EscrowDeps, 'db'>, orderId: number): Promise<void> {
  await deps.db.transaction((tx) => releaseDueIn(tx, orderId));
}
