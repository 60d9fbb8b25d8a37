import { sql, type SQL } from 'drizzle-orm';
import { HOUR_MS, MSG, REVIEW_EDIT_HOURS, REVIEW_WINDOW_DAYS, type MyReview, type Rating, type Review } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';
import { idIn } from '../../db/ids.js';

/** The window and the edit span as SQL intervals (the contract's numbers). */
const WINDOW = sql`make_interval(days => ${REVIEW_WINDOW_DAYS})`;
const EDIT_SPAN = sql`make_interval(hours => ${REVIEW_EDIT_HOURS})`;

/** A review row with what its answers show: the buyer's first name and the task's title as bought. */
export interface ReviewRow {
  id: number | string;
  order_id: number | string;
  task_id: number | string;
  developer_id: number | string;
  buyer_id: number | string;
  rating: number | string;
  text: string;
  created_at: Date | string;
  edited_at: Date | string | null;
  reply_text: string | null;
  replied_at: Date | string | null;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  task_title: string;
  author_name: string;
}

/** The columns every read of a review selects (`r` the review, joined to its order `o` and buyer `b`). */
const COLUMNS = sql`r.*, o.task_title, b.first_name AS author_name`;
const FROM = sql`reviews r JOIN orders o ON o.id = r.order_id JOIN users b ON b.telegram_id = r.buyer_id`;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/**
 * A review as the contract shows it. `showHidden`: the reader is its author or an admin, who
 * see why it is hidden; nobody else is ever handed a hidden one.
 */
export function toReview(r: ReviewRow, showHidden = false): Review {
  const hidden = r.hidden_at !== null;
  return {
    id: String(r.id),
    taskId: String(r.task_id),
    taskTitle: r.task_title,
    rating: Number(r.rating),
    text: r.text,
    authorName: r.author_name.trim() || MSG.reviewAuthorFallback,
    createdAt: iso(r.created_at),
    editedAt: isoOrNull(r.edited_at),
    reply: r.reply_text === null ? null : { text: r.reply_text, createdAt: iso(r.replied_at!) },
    hidden: hidden && showHidden,
    hiddenReason: showHidden ? r.hidden_reason : null,
  };
}

/** The buyer's own view: hidden shown as hidden, and until when it may still change. */
export function toMyReview(r: ReviewRow, now = Date.now()): MyReview {
  const until = new Date(r.created_at).getTime() + REVIEW_EDIT_HOURS * HOUR_MS;
  return { ...toReview(r, true), editableUntil: r.hidden_at === null && until > now ? new Date(until).toISOString() : null };
}

async function reviewWhere(ex: Executor, where: SQL): Promise<ReviewRow | undefined> {
  return row<ReviewRow>(ex, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}`);
}
export const reviewById = (ex: Executor, id: number) => reviewWhere(ex, sql`r.id = ${id}`);
export const reviewOfOrder = (ex: Executor, orderId: number) => reviewWhere(ex, sql`r.order_id = ${orderId}`);

/** `RETURNING` of a write, read again with its joins in the same statement (one round trip). */
async function written(ex: Executor, write: SQL): Promise<ReviewRow | undefined> {
  return row<ReviewRow>(ex, sql`WITH w AS (${write} RETURNING *) SELECT w.*, o.task_title, b.first_name AS author_name
    FROM w JOIN orders o ON o.id = w.order_id JOIN users b ON b.telegram_id = w.buyer_id`);
}

/**
 * The review of a reviewable order, in one statement: the order is the buyer's, DONE, paid (not
 * a free take) and ended within REVIEW_WINDOW_DAYS. The order's UNIQUE makes a second review,
 * or the loser of two racing ones, insert nothing; undefined then, and the caller says why.
 */
export function insertReview(ex: Executor, orderId: number, buyerId: number, rating: number, text: string) {
  return written(
    ex,
    sql`INSERT INTO reviews (order_id, task_id, developer_id, buyer_id, rating, text)
        SELECT o.id, o.task_id, o.developer_id, o.buyer_id, ${rating}, ${text} FROM orders o
        WHERE o.id = ${orderId} AND o.buyer_id = ${buyerId} AND o.status = 'DONE' AND NOT o.free_take
          AND o.completed_at > now() - ${WINDOW}
        ON CONFLICT (order_id) DO NOTHING`,
  );
}

/** The buyer changes their review while it is young and not hidden. */
export function updateReview(ex: Executor, orderId: number, buyerId: number, rating: number, text: string) {
  return written(
    ex,
    sql`UPDATE reviews SET rating = ${rating}, text = ${text}, edited_at = now()
        WHERE order_id = ${orderId} AND buyer_id = ${buyerId} AND hidden_at IS NULL AND created_at > now() - ${EDIT_SPAN}`,
  );
}

/** The order's developer answers, once, a review that is not hidden. */
export function insertReply(ex: Executor, reviewId: number, developerId: number, text: string) {
  return written(
    ex,
    sql`UPDATE reviews SET reply_text = ${text}, replied_at = now()
        WHERE id = ${reviewId} AND developer_id = ${developerId} AND reply_text IS NULL AND hidden_at IS NULL`,
  );
}

export function markHidden(ex: Executor, reviewId: number, adminId: number, reason: string) {
  return written(
    ex,
    sql`UPDATE reviews SET hidden_at = now(), hidden_by = ${adminId}, hidden_reason = ${reason} WHERE id = ${reviewId} AND hidden_at IS NULL`,
  );
}

/** What a refusal needs to know about an order. */
export interface OrderFacts {
  buyer_id: number | string;
  status: string;
  free_take: boolean;
  completed_at: Date | string | null;
  /** The order ended long enough ago that its review window closed. */
  window_closed: boolean;
}

export function orderFacts(ex: Executor, orderId: number): Promise<OrderFacts | undefined> {
  return row<OrderFacts>(
    ex,
    sql`SELECT buyer_id, status, free_take, completed_at, (completed_at IS NULL OR completed_at <= now() - ${WINDOW}) AS window_closed
        FROM orders WHERE id = ${orderId}`,
  );
}

/** One page of a task's reviews, newest first; hidden ones too for admins. One more row tells whether it is the last page. */
export async function taskReviewPage(ex: Executor, taskId: number, withHidden: boolean, page: number, limit: number): Promise<{ content: Review[]; last: boolean }> {
  const found = await rows<ReviewRow>(
    ex,
    sql`SELECT ${COLUMNS} FROM ${FROM}
        WHERE r.task_id = ${taskId} ${withHidden ? sql`` : sql`AND r.hidden_at IS NULL`}
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit + 1} OFFSET ${page * limit}`,
  );
  return { content: found.slice(0, limit).map((r) => toReview(r, withHidden)), last: found.length <= limit };
}

/** The reviews of these orders, for their buyer's history (one statement, whatever the count). */
export async function reviewsOfOrders(ex: Executor, orderIds: number[]): Promise<Map<number, MyReview>> {
  if (orderIds.length === 0) return new Map();
  const found = await rows<ReviewRow>(ex, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${idIn(sql`r.order_id`, orderIds)}`);
  const now = Date.now();
  return new Map(found.map((r) => [Number(r.order_id), toMyReview(r, now)]));
}

/**
 * A task's rating as columns `rating_average` (one decimal) and `rating_count` of a task row
 * `taskId` names, for the catalogue's task query (a LATERAL join's body). Only visible reviews
 * count; the stars are read from the `reviews_task_visible` index.
 */
export const taskRatingSql = (taskId: SQL): SQL =>
  sql`SELECT COALESCE(round(avg(rv.rating), 1), 0) AS rating_average, count(*) AS rating_count
      FROM reviews rv WHERE rv.task_id = ${taskId} AND rv.hidden_at IS NULL`;

/** The rating columns as the contract's shape (numeric and bigint may arrive as strings). */
export const toRating = (average: number | string | null | undefined, count: number | string | null | undefined): Rating => ({
  average: Number(average ?? 0),
  count: Number(count ?? 0),
});
