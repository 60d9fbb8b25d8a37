import { DAY_MS, MSG, REVIEW_EDIT_HOURS, REVIEW_WINDOW_DAYS, type MyReview, type Review, type ReviewBody } from '@zalik/contract';
import type { Db, Executor } from '../../db/client.js';
import { conflict, forbidden, notFound, type HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { insertReply, insertReview, markHidden, orderFacts, reviewById, reviewOfOrder, toMyReview, toReview, updateReview } from './queries.js';

/**
 * Reviews of orders. Every write is one conditional statement (the order's state, its buyer,
 * the windows and the review's own state in its WHERE), so a double tap or two devices change
 * a review once; when it matches nothing, the rows are read again to say why.
 */

/** Why the buyer may not review this order (read after the INSERT matched nothing). */
async function reviewRefusal(ex: Executor, orderId: number, buyerId: number): Promise<HttpError> {
  const o = await orderFacts(ex, orderId);
  if (!o) return notFound(MSG.orderNotFound);
  if (Number(o.buyer_id) !== buyerId) return forbidden(MSG.orderNotYourPurchase);
  if (await reviewOfOrder(ex, orderId)) return conflict(MSG.reviewExists);
  if (o.status === 'REFUNDED') return conflict(MSG.reviewOrderRefunded);
  if (o.status !== 'DONE') return conflict(MSG.reviewOrderNotDone);
  if (o.free_take) return conflict(MSG.reviewFreeTake);
  return conflict(MSG.reviewWindowClosed(REVIEW_WINDOW_DAYS));
}

/** The buyer rates a DONE paid order, once (201); a second review, or the loser of a race, is refused with 409. */
export async function createReview(db: Db, orderId: number, buyerId: number, body: ReviewBody): Promise<MyReview> {
  return db.transaction(async (tx) => {
    const made = await insertReview(tx, orderId, buyerId, body.rating, body.text);
    if (!made) throw await reviewRefusal(tx, orderId, buyerId);
    return toMyReview(made);
  });
}

/** The buyer changes their review within REVIEW_EDIT_HOURS of writing it, unless an admin hid it. */
export async function editReview(db: Db, orderId: number, buyerId: number, body: ReviewBody): Promise<MyReview> {
  return db.transaction(async (tx) => {
    const changed = await updateReview(tx, orderId, buyerId, body.rating, body.text);
    if (changed) return toMyReview(changed);
    const o = await orderFacts(tx, orderId);
    if (!o) throw notFound(MSG.orderNotFound);
    if (Number(o.buyer_id) !== buyerId) throw forbidden(MSG.orderNotYourPurchase);
    const r = await reviewOfOrder(tx, orderId);
    if (!r) throw notFound(MSG.reviewNotFound);
    if (r.hidden_at !== null) throw conflict(MSG.reviewHiddenByModerator);
    throw conflict(MSG.reviewEditExpired(REVIEW_EDIT_HOURS));
  });
}

/** The reviewed order's developer answers once (201). */
export async function replyToReview(db: Db, reviewId: number, developerId: number, text: string): Promise<Review> {
  return db.transaction(async (tx) => {
    const answered = await insertReply(tx, reviewId, developerId, text);
    if (answered) return toReview(answered);
    const r = await reviewById(tx, reviewId);
    // A hidden review is out of view for everyone but its author and admins: not found for its developer.
    if (!r || (r.hidden_at !== null && Number(r.developer_id) !== developerId)) throw notFound(MSG.reviewNotFound);
    if (Number(r.developer_id) !== developerId) throw forbidden(MSG.reviewNotYourTask);
    if (r.hidden_at !== null) throw conflict(MSG.reviewHiddenByModerator);
    throw conflict(MSG.reviewReplyExists);
  });
}

/** An admin hides a review with a reason, once; the row in the audit trail commits with it. */
export async function hideReview(db: Db, reviewId: number, adminId: number, reason: string): Promise<Review> {
  return db.transaction(async (tx) => {
    const hidden = await markHidden(tx, reviewId, adminId, reason);
    if (!hidden) throw (await reviewById(tx, reviewId)) ? conflict(MSG.reviewAlreadyHidden) : notFound(MSG.reviewNotFound);
    await recordAudit(tx, {
      adminId,
      action: 'review.hide',
      target: `review:${hidden.id}`,
      userId: Number(hidden.buyer_id),
      before: { hidden: false, rating: Number(hidden.rating), taskId: String(hidden.task_id), orderId: String(hidden.order_id) },
      after: { hidden: true, reason },
    });
    return toReview(hidden, true);
  });
}

/**
 * Until when the buyer may still review this order: a DONE paid order without a review, within
 * REVIEW_WINDOW_DAYS of its end; null otherwise. The history item carries it, so the app offers
 * the review sheet exactly when the server would take it.
 */
export function reviewUntil(
  o: { status: string; freeTake: boolean; completedAt: Date | null },
  reviewed: boolean,
  now = Date.now(),
): string | null {
  if (reviewed || o.status !== 'DONE' || o.freeTake || !o.completedAt) return null;
  const until = o.completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS;
  return until > now ? new Date(until).toISOString() : null;
}
