import { sql } from 'drizzle-orm';
import { PROFILE_LATEST_REVIEWS } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';
import type { ReviewRow } from './queries.js';

/** An author's figures, read in one statement (each a subquery on an index of its own table). */
export interface AuthorRow {
  telegram_id: number | string;
  username: string;
  photo: string;
  created_at: Date | string;
  visible_tasks: number | string;
  orders_completed: number | string;
  deliveries: number | string;
  on_time: number | string;
  rating_average: number | string | null;
  /** Visible reviews with 1..5 stars (a JSON array, or its text from one driver). */
  distribution: number[] | string;
}

/**
 * The author's row and figures; undefined when the user does not exist or is no author (neither
 * the developer role nor a task in the catalogue). Completed orders are paid ones that ended
 * DONE (a free take is the author's own or an admin's); deliveries are manual orders delivered
 * at least once, on time when the latest delivery came before the deadline it answered (a
 * revision moves both).
 */
export function authorFigures(ex: Executor, telegramId: number): Promise<AuthorRow | undefined> {
  return row<AuthorRow>(
    ex,
    sql`SELECT u.telegram_id, u.username, u.photo, u.created_at,
          (SELECT count(*) FROM tasks t JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id
            WHERE t.developer_id = u.telegram_id AND t.visible
              AND t.deleted_at IS NULL AND te.deleted_at IS NULL AND s.deleted_at IS NULL) AS visible_tasks,
          (SELECT count(*) FROM orders o WHERE o.developer_id = u.telegram_id AND o.status = 'DONE' AND NOT o.free_take) AS orders_completed,
          d.deliveries, d.on_time,
          (SELECT round(avg(r.rating), 1) FROM reviews r WHERE r.developer_id = u.telegram_id AND r.hidden_at IS NULL) AS rating_average,
          (SELECT json_build_array(
              count(*) FILTER (WHERE r.rating = 1), count(*) FILTER (WHERE r.rating = 2), count(*) FILTER (WHERE r.rating = 3),
              count(*) FILTER (WHERE r.rating = 4), count(*) FILTER (WHERE r.rating = 5))
            FROM reviews r WHERE r.developer_id = u.telegram_id AND r.hidden_at IS NULL) AS distribution
        FROM users u
        CROSS JOIN LATERAL (
          SELECT count(*) AS deliveries, count(*) FILTER (WHERE o.delivered_at <= o.deadline_at) AS on_time
          FROM orders o
          WHERE o.developer_id = u.telegram_id AND NOT o.auto_generate AND NOT o.free_take
            AND o.delivered_at IS NOT NULL AND o.deadline_at IS NOT NULL AND o.status <> 'IN_PROGRESS') d
        WHERE u.telegram_id = ${telegramId}
          AND (EXISTS (SELECT 1 FROM user_roles ur WHERE ur.telegram_id = u.telegram_id AND ur.role = 'ROLE_DEVELOPER')
            OR EXISTS (SELECT 1 FROM tasks t WHERE t.developer_id = u.telegram_id AND t.deleted_at IS NULL))`,
  );
}

/** How many of an author's latest answered orders the median of the first answer is taken over. */
const FIRST_ANSWER_SAMPLE = 100;

/**
 * The median minutes from a purchase to the author's first answer, over their latest answered
 * manual orders; null when none was answered yet. The first answer is the author's first line in
 * the order's thread (a message, or the delivery's or cancellation's line), or, for orders from
 * before threads, their first event in the order's history.
 */
export async function firstAnswerMinutes(ex: Executor, telegramId: number): Promise<number | null> {
  const r = await row<{ minutes: number | string | null }>(
    ex,
    sql`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a.seconds) / 60 AS minutes
        FROM (
          SELECT extract(epoch FROM (first_answer.at - o.created_at)) AS seconds
          FROM orders o
          CROSS JOIN LATERAL (
            SELECT LEAST(
              (SELECT min(m.created_at) FROM order_messages m WHERE m.order_id = o.id AND m.author_id = o.developer_id),
              (SELECT min(e.created_at) FROM order_events e WHERE e.order_id = o.id AND e.actor = 'DEVELOPER' AND e.actor_id = o.developer_id)
            ) AS at) first_answer
          WHERE o.developer_id = ${telegramId} AND NOT o.auto_generate AND NOT o.free_take AND first_answer.at IS NOT NULL
          ORDER BY o.created_at DESC, o.id DESC
          LIMIT ${FIRST_ANSWER_SAMPLE}) a`,
  );
  return r?.minutes === null || r?.minutes === undefined ? null : Math.round(Number(r.minutes));
}

/** The author's latest visible reviews, newest first. */
export function latestReviewsOf(ex: Executor, telegramId: number): Promise<ReviewRow[]> {
  return rows<ReviewRow>(
    ex,
    sql`SELECT r.*, o.task_title, b.first_name AS author_name
        FROM reviews r JOIN orders o ON o.id = r.order_id JOIN users b ON b.telegram_id = r.buyer_id
        WHERE r.developer_id = ${telegramId} AND r.hidden_at IS NULL
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${PROFILE_LATEST_REVIEWS}`,
  );
}
