import { sql, type SQL } from 'drizzle-orm';
import { AUDIT_ACTION_LABELS, EXPORT_COLUMNS, ORDER_STATUS_LABELS, type AuditEntry, type ExportKind, type OrderStatus } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';
import { inBatches } from '../../db/batches.js';
import { csvStream, uahCell, type Cell } from './csv.js';
import { DEADLINE, DELIVERED_AT } from './clock.js';
import { TZ } from './period.js';
import { auditRowsAfter } from '../audit/index.js';
import type { ExportFilters } from './links.js';

/** Rows read per query: one page is all an export holds in memory. */
export const EXPORT_PAGE_ROWS = 1000;

/** Where the previous page ended: the last row's time (to the microsecond, as text) and id. */
interface Cursor {
  at: string;
  id: number;
}

/** The span of Kyiv days `from`..`to`, both included, as timestamptz bounds. */
const daySpan = (from: string, to: string) => ({
  start: sql`(${from}::date)::timestamp AT TIME ZONE ${TZ}`,
  end: sql`(${to}::date + 1)::timestamp AT TIME ZONE ${TZ}`,
});

const kyiv = (col: SQL) => sql`to_char((${col}) AT TIME ZONE ${TZ}, 'YYYY-MM-DD HH24:MI:SS')`;
const cursorOf = (col: SQL) => sql`to_char((${col}) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;
const after = (col: SQL, id: SQL, c: Cursor | null) =>
  c ? sql`AND (${col}, ${id}) > ((${c.at}::timestamp AT TIME ZONE 'UTC'), ${c.id}::bigint)` : sql``;

interface Keyed {
  id: number | string;
  cursor_at: string;
}
type Num = number | string;

interface TransferRow extends Keyed {
  at: string;
  kind: string;
  debit: string;
  credit: string;
  amount: Num;
  reference: string;
}

interface OrderRow extends Keyed {
  at: string;
  status: OrderStatus;
  buyer_id: Num;
  buyer: string | null;
  task_id: Num;
  task_title: string;
  subject_name: string;
  teacher_name: string;
  developer_id: Num;
  developer_name: string;
  type: string;
  full_price: Num;
  discount_percent: Num;
  price: Num;
  platform_fee_percent: Num;
  free_take: string;
  delivered: string | null;
  deadline: string | null;
  completed: string | null;
  refunded: string | null;
}

/** Pages of a query ordered by (time, id), each starting after the last row of the one before. */
async function* keyset<R extends Keyed>(page: (c: Cursor | null) => Promise<R[]>, toCells: (r: R) => Cell[], size: number): AsyncGenerator<Cell[][]> {
  const pages = inBatches<R>((last) => page(last && { at: last.cursor_at, id: Number(last.id) }), size);
  for await (const found of pages) yield found.map(toCells);
}

export function transferPages(ex: Executor, from: string, to: string, size = EXPORT_PAGE_ROWS): AsyncGenerator<Cell[][]> {
  const span = daySpan(from, to);
  return keyset(
    (c) =>
      rows<TransferRow>(
        ex,
        sql`SELECT t.id, ${kyiv(sql`t.created_at`)} AS at, t.kind, d.code AS debit, k.code AS credit, t.amount, t.reference,
                   ${cursorOf(sql`t.created_at`)} AS cursor_at
            FROM transfers t JOIN accounts d ON d.id = t.debit_account_id JOIN accounts k ON k.id = t.credit_account_id
            WHERE t.created_at >= ${span.start} AND t.created_at < ${span.end} ${after(sql`t.created_at`, sql`t.id`, c)}
            ORDER BY t.created_at, t.id LIMIT ${size}`,
      ),
    (r) => [Number(r.id), r.at, r.kind, r.debit, r.credit, uahCell(r.amount), r.reference],
    size,
  );
}

export function orderPages(ex: Executor, from: string, to: string, size = EXPORT_PAGE_ROWS): AsyncGenerator<Cell[][]> {
  const span = daySpan(from, to);
  const date = (col: SQL) => sql`CASE WHEN (${col}) IS NULL THEN NULL ELSE ${kyiv(col)} END`;
  return keyset(
    (c) =>
      rows<OrderRow>(
        ex,
        sql`SELECT o.id, ${kyiv(sql`o.created_at`)} AS at, o.status, o.buyer_id, u.username AS buyer, o.task_id, o.task_title,
                   o.subject_name, o.teacher_name, o.developer_id, o.developer_name,
                   CASE WHEN o.auto_generate THEN 'авто' ELSE 'ручне' END AS type,
                   o.full_price, o.discount_percent, o.price, o.platform_fee_percent,
                   CASE WHEN o.free_take THEN 'так' ELSE 'ні' END AS free_take,
                   ${date(DELIVERED_AT)} AS delivered,
                   ${date(DEADLINE)} AS deadline, ${date(sql`o.completed_at`)} AS completed, ${date(sql`o.refunded_at`)} AS refunded,
                   ${cursorOf(sql`o.created_at`)} AS cursor_at
            FROM orders o LEFT JOIN users u ON u.telegram_id = o.buyer_id
            WHERE o.created_at >= ${span.start} AND o.created_at < ${span.end} ${after(sql`o.created_at`, sql`o.id`, c)}
            ORDER BY o.created_at, o.id LIMIT ${size}`,
      ),
    (r) => [
      // The state in words, as the app says it (the accountant does not read status codes).
      Number(r.id), r.at, ORDER_STATUS_LABELS[r.status], Number(r.buyer_id), r.buyer ?? '', Number(r.task_id), r.task_title, r.subject_name, r.teacher_name,
      Number(r.developer_id), r.developer_name, r.type, uahCell(r.full_price), Number(r.discount_percent), uahCell(r.price),
      Number(r.platform_fee_percent), r.free_take, r.delivered, r.deadline, r.completed, r.refunded,
    ],
    size,
  );
}

/**
 * A moment as the accountant's other columns show it: Kyiv wall time to the second. Formatted
 * here, not by `kyiv()` in SQL as the other kinds are, because the audit rows come from the audit
 * area's own query (one query for the screen and the file) and it answers ISO instants.
 */
const kyivText = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));
const jsonCell = (v: Record<string, unknown> | null) => (v === null ? null : JSON.stringify(v));

/** The audit trail's rows the filters keep, oldest first (docs/SECURITY.md, "Audit trail"). */
export async function* auditPages(ex: Executor, span: { from: string; to: string; filters?: ExportFilters }, size = EXPORT_PAGE_ROWS): AsyncGenerator<Cell[][]> {
  const found = inBatches<AuditEntry>((last) => auditRowsAfter(ex, { ...span.filters, from: span.from, to: span.to }, last ? Number(last.id) : 0, size), size);
  for await (const page of found) {
    yield page.map((e) => [
      Number(e.id), kyivText(e.at), Number(e.admin.telegramId), e.admin.username, AUDIT_ACTION_LABELS[e.action], e.target,
      e.userId === null ? null : Number(e.userId), jsonCell(e.before), jsonCell(e.after), e.requestId, e.ip,
    ]);
  }
}

/** The whole CSV of one kind for a span of Kyiv days, streamed page by page. */
export function exportCsv(ex: Executor, kind: ExportKind, from: string, to: string, filters?: ExportFilters, size = EXPORT_PAGE_ROWS) {
  const pages =
    kind === 'transfers' ? transferPages(ex, from, to, size) : kind === 'orders' ? orderPages(ex, from, to, size) : auditPages(ex, { from, to, filters }, size);
  return csvStream(EXPORT_COLUMNS[kind], pages);
}
