import { sql } from 'drizzle-orm';
import { DASHBOARD_TOP_LIMIT, kopecksToUah, type DashboardDay, type LeaderboardDeveloper, type TopSubject, type TopTask } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';
import { SYSTEM } from '../ledger/index.js';
import { DEADLINE, DELIVERED_AT } from './clock.js';
import { bounds, TZ, type Span } from './period.js';

type Num = number | string | null;
const uah = (v: Num) => kopecksToUah(Number(v ?? 0));

/**
 * Each of the `days` Kyiv days up to now, oldest first: orders placed (free takes left out),
 * by kind, and the money of the day (what students paid for orders, what the platform kept).
 */
export async function dailyChart(ex: Executor, days: number, now: Date): Promise<DashboardDay[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`((${at}) AT TIME ZONE ${TZ})::date`;
  const start = sql`((${today} - ${days - 1}::int)::timestamp AT TIME ZONE ${TZ})`;
  const day = sql`((created_at AT TIME ZONE ${TZ})::date)`;
  const r = await rows<{ date: string; purchases: Num; auto: Num; sales: Num; fees: Num }>(
    ex,
    sql`WITH days AS (
          SELECT d::date AS day FROM generate_series(${today} - ${days - 1}::int, ${today}, interval '1 day') d
        ), placed AS (
          SELECT ${day} AS day, count(*) AS purchases, count(*) FILTER (WHERE auto_generate) AS auto
          FROM orders WHERE NOT free_take AND created_at >= ${start} AND created_at < ${at} GROUP BY 1
        ), paid AS (
          SELECT ${day} AS day,
                 SUM(amount) FILTER (WHERE kind = 'PURCHASE') AS sales,
                 COALESCE(SUM(amount) FILTER (WHERE kind IN ('PLATFORM_FEE', 'WITHDRAWAL_FEE') AND credit_account_id = (SELECT id FROM accounts WHERE code = ${SYSTEM.fees})), 0)
                   - COALESCE(SUM(amount) FILTER (WHERE kind = 'FEE_REVERSAL'), 0) AS fees
          FROM transfers WHERE kind IN ('PURCHASE', 'PLATFORM_FEE', 'WITHDRAWAL_FEE', 'FEE_REVERSAL') AND created_at >= ${start} AND created_at < ${at} GROUP BY 1
        )
        SELECT to_char(days.day, 'YYYY-MM-DD') AS date, placed.purchases, placed.auto, paid.sales, paid.fees
        FROM days LEFT JOIN placed ON placed.day = days.day LEFT JOIN paid ON paid.day = days.day
        ORDER BY days.day`,
  );
  return r.map((d) => {
    const purchases = Number(d.purchases ?? 0);
    const auto = Number(d.auto ?? 0);
    return { date: d.date, purchases, auto, manual: purchases - auto, sales: uah(d.sales), fees: uah(d.fees) };
  });
}

/**
 * The best-selling tasks and subjects of the span by money paid, then by orders: orders placed
 * in it that stood (neither free takes nor refunded). Names are the catalogue's current ones.
 */
export async function topLists(ex: Executor, s: Span): Promise<{ tasks: TopTask[]; subjects: TopSubject[] }> {
  const b = bounds(s);
  const r = await rows<{ list: 'task' | 'subject'; id: Num; name: string; extra: string; course: Num; sales: Num; amount: Num }>(
    ex,
    sql`WITH per_task AS (
          SELECT o.task_id, count(*) AS sales, SUM(o.price) AS amount
          FROM orders o
          WHERE o.created_at >= ${b.from} AND o.created_at < ${b.to} AND NOT o.free_take AND o.status <> 'REFUNDED'
          GROUP BY o.task_id
        ), named AS (
          SELECT p.*, t.title, s.id AS subject_id, s.name AS subject, s.course_number
          FROM per_task p JOIN tasks t ON t.id = p.task_id JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id
        )
        (SELECT 'task' AS list, task_id AS id, title AS name, subject AS extra, course_number AS course, sales, amount
         FROM named ORDER BY amount DESC, sales DESC, task_id LIMIT ${DASHBOARD_TOP_LIMIT})
        UNION ALL
        (SELECT 'subject', subject_id, subject, '', course_number, SUM(sales), SUM(amount)
         FROM named GROUP BY subject_id, subject, course_number ORDER BY SUM(amount) DESC, SUM(sales) DESC, subject_id LIMIT ${DASHBOARD_TOP_LIMIT})`,
  );
  // UNION ALL keeps no order of its own: sort each list as its query did.
  r.sort((a, z) => Number(z.amount) - Number(a.amount) || Number(z.sales) - Number(a.sales) || Number(a.id) - Number(z.id));
  const tasks = r
    .filter((x) => x.list === 'task')
    .map((x) => ({ taskId: String(x.id), title: x.name, subject: x.extra, sales: Number(x.sales), amount: uah(x.amount) }));
  const subjects = r
    .filter((x) => x.list === 'subject')
    .map((x) => ({ subjectId: String(x.id), name: x.name, courseNumber: Number(x.course), sales: Number(x.sales), amount: uah(x.amount) }));
  return { tasks, subjects };
}

/**
 * Developers of the span by money earned (sales of their tasks credited to their dev wallet),
 * then by manual orders delivered; on time: the share of those deliveries made by the order's
 * deadline, among those that have one.
 */
export async function leaderboard(ex: Executor, s: Span): Promise<LeaderboardDeveloper[]> {
  const b = bounds(s);
  const r = await rows<{ telegram_id: Num; username: string; name: string; delivered: Num; with_deadline: Num; on_time: Num; earned: Num }>(
    ex,
    sql`WITH delivered AS (
          SELECT o.developer_id AS id, count(*) AS delivered,
                 count(*) FILTER (WHERE ${DEADLINE} IS NOT NULL) AS with_deadline, count(*) FILTER (WHERE ${DELIVERED_AT} <= ${DEADLINE}) AS on_time
          FROM orders o
          WHERE ${DELIVERED_AT} >= ${b.from} AND ${DELIVERED_AT} < ${b.to} AND o.status <> 'IN_PROGRESS'
          GROUP BY o.developer_id
        ), earned AS (
          -- What sales paid into dev wallets, less the sales their developers cancelled (a reversal
          -- takes the share back from the dev wallet, docs/LEDGER.md), each in the span it happened.
          SELECT a.owner_id AS id, SUM(CASE WHEN t.kind = 'SALE_REVERSAL' THEN -t.amount ELSE t.amount END) AS earned
          FROM transfers t JOIN accounts a ON a.id = CASE WHEN t.kind = 'SALE_REVERSAL' THEN t.debit_account_id ELSE t.credit_account_id END
          WHERE t.kind IN ('SALE', 'ESCROW_RELEASE', 'SALE_REVERSAL') AND a.kind = 'dev' AND t.created_at >= ${b.from} AND t.created_at < ${b.to}
          GROUP BY a.owner_id
        )
        SELECT u.telegram_id, u.username, trim(u.first_name || ' ' || u.last_name) AS name,
               COALESCE(d.delivered, 0) AS delivered, COALESCE(d.with_deadline, 0) AS with_deadline, COALESCE(d.on_time, 0) AS on_time,
               COALESCE(e.earned, 0) AS earned
        FROM (SELECT id FROM delivered UNION SELECT id FROM earned) x
        JOIN users u ON u.telegram_id = x.id
        LEFT JOIN delivered d ON d.id = x.id
        LEFT JOIN earned e ON e.id = x.id
        ORDER BY COALESCE(e.earned, 0) DESC, COALESCE(d.delivered, 0) DESC, u.telegram_id
        LIMIT ${DASHBOARD_TOP_LIMIT}`,
  );
  return r.map((d) => {
    const withDeadline = Number(d.with_deadline);
    return {
      telegramId: String(d.telegram_id),
      username: d.username,
      name: d.name,
      delivered: Number(d.delivered),
      onTimePercent: withDeadline > 0 ? Math.round((100 * Number(d.on_time)) / withDeadline) : null,
      earned: uah(d.earned),
    };
  });
}
