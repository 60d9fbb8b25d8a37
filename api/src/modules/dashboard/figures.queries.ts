import { sql, type SQL } from 'drizzle-orm';
import { kopecksToUah, type DashboardBacklog, type DashboardFigures, type Figure } from '@zalik/contract';
import { row, type Executor } from '../../db/client.js';
import { SYSTEM } from '../ledger/index.js';
import { DEADLINE, DISPUTED_NOW, LEFT_QUEUE_AT, disputedAt } from './clock.js';
import { bounds, type Span } from './period.js';

type Num = number | string | null;
type Pairs<K extends string> = Record<`${K}_cur` | `${K}_prev`, Num>;

/** `name_cur` and `name_prev`: an aggregate over the rows of the current and of the previous span. */
const pair = (name: string, agg: (span: SQL) => SQL) => sql`${agg(sql`cur`)} AS ${sql.identifier(`${name}_cur`)}, ${agg(sql`NOT cur`)} AS ${sql.identifier(`${name}_prev`)}`;
const sumIf = (cond: SQL) => (span: SQL) => sql`COALESCE(SUM(amount) FILTER (WHERE ${cond} AND ${span}), 0)`;
const countIf = (cond: SQL) => (span: SQL) => sql`count(*) FILTER (WHERE ${cond} AND ${span})`;

/** Rows of `column` in either span, each marked `cur` when it is in the current one. */
const inSpans = (column: SQL, s: Span) => {
  const b = bounds(s);
  return {
    where: sql`((${column} >= ${b.previousFrom} AND ${column} < ${b.previousTo}) OR (${column} >= ${b.from} AND ${column} < ${b.to}))`,
    cur: sql`${column} >= ${b.from}`,
  };
};

const figure = (r: Record<string, Num>, name: string, money = false): Figure => {
  const f = (v: Num) => (money ? kopecksToUah(Number(v ?? 0)) : Number(v ?? 0));
  return { value: f(r[`${name}_cur`] ?? 0), previous: f(r[`${name}_prev`] ?? 0) };
};

/** Money that moved in the two spans, by what it was for (docs/DASHBOARD.md). */
function money(ex: Executor, s: Span) {
  const span = inSpans(sql`t.created_at`, s);
  const account = (code: string) => sql`(SELECT id FROM accounts WHERE code = ${code})`;
  return row<Pairs<'sales' | 'refunds' | 'fees' | 'admin' | 'stars' | 'monobank'>>(
    ex,
    // A released sale its developer cancelled (docs/LEDGER.md) went back to the buyer from the
    // dev wallet and the fees: a refund, and a fee no longer kept.
    sql`SELECT ${pair('sales', sumIf(sql`kind = 'PURCHASE'`))},
               ${pair('refunds', sumIf(sql`kind IN ('REFUND', 'SALE_REVERSAL', 'FEE_REVERSAL')`))},
               ${pair('fees', (span) => sql`${sumIf(sql`kind IN ('PLATFORM_FEE', 'WITHDRAWAL_FEE') AND credit_account_id = ${account(SYSTEM.fees)}`)(span)}
                                          - ${sumIf(sql`kind = 'FEE_REVERSAL'`)(span)}`)},
               ${pair('admin', sumIf(sql`kind = 'TOPUP'`))},
               ${pair('stars', sumIf(sql`kind = 'DEPOSIT' AND debit_account_id = ${account(SYSTEM.stars)}`))},
               ${pair('monobank', sumIf(sql`kind = 'DEPOSIT' AND debit_account_id = ${account(SYSTEM.monobank)}`))}
        FROM (SELECT t.kind, t.amount, t.debit_account_id, t.credit_account_id, ${span.cur} AS cur
              FROM transfers t
              WHERE t.kind IN ('PURCHASE', 'REFUND', 'SALE_REVERSAL', 'FEE_REVERSAL', 'PLATFORM_FEE', 'WITHDRAWAL_FEE', 'TOPUP', 'DEPOSIT')
                AND ${span.where}) x`,
  );
}

/** Orders placed in the two spans; a free take is no purchase. */
function purchases(ex: Executor, s: Span) {
  const span = inSpans(sql`o.created_at`, s);
  return row<Pairs<'auto' | 'manual'>>(
    ex,
    sql`SELECT ${pair('auto', countIf(sql`auto_generate`))}, ${pair('manual', countIf(sql`NOT auto_generate`))}
        FROM (SELECT o.auto_generate, ${span.cur} AS cur FROM orders o WHERE NOT o.free_take AND ${span.where}) x`,
  );
}

/**
 * New users (first sign-in) and active users: those who placed an order or whose latest
 * sign-in (`users.updated_at`) falls in the span. Only the latest sign-in is recorded, so a user
 * who signed in during both spans counts in the current one only.
 */
function people(ex: Executor, s: Span) {
  const created = inSpans(sql`created_at`, s);
  const bought = inSpans(sql`created_at`, s);
  const seen = inSpans(sql`updated_at`, s);
  return row<Pairs<'new' | 'active'>>(
    ex,
    sql`SELECT (SELECT count(*) FILTER (WHERE ${created.cur}) FROM users WHERE ${created.where}) AS new_cur,
               (SELECT count(*) FILTER (WHERE NOT ${created.cur}) FROM users WHERE ${created.where}) AS new_prev,
               count(*) FILTER (WHERE cur) AS active_cur, count(*) FILTER (WHERE prev) AS active_prev
        FROM (SELECT id, bool_or(cur) AS cur, bool_or(NOT cur) AS prev
              FROM (SELECT buyer_id AS id, ${bought.cur} AS cur FROM orders WHERE ${bought.where}
                    UNION ALL
                    SELECT telegram_id, ${seen.cur} FROM users WHERE ${seen.where}) a
              GROUP BY id) x`,
  );
}

/** The tutor's questions asked in the two spans: what they kept (refunded ones kept nothing) and the tokens they used. */
function tutor(ex: Executor, s: Span) {
  const span = inSpans(sql`q.created_at`, s);
  return row<Pairs<'tutor_revenue' | 'tutor_tokens'>>(
    ex,
    sql`SELECT ${pair('tutor_revenue', (c) => sql`COALESCE(SUM(price) FILTER (WHERE status <> 'REFUNDED' AND ${c}), 0)`)},
               ${pair('tutor_tokens', (c) => sql`COALESCE(SUM(total_tokens) FILTER (WHERE ${c}), 0)`)}
        FROM (SELECT q.price, q.status, q.total_tokens, ${span.cur} AS cur FROM explanation_questions q WHERE ${span.where}) x`,
  );
}

export async function dashboardFigures(ex: Executor, s: Span): Promise<Omit<DashboardFigures, 'period'>> {
  const [m, p, u, t] = await Promise.all([money(ex, s), purchases(ex, s), people(ex, s), tutor(ex, s)]);
  return {
    ...s,
    revenue: { sales: figure(m!, 'sales', true), refunds: figure(m!, 'refunds', true), fees: figure(m!, 'fees', true) },
    topups: { admin: figure(m!, 'admin', true), stars: figure(m!, 'stars', true), monobank: figure(m!, 'monobank', true) },
    purchases: { auto: figure(p!, 'auto'), manual: figure(p!, 'manual') },
    users: { new: figure(u!, 'new'), active: figure(u!, 'active') },
    explanations: { revenue: figure(t!, 'tutor_revenue', true), tokens: figure(t!, 'tutor_tokens') },
  };
}

/**
 * What waits now (from the rows' states) and what waited at `then`, the start of the period
 * (from the times each row records: bought, delivered, refunded, disputed, resolved).
 */
export async function dashboardBacklog(ex: Executor, nowIso: string, thenIso: string): Promise<Omit<DashboardBacklog, 'period'>> {
  const now = sql`${nowIso}::timestamptz`;
  const then = sql`${thenIso}::timestamptz`;
  const waitingThen = sql`o.created_at <= ${then} AND COALESCE(${LEFT_QUEUE_AT} > ${then}, true)`;
  const r = await row<Pairs<'waiting' | 'overdue' | 'disputes' | 'count' | 'sum'>>(
    ex,
    sql`SELECT (SELECT count(*) FROM orders o WHERE o.status = 'IN_PROGRESS') AS waiting_cur,
               (SELECT count(*) FROM orders o WHERE o.status = 'IN_PROGRESS' AND ${DEADLINE} < ${now}) AS overdue_cur,
               q.waiting_prev, q.overdue_prev,
               (SELECT count(*) FROM orders o WHERE ${DISPUTED_NOW}) AS disputes_cur,
               (SELECT count(*) FROM orders o WHERE ${disputedAt(then)}) AS disputes_prev,
               (SELECT count(*) FROM withdrawals WHERE status = 'PENDING') AS count_cur,
               (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE status = 'PENDING') AS sum_cur,
               w.count_prev, w.sum_prev
        FROM (SELECT count(*) AS waiting_prev, count(*) FILTER (WHERE ${DEADLINE} < ${then}) AS overdue_prev
              FROM orders o WHERE NOT o.auto_generate AND ${waitingThen}) q,
             (SELECT count(*) AS count_prev, COALESCE(SUM(amount), 0) AS sum_prev
              FROM withdrawals WHERE created_at <= ${then} AND COALESCE(resolved_at > ${then}, true)) w`,
  );
  const inbox = await row<{ waiting: Num; oldest: Num; failed: Num }>(
    ex,
    sql`SELECT count(*) FILTER (WHERE processed_at IS NULL AND failed_at IS NULL) AS waiting,
               COALESCE(floor(extract(epoch FROM ${now} - min(received_at) FILTER (WHERE processed_at IS NULL AND failed_at IS NULL))), 0) AS oldest,
               count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed
        FROM bot_inbox WHERE processed_at IS NULL`,
  );
  return {
    at: nowIso,
    previousAt: thenIso,
    waiting: figure(r!, 'waiting'),
    overdue: figure(r!, 'overdue'),
    disputes: figure(r!, 'disputes'),
    withdrawals: { count: figure(r!, 'count'), sum: figure(r!, 'sum', true) },
    botInbox: { waiting: Number(inbox!.waiting ?? 0), oldestSeconds: Math.max(0, Number(inbox!.oldest ?? 0)), failed: Number(inbox!.failed ?? 0) },
  };
}
