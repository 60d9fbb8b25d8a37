import { sql, type SQL } from 'drizzle-orm';
import type { HistoryType, OrderActor, OrderEventKind, OrderStatus } from '@zalik/contract';
import type { OrdersConfig } from '../../config.js';
import { row, rows, type Executor } from '../../db/client.js';
import { idIn } from '../../db/ids.js';
import { inBatches } from '../../db/batches.js';
import { eventLineSql, unreadSql } from '../threads/index.js';
import {
  byOrder,
  toOrder,
  type DisputeRow,
  type EventRow,
  type FileRow,
  type InProgressRow,
  type Order,
  type OrderRow,
} from './rows.js';

/** Every SQL statement of the orders area. Row types and their mappers are in rows.ts. */

/** `hours` (fractions allowed) as an SQL interval. */
export const hoursInterval = (hours: number) => sql`make_interval(secs => ${hours * 3600})`;

const statusIn = (statuses: readonly OrderStatus[]) => sql`status IN (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})`;

async function filesOf(ex: Executor, orderIds: number[]): Promise<FileRow[]> {
  if (orderIds.length === 0) return [];
  return rows<FileRow>(ex, sql`SELECT id, order_id, file_name FROM order_files WHERE ${idIn(sql`order_id`, orderIds)} ORDER BY order_id, position, id`);
}

/**
 * Orders matching `where` (newest first) with their files, in two queries whatever the count;
 * with `unreadOf`, each with the lines of its thread that user has not read.
 */
export async function findOrders(ex: Executor, where: SQL, page?: { limit: number; offset: number }, unreadOf?: number): Promise<Order[]> {
  const found = await rows<OrderRow>(
    ex,
    sql`SELECT *${unreadOf === undefined ? sql`` : sql`, ${unreadSql(sql`orders.id`, unreadOf)} AS unread`} FROM orders WHERE ${where}
        ORDER BY created_at DESC, id DESC
        ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
  // Each order is given its own files: filtering all of them per order was quadratic in a batch.
  const files = byOrder(
    await filesOf(
      ex,
      found.map((o) => Number(o.id)),
    ),
  );
  return found.map((o) => toOrder(o, files.get(Number(o.id)) ?? []));
}

/** A buyer's orders of this kind (the history's `type` filter). */
const ofBuyer = (buyerId: number, type: HistoryType) =>
  sql`buyer_id = ${buyerId}${type === 'ALL' ? sql`` : sql` AND auto_generate = ${type === 'AUTOGENERATE'}`}`;

/** A buyer's orders of this kind, newest first (a page of them when `page` is given), with what `unreadOf` has not read in their threads. */
export function ordersOfBuyer(
  ex: Executor,
  buyerId: number,
  page: { limit: number; offset: number } | undefined,
  unreadOf: number,
  type: HistoryType = 'ALL',
): Promise<Order[]> {
  return findOrders(ex, ofBuyer(buyerId, type), page, unreadOf);
}

/**
 * A buyer's every order, newest first, `size` at a time: each batch starts right after the
 * previous one's last order (keyset on orders_buyer), so no batch re-reads what came before.
 */
export function ordersOfBuyerInBatches(ex: Executor, buyerId: number, size: number, unreadOf: number, type: HistoryType = 'ALL'): AsyncGenerator<Order[]> {
  return inBatches<Order>((last) => {
    const after = last ? sql`(created_at, id) < (SELECT created_at, id FROM orders WHERE id = ${last.id})` : sql`TRUE`;
    return findOrders(ex, sql`${ofBuyer(buyerId, type)} AND ${after}`, { limit: size, offset: 0 }, unreadOf);
  }, size);
}

export async function findOrder(ex: Executor, id: number): Promise<Order | null> {
  return (await findOrders(ex, sql`id = ${id}`))[0] ?? null;
}

export async function findOrderByKey(ex: Executor, buyerId: number, key: string): Promise<Order | null> {
  return (await findOrders(ex, sql`buyer_id = ${buyerId} AND idempotency_key = ${key}`))[0] ?? null;
}

export interface NewOrder {
  /** Taken from the orders' sequence before the statement (`loadPurchase`), so every row of the purchase can name it. */
  id: number;
  buyerId: number;
  taskId: number;
  developerId: number;
  key: string;
  values: string[];
  taskTitle: string;
  subjectName: string;
  teacherName: string;
  developerName: string;
  autoGenerate: boolean;
  fullPriceKop: number;
  discountPercent: number;
  discountId: number | null;
  priceKop: number;
  feePercent: number;
  freeTake: boolean;
  /** A manual order's span to deliver in; null for an auto-generated one (DONE at once). */
  deadlineHours: number | null;
  /** When a manual order is due (the database's clock plus the span); null for an auto-generated one. */
  deadlineAt: Date | null;
  /** The developer is owed a reminder before the deadline (timers.ts `remindPending`). */
  remindPending: boolean;
}

/**
 * The order row of a purchase, returning it whole; no row when this buyer's Idempotency-Key is
 * taken (the UNIQUE index makes a racing duplicate wait here until the first request commits).
 */
export function insertOrderSql(o: NewOrder): SQL {
  const done = o.deadlineHours === null;
  return sql`INSERT INTO orders (id, buyer_id, task_id, developer_id, idempotency_key, arguments, task_title, subject_name, teacher_name,
                                 developer_name, auto_generate, full_price, discount_percent, discount_id, price, platform_fee_percent,
                                 status, completed_at, free_take, deadline_hours, deadline_at, remind_pending)
      OVERRIDING SYSTEM VALUE
      VALUES (${o.id}, ${o.buyerId}, ${o.taskId}, ${o.developerId}, ${o.key}, ${JSON.stringify(o.values)}::jsonb, ${o.taskTitle},
              ${o.subjectName}, ${o.teacherName}, ${o.developerName}, ${o.autoGenerate}, ${o.fullPriceKop},
              ${o.discountPercent}, ${o.discountId}, ${o.priceKop}, ${o.feePercent}, ${done ? 'DONE' : 'IN_PROGRESS'},
              ${done ? sql`now()` : null}, ${o.freeTake}, ${o.deadlineHours}::numeric, ${o.deadlineAt?.toISOString() ?? null}::timestamptz, ${o.remindPending})
      ON CONFLICT (buyer_id, idempotency_key) DO NOTHING
      RETURNING *`;
}

/** A new order id from the orders' sequence (the SQL expression), read before the purchase's statement. */
export const nextOrderIdSql = sql`nextval(pg_get_serial_sequence('orders', 'id'))`;

export interface NewFile {
  blobId: string;
  fileName: string;
  mime: string;
  size: number;
}

export async function insertFiles(tx: Executor, orderId: number, files: NewFile[]): Promise<void> {
  if (files.length > 0) await tx.execute(insertFilesSql(orderId, files));
}

/** The file rows of an order, in their order, as one statement (`files` not empty), returning their ids. */
export function insertFilesSql(orderId: number, files: NewFile[]): SQL {
  const values = files.map((f, position) => sql`(${orderId}, ${f.blobId}::uuid, ${f.fileName}, ${f.mime}, ${f.size}, ${position})`);
  return sql`INSERT INTO order_files (order_id, blob_id, file_name, mime, size, position)
      VALUES ${sql.join(values, sql`, `)}
      RETURNING id, order_id, file_name`;
}

/** Drops an order's file rows; the hourly orphan sweep removes their bytes once nothing refers to them. */
export async function deleteFiles(tx: Executor, orderId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM order_files WHERE order_id = ${orderId}`);
}

export interface EventInput {
  kind: OrderEventKind;
  actor: OrderActor;
  /** The user who acted; null for a timer. */
  actorId: number | null;
  note?: string | null;
}

/** The event of a change, and the line its thread tells of it (threads' `eventLineSql`), in one statement. */
export async function addEvent(tx: Executor, orderId: number, from: OrderStatus | null, to: OrderStatus, e: EventInput): Promise<void> {
  const line = eventLineSql(orderId, e);
  await tx.execute(line ? sql`WITH event AS (${addEventSql(orderId, from, to, e)}) ${line}` : addEventSql(orderId, from, to, e));
}

/** `addEvent` as a statement, for a change that writes several tables in one statement (a purchase). */
export function addEventSql(orderId: number, from: OrderStatus | null, to: OrderStatus, e: EventInput): SQL {
  return sql`INSERT INTO order_events (order_id, kind, from_status, to_status, actor, actor_id, note)
      VALUES (${orderId}, ${e.kind}, ${from}, ${to}, ${e.actor}, ${e.actorId}, ${e.note ?? null})`;
}

export interface Transition {
  orderId: number;
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** Further conditions on the row (who may, deadlines); all must hold at the moment of the change. */
  where?: SQL;
  /** Further columns to set (the old row's values are readable in it). */
  set?: SQL;
  event: EventInput;
}

/**
 * The one way an order changes state: a conditional UPDATE on its status (and `where`), so of
 * two racing changes exactly one matches; the loser gets null and must not move money. The row
 * is locked first, so the event records the state it really left. The caller posts the ledger
 * legs and queues messages in the same transaction.
 */
export async function transition(tx: Executor, t: Transition): Promise<{ order: Order; from: OrderStatus } | null> {
  const moved = await row<OrderRow & { from_status: OrderStatus }>(
    tx,
    sql`WITH cur AS (
          SELECT id AS cur_id, status AS cur_status FROM orders
          WHERE id = ${t.orderId} AND ${statusIn(t.from)} ${t.where ? sql`AND ${t.where}` : sql``}
          FOR UPDATE
        )
        UPDATE orders o SET status = ${t.to}${t.set ? sql`, ${t.set}` : sql``}
        FROM cur WHERE o.id = cur.cur_id
        RETURNING o.*, cur.cur_status AS from_status`,
  );
  if (!moved) return null;
  await addEvent(tx, t.orderId, moved.from_status, t.to, t.event);
  return { order: toOrder(moved, []), from: moved.from_status };
}

/** Locks an order in one of these states for a change that keeps its state (files replaced). */
export async function lockOrder(tx: Executor, orderId: number, statuses: readonly OrderStatus[]): Promise<Order | null> {
  const found = await row<OrderRow>(tx, sql`SELECT * FROM orders WHERE id = ${orderId} AND ${statusIn(statuses)} FOR UPDATE`);
  return found ? toOrder(found, []) : null;
}

/** Marks an auto-generated order's one free regeneration used, if it still may be; answers whether it was. */
export async function markReprocessed(tx: Executor, orderId: number, buyerId: number, values: string[], windowHours: number): Promise<boolean> {
  const r = await row(
    tx,
    sql`UPDATE orders SET reprocessed_at = now(), arguments = ${JSON.stringify(values)}::jsonb
        WHERE id = ${orderId} AND buyer_id = ${buyerId} AND auto_generate AND status = 'DONE' AND reprocessed_at IS NULL
          AND created_at > now() - ${hoursInterval(windowHours)}
        RETURNING id`,
  );
  return Boolean(r);
}

/** Orders with their buyer's name and what their developer has not read in their threads. */
const WITH_BUYER = (developerId: number) =>
  sql`SELECT o.*, u.username AS buyer_username, ${unreadSql(sql`o.id`, developerId)} AS unread FROM orders o JOIN users u ON u.telegram_id = o.buyer_id`;

/**
 * A developer's open orders, oldest first (the queue they work through): `limit` of them after
 * the order `after` (by its id: its key is read where it is stored, so the next read starts
 * exactly after it), or after skipping `offset` when no such order is known. The order is
 * `orders_developer_open`'s (migration 0086), which LIMIT stops.
 */
export function openOrders(ex: Executor, developerId: number, after: number | null, limit: number, offset = 0): Promise<InProgressRow[]> {
  const from = after === null ? sql`TRUE` : sql`(o.created_at, o.id) > (SELECT created_at, id FROM orders WHERE id = ${after})`;
  return rows<InProgressRow>(
    ex,
    sql`${WITH_BUYER(developerId)} WHERE o.developer_id = ${developerId} AND o.status = 'IN_PROGRESS' AND ${from}
        ORDER BY o.created_at, o.id LIMIT ${limit}${offset > 0 ? sql` OFFSET ${offset}` : sql``}`,
  );
}

/** The whole queue `size` at a time, each batch right after the previous one's last order. */
export function openOrdersInBatches(ex: Executor, developerId: number, size: number): AsyncGenerator<InProgressRow[]> {
  return inBatches<InProgressRow>((last) => openOrders(ex, developerId, last ? Number(last.id) : null, size), size);
}

/** A developer's orders past IN_PROGRESS, newest first, auto-generated ones or the others (`auto` undefined: both). */
export function ordersOfDeveloper(ex: Executor, developerId: number, page: { limit: number; offset: number }, auto?: boolean): Promise<Order[]> {
  return findOrders(ex, sql`developer_id = ${developerId} AND status <> 'IN_PROGRESS'${auto === undefined ? sql`` : sql` AND auto_generate = ${auto}`}`, page);
}

/** A developer's orders past IN_PROGRESS (delivered, disputed, done, refunded), newest first. */
export function closedOrdersOf(ex: Executor, developerId: number, page: { limit: number; offset: number }): Promise<InProgressRow[]> {
  return rows<InProgressRow>(
    ex,
    sql`${WITH_BUYER(developerId)} WHERE o.developer_id = ${developerId} AND o.status <> 'IN_PROGRESS'
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** A moment as ISO 8601 text (JSON's form of a timestamp). */
const isoText = (column: SQL) => sql`to_json(${column}) #>> '{}'`;

/**
 * Where a list of open disputes stopped: the last dispute's moment as ISO text (to_json keeps the
 * microseconds, so the next read starts exactly after it) and its id, which breaks ties.
 */
export interface DisputeKey {
  at: string;
  id: string;
}

export const disputeKey = (d: DisputeRow): DisputeKey => ({ at: d.disputed_at!, id: String(d.id) });

/**
 * Open disputes, oldest first: `limit` of them after `after`, or after skipping `offset` when no
 * key is known. The page's ids come first from `orders_disputed` alone (migration 0016:
 * `(disputed_at, id) WHERE status = 'DISPUTED'`, an index-only walk from `after` that LIMIT
 * stops), then only those orders and their two users are read: joined before the LIMIT, a page
 * far down by OFFSET hashed every dispute with every user and sorted them (133 ms against 0.7 ms
 * for page 200 of 4 200 disputes, docs/PERFORMANCE.md).
 */
export function disputeRows(ex: Executor, after: DisputeKey | null, limit: number, offset = 0): Promise<DisputeRow[]> {
  const from = after ? sql`(disputed_at, id) > (${after.at}::timestamptz, ${after.id}::bigint)` : sql`TRUE`;
  return rows<DisputeRow>(
    ex,
    sql`SELECT o.id, o.buyer_id, o.developer_id, o.arguments, o.task_title, o.subject_name, o.teacher_name, o.price, o.message,
               o.dispute_reason, ${isoText(sql`o.created_at`)} AS created_at, ${isoText(sql`o.deadline_at`)} AS deadline_at,
               ${isoText(sql`o.delivered_at`)} AS delivered_at, ${isoText(sql`o.disputed_at`)} AS disputed_at,
               b.username AS buyer_username, d.username AS developer_username
        FROM (SELECT id FROM orders WHERE status = 'DISPUTED' AND ${from}
              ORDER BY disputed_at, id LIMIT ${limit}${offset > 0 ? sql` OFFSET ${offset}` : sql``}) page
        JOIN orders o ON o.id = page.id JOIN users b ON b.telegram_id = o.buyer_id JOIN users d ON d.telegram_id = o.developer_id
        ORDER BY o.disputed_at, o.id`,
  );
}

/** These disputes' files and every event of their orders, in two reads whatever the count. */
export async function disputeStories(ex: Executor, disputes: DisputeRow[]): Promise<{ disputes: DisputeRow[]; files: FileRow[]; events: EventRow[] }> {
  if (disputes.length === 0) return { disputes, files: [], events: [] };
  const ids = disputes.map((d) => Number(d.id));
  const events = await rows<EventRow>(
    ex,
    sql`SELECT order_id, kind, from_status, to_status, actor, actor_id, note, created_at
        FROM order_events WHERE ${idIn(sql`order_id`, ids)} ORDER BY order_id, id`,
  );
  return { disputes, files: await filesOf(ex, ids), events };
}

/** Open disputes, oldest first, `size` at a time, each batch with its orders' files and every event. */
export async function* openDisputes(ex: Executor, size: number): AsyncGenerator<{ disputes: DisputeRow[]; files: FileRow[]; events: EventRow[] }> {
  const batches = inBatches<DisputeRow>((last) => disputeRows(ex, last && disputeKey(last), size), size);
  for await (const disputes of batches) yield disputeStories(ex, disputes);
}

/** Chats of every admin (configured and granted, not banned): disputes are theirs to decide. */
export async function adminChats(ex: Executor, configured: ReadonlySet<string>): Promise<number[]> {
  const found = await rows<{ telegram_id: number | string }>(
    ex,
    sql`SELECT r.telegram_id FROM user_roles r JOIN users u ON u.telegram_id = r.telegram_id
        WHERE r.role = 'ROLE_ADMIN' AND NOT u.is_banned`,
  );
  return [...new Set([...[...configured].map(Number), ...found.map((r) => Number(r.telegram_id))])].sort((a, b) => a - b);
}

/** The order timers (timers.ts): `release`, `overdue`, `remind`. */
export type OrderTimer = 'release' | 'overdue' | 'remind';

/**
 * Which orders a timer finds due, as the settings say now: a changed ORDER_AUTO_REFUND_HOURS
 * or ORDER_REMIND_BEFORE_HOURS applies to the orders already open, as the handlers' own
 * conditions always did. Each matches its partial index of migration 0075.
 */
function dueSql(timer: OrderTimer, cfg: OrdersConfig): { where: SQL; order: SQL } {
  switch (timer) {
    case 'release':
      return { where: sql`status = 'DELIVERED' AND accept_until <= now()`, order: sql`accept_until, id` };
    case 'overdue':
      return { where: sql`status = 'IN_PROGRESS' AND deadline_at <= now() - ${hoursInterval(cfg.autoRefundHours)}`, order: sql`deadline_at, id` };
    case 'remind':
      return { where: sql`status = 'IN_PROGRESS' AND remind_pending AND deadline_at <= now() + ${hoursInterval(cfg.remindBeforeHours)}`, order: sql`deadline_at, id` };
  }
}

/**
 * Locks the next due order of this timer in the caller's transaction. SKIP LOCKED: an order
 * another instance's sweep (or a click) holds is left to it, so instances share the work.
 */
export async function claimDue(tx: Executor, timer: OrderTimer, cfg: OrdersConfig): Promise<number | null> {
  const { where, order } = dueSql(timer, cfg);
  const found = await row<{ id: number | string }>(
    tx,
    sql`SELECT id FROM orders WHERE ${where} AND (timer_retry_at IS NULL OR timer_retry_at <= now())
        ORDER BY ${order} LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return found ? Number(found.id) : null;
}

/** A timer's handler failed on this order: the sweeps pass over it for `ms`, so the rest of their batch goes on. */
export async function deferTimer(ex: Executor, orderId: number, ms: number): Promise<void> {
  await ex.execute(sql`UPDATE orders SET timer_retry_at = now() + make_interval(secs => ${ms / 1000}) WHERE id = ${orderId}`);
}

/** `remindPending` as SQL, for a revision (timers.ts) whose span is the order's own (`deadline_hours`) or today's default. */
export function remindPendingSql(cfg: OrdersConfig): SQL {
  return cfg.remindBeforeHours > 0 ? sql`COALESCE(deadline_hours, ${cfg.deadlineHours}::numeric) > ${cfg.remindBeforeHours}::numeric` : sql`false`;
}

/** The developer was reminded of this deadline (or it passed first): the reminder's sweep is done with the order. */
export async function clearReminder(tx: Executor, orderId: number): Promise<void> {
  await tx.execute(sql`UPDATE orders SET remind_pending = false WHERE id = ${orderId}`);
}
