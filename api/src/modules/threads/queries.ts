import { sql, type SQL } from 'drizzle-orm';
import { THREAD_NOTICE_MINUTES, THREAD_OPEN_DAYS, THREAD_RATE_MINUTES, type OrderActor, type ThreadAuthorRole, type ThreadLineKind } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';
import { idIn } from '../../db/ids.js';
import type { JobRegistry } from '../../jobs/index.js';
import type { StoredUpload } from '../files/index.js';
import type { LineRow, ThreadOrderRow, Viewer } from './rows.js';

/** Every SQL statement of the threads area. Row types and their mappers are in rows.ts. */

/** The notice job's name (jobs.ts defines it); its key is `<orderId>:<recipientId>`. */
export const NOTICE_JOB = 'threads.notice' as const;

/** Seconds a new message waits before its notice goes: a reader in the thread has read it by then. */
export const NOTICE_DELAY_SECONDS = 30;

/** The order's buyer or developer, or any order for an admin. */
const visible = (v: Viewer) => (v.isAdmin ? sql`TRUE` : sql`(o.buyer_id = ${v.telegramId} OR o.developer_id = ${v.telegramId})`);

/** When an order ended (DONE or REFUNDED); null while it is open. */
const ENDED = sql`CASE o.status WHEN 'DONE' THEN COALESCE(o.completed_at, o.created_at) WHEN 'REFUNDED' THEN COALESCE(o.refunded_at, o.created_at) END`;
const OPEN = sql`(${ENDED} IS NULL OR ${ENDED} + make_interval(days => ${THREAD_OPEN_DAYS}) > now())`;
/** A post time `t` (of a read row's `posted_at`) inside the rate window. */
const RECENT = sql`t > now() - make_interval(mins => ${THREAD_RATE_MINUTES})`;

/** Lines of `user`'s orders they have not read: by someone else, after their read mark. */
export function unreadSql(orderId: SQL, userId: number): SQL {
  return sql`(SELECT count(*) FROM order_messages m
      WHERE m.order_id = ${orderId} AND m.author_id IS DISTINCT FROM ${userId}
        AND m.id > COALESCE((SELECT r.last_read_id FROM order_thread_reads r WHERE r.order_id = ${orderId} AND r.user_id = ${userId}), 0))`;
}

/** The order as its thread needs it, when `viewer` may read it. */
const ORDER = (orderId: number, viewer: Viewer) => sql`
  SELECT o.id, o.buyer_id, o.developer_id, o.status, o.task_title, o.subject_name,
         b.username AS buyer_username, d.username AS developer_username, ${ENDED} AS ended_at,
         (SELECT r.last_read_id FROM order_thread_reads r WHERE r.order_id = o.id AND r.user_id = o.buyer_id) AS buyer_mark,
         (SELECT r.last_read_id FROM order_thread_reads r WHERE r.order_id = o.id AND r.user_id = o.developer_id) AS developer_mark,
         ${unreadSql(sql`o.id`, viewer.telegramId)} AS unread
  FROM orders o JOIN users b ON b.telegram_id = o.buyer_id JOIN users d ON d.telegram_id = o.developer_id
  WHERE o.id = ${orderId} AND ${visible(viewer)}`;

/** Lines with their author's name, their hide and their files. */
const LINES = sql`
  SELECT m.id, m.order_id, m.kind, m.author_id, m.author_role, m.text, m.masked, m.created_at,
         u.username AS author_username, h.reason AS hidden_reason,
         (SELECT json_agg(json_build_object('id', f.id, 'file_name', f.file_name) ORDER BY f.position)
            FROM order_message_files f WHERE f.message_id = m.id) AS files
  FROM order_messages m
  LEFT JOIN users u ON u.telegram_id = m.author_id
  LEFT JOIN order_message_hides h ON h.message_id = m.id`;

type WithLines = ThreadOrderRow & { unread: number | string; lines: LineRow[] | string | null; newest?: number | string | null };

function split(r: WithLines | undefined): { order: ThreadOrderRow; unread: number; lines: LineRow[]; newest: number } | null {
  if (!r) return null;
  const lines = typeof r.lines === 'string' ? (JSON.parse(r.lines) as LineRow[]) : (r.lines ?? []);
  return { order: r, unread: Number(r.unread), lines, newest: Number(r.newest ?? 0) };
}

/**
 * One page of a thread, newest first, in one statement: the order (null when `viewer` may not
 * read it), `limit + 1` lines older than `before` (the extra one says whether more exist).
 */
export async function threadPage(ex: Executor, orderId: number, viewer: Viewer, page: { before: number | null; limit: number }) {
  return split(
    await row<WithLines>(
      ex,
      sql`WITH o AS (${ORDER(orderId, viewer)}),
               page AS (${LINES} WHERE m.order_id = (SELECT id FROM o) ${page.before === null ? sql`` : sql`AND m.id < ${page.before}`}
                        ORDER BY m.id DESC LIMIT ${page.limit + 1})
          SELECT o.*, (SELECT json_agg(page ORDER BY page.id DESC) FROM page) AS lines FROM o`,
    ),
  );
}

/**
 * Lines of a thread a live stream has not sent yet, oldest first: those after `after`, and
 * `also` (a line that committed after a later one, a line hidden since it was sent).
 */
export async function linesSince(ex: Executor, orderId: number, viewer: Viewer, after: number, also: number[] = []) {
  const extra = also.length ? sql`OR ${idIn(sql`m.id`, also)}` : sql``;
  return split(
    await row<WithLines>(
      ex,
      sql`WITH o AS (${ORDER(orderId, viewer)}),
               fresh AS (${LINES} WHERE m.order_id = (SELECT id FROM o) AND (m.id > ${after} ${extra}) ORDER BY m.id LIMIT 200)
          SELECT o.*, (SELECT json_agg(fresh ORDER BY fresh.id) FROM fresh) AS lines,
                 (SELECT max(x.id) FROM order_messages x WHERE x.order_id = o.id) AS newest
          FROM o`,
    ),
  );
}

export interface WriteCheck {
  buyer_id: number | string;
  developer_id: number | string;
  open: boolean;
  recent: number | string;
}

/** What decides whether `viewer` may write now: theirs to read, still open, how many they wrote lately. */
export function writeCheck(ex: Executor, orderId: number, viewer: Viewer): Promise<WriteCheck | undefined> {
  return row<WriteCheck>(
    ex,
    sql`SELECT o.buyer_id, o.developer_id, ${OPEN} AS open,
               (SELECT count(*) FROM order_thread_reads r, unnest(r.posted_at) t
                 WHERE r.order_id = o.id AND r.user_id = ${viewer.telegramId} AND ${RECENT}) AS recent
        FROM orders o WHERE o.id = ${orderId} AND ${visible(viewer)}`,
  );
}

export interface NewMessage {
  orderId: number;
  viewer: Viewer;
  text: string;
  masked: boolean;
  files: StoredUpload[];
  /** The most messages the author may have written in the window before this one. */
  rateMax: number;
}

/**
 * A message, in one statement: written only while the order is the author's to write in, open
 * and under the rate, with its files, the author's read mark moved to it (who writes has read
 * the thread), and a bot notice for each other
 * party unless one is already waiting (at most one per THREAD_NOTICE_MINUTES: the next waits
 * for the end of that span). No row: refused meanwhile.
 *
 * The rate is admitted by the upsert of the author's read row (`slot`), not by counting
 * messages: a racing post of the same author waits on that row's lock and then sees the first
 * one's time, so the limit holds exactly. The message takes its id first, so the read mark
 * moves to it in that same upsert.
 */
export async function insertMessage(ex: Executor, jobs: JobRegistry, m: NewMessage): Promise<LineRow | undefined> {
  const me = m.viewer.telegramId;
  const files = m.files.map((f, i) => sql`(${f.blobId}::uuid, ${f.fileName}, ${f.mime}, ${f.size}::bigint, ${i}::int)`);
  const notices = jobs.scheduleEachSql(
    NOTICE_JOB,
    sql`SELECT ins.order_id::text || ':' || p.user_id::text AS key,
               jsonb_build_object('orderId', ins.order_id, 'userId', p.user_id) AS payload,
               GREATEST(now() + make_interval(secs => ${NOTICE_DELAY_SECONDS}),
                        COALESCE(r.notified_at + make_interval(mins => ${THREAD_NOTICE_MINUTES}), now())) AS run_at
        FROM ins
        CROSS JOIN LATERAL (SELECT DISTINCT u AS user_id FROM unnest(ARRAY[(SELECT buyer_id FROM o), (SELECT developer_id FROM o)]) u) p
        LEFT JOIN order_thread_reads r ON r.order_id = ins.order_id AND r.user_id = p.user_id
        WHERE p.user_id <> ins.author_id`,
  );
  return row<LineRow>(
    ex,
    sql`WITH o AS (
          SELECT o.id, o.buyer_id, o.developer_id FROM orders o
          WHERE o.id = ${m.orderId} AND ${visible(m.viewer)} AND ${OPEN}
        ),
        next AS (SELECT nextval(pg_get_serial_sequence('order_messages', 'id')) AS id FROM o),
        slot AS (
          INSERT INTO order_thread_reads AS r (order_id, user_id, last_read_id, posted_at)
          SELECT o.id, ${me}, next.id, ARRAY[now()] FROM o, next
          ON CONFLICT (order_id, user_id) DO UPDATE
            SET last_read_id = GREATEST(r.last_read_id, excluded.last_read_id),
                posted_at = ARRAY(SELECT t FROM unnest(r.posted_at) t WHERE ${RECENT}) || now()
            WHERE (SELECT count(*) FROM unnest(r.posted_at) t WHERE ${RECENT}) < ${m.rateMax}
          RETURNING r.order_id
        ),
        ins AS (
          INSERT INTO order_messages (id, order_id, kind, author_id, author_role, text, masked)
          OVERRIDING SYSTEM VALUE
          SELECT next.id, o.id, 'MESSAGE', ${me},
                 CASE WHEN o.buyer_id = ${me} THEN 'STUDENT' WHEN o.developer_id = ${me} THEN 'DEVELOPER' ELSE 'SUPPORT' END,
                 ${m.text}, ${m.masked}
          FROM o, next, slot RETURNING *
        ),
        files AS (
          ${
            files.length
              ? sql`INSERT INTO order_message_files (message_id, blob_id, file_name, mime, size, position)
                    SELECT ins.id, v.blob_id, v.file_name, v.mime, v.size, v.position
                    FROM ins, (VALUES ${sql.join(files, sql`, `)}) v (blob_id, file_name, mime, size, position)
                    RETURNING id, file_name, position`
              : sql`SELECT NULL::bigint AS id, NULL::text AS file_name, NULL::int AS position WHERE FALSE`
          }
        ),
        notice AS (${notices})
        SELECT ins.id, ins.order_id, ins.kind, ins.author_id, ins.author_role, ins.text, ins.masked, ins.created_at,
               (SELECT username FROM users WHERE telegram_id = ${me}) AS author_username, NULL AS hidden_reason,
               (SELECT json_agg(json_build_object('id', files.id, 'file_name', files.file_name) ORDER BY files.position) FROM files) AS files
        FROM ins`,
  );
}

const LINE_ROLE: Record<OrderActor, ThreadAuthorRole> = { STUDENT: 'STUDENT', DEVELOPER: 'DEVELOPER', ADMIN: 'SUPPORT', SYSTEM: 'SYSTEM' };

/** A system line written with a change of the order, in that change's statement or transaction. */
export function systemLineSql(l: { orderId: number; kind: Exclude<ThreadLineKind, 'MESSAGE'>; actor: OrderActor; actorId: number | null; text: string; masked: boolean }): SQL {
  return sql`INSERT INTO order_messages (order_id, kind, author_id, author_role, text, masked)
      VALUES (${l.orderId}, ${l.kind}, ${l.actorId}, ${LINE_ROLE[l.actor]}, ${l.text}, ${l.masked})`;
}

/**
 * Moves `viewer`'s read mark up to `upTo` (never back; a mark past the newest line stops at
 * it) and answers what is still unread; null when the thread is not theirs.
 */
export async function markRead(ex: Executor, orderId: number, viewer: Viewer, upTo: number): Promise<number | null> {
  const r = await row<{ unread: number | string }>(
    ex,
    sql`WITH o AS (SELECT o.id FROM orders o WHERE o.id = ${orderId} AND ${visible(viewer)}),
             top AS (SELECT COALESCE(max(m.id), 0) AS id FROM order_messages m WHERE m.order_id = (SELECT id FROM o) AND m.id <= ${upTo}),
             up AS (
               INSERT INTO order_thread_reads (order_id, user_id, last_read_id) SELECT o.id, ${viewer.telegramId}, top.id FROM o, top
               ON CONFLICT (order_id, user_id) DO UPDATE SET last_read_id = GREATEST(order_thread_reads.last_read_id, excluded.last_read_id)
               RETURNING last_read_id
             )
        SELECT (SELECT count(*) FROM order_messages m
                 WHERE m.order_id = o.id AND m.author_id IS DISTINCT FROM ${viewer.telegramId} AND m.id > (SELECT last_read_id FROM up)) AS unread
        FROM o`,
  );
  return r ? Number(r.unread) : null;
}

/** Hides a person's message of this order once; answers what the line is and whether this call hid it. */
export function hideLine(ex: Executor, p: { orderId: number; messageId: number; adminId: number; reason: string }) {
  return row<{ kind: ThreadLineKind; author_id: number | string | null; text: string; hid: boolean }>(
    ex,
    sql`WITH m AS (SELECT id, order_id, kind, author_id, text FROM order_messages WHERE id = ${p.messageId} AND order_id = ${p.orderId}),
             h AS (
               INSERT INTO order_message_hides (message_id, order_id, admin_id, reason)
               SELECT m.id, m.order_id, ${p.adminId}, ${p.reason} FROM m WHERE m.kind = 'MESSAGE'
               ON CONFLICT (message_id) DO NOTHING RETURNING message_id
             )
        SELECT m.kind, m.author_id, m.text, EXISTS (SELECT 1 FROM h) AS hid FROM m`,
  );
}

/** Unread lines of the caller's purchases, and of the orders they fulfil (their own purchases counted once, as a buyer). */
export async function unreadTotals(ex: Executor, userId: number): Promise<{ asBuyer: number; asDeveloper: number }> {
  const count = (who: SQL) => sql`(SELECT count(*) FROM orders o
      JOIN order_messages m ON m.order_id = o.id
      LEFT JOIN order_thread_reads r ON r.order_id = o.id AND r.user_id = ${userId}
      WHERE ${who} AND m.id > COALESCE(r.last_read_id, 0) AND m.author_id IS DISTINCT FROM ${userId})`;
  const r = await row<{ as_buyer: number | string; as_developer: number | string }>(
    ex,
    sql`SELECT ${count(sql`o.buyer_id = ${userId}`)} AS as_buyer,
               ${count(sql`o.developer_id = ${userId} AND o.buyer_id <> ${userId}`)} AS as_developer`,
  );
  return { asBuyer: Number(r?.as_buyer ?? 0), asDeveloper: Number(r?.as_developer ?? 0) };
}

// ---- live streams and the bot notice ----------------------------------------------------

/** A live stream is open (or still open): its viewer gets no bot notice about this thread until `seconds` pass. */
export async function markViewing(ex: Executor, streamId: string, orderId: number, userId: number, seconds: number): Promise<void> {
  await ex.execute(sql`INSERT INTO order_thread_viewers (stream_id, order_id, user_id, until)
      VALUES (${streamId}::uuid, ${orderId}, ${userId}, now() + make_interval(secs => ${seconds}))
      ON CONFLICT (stream_id) DO UPDATE SET until = excluded.until`);
}

/** The stream closed; rows of streams whose instance died go with the next open's tidy-up. */
export async function stopViewing(ex: Executor, streamId: string): Promise<void> {
  await ex.execute(sql`DELETE FROM order_thread_viewers WHERE stream_id = ${streamId}::uuid OR until < now() - interval '1 hour'`);
}

export interface NoticeFacts {
  order_id: number | string;
  task_title: string;
  subject_name: string;
  unread: number | string;
  newest: number | string | null;
  notified_upto: number | string;
  viewing: boolean;
}

/** What a notice to `userId` would say (their unread messages) and whether it is due: new ones since the last, nobody watching. */
export function noticeFacts(tx: Executor, orderId: number, userId: number): Promise<NoticeFacts | undefined> {
  const theirs = sql`m.order_id = o.id AND m.kind = 'MESSAGE' AND m.author_id IS DISTINCT FROM ${userId}
                     AND m.id > COALESCE((SELECT last_read_id FROM r), 0)`;
  return row<NoticeFacts>(
    tx,
    sql`WITH r AS (SELECT last_read_id, notified_upto FROM order_thread_reads WHERE order_id = ${orderId} AND user_id = ${userId} FOR UPDATE)
        SELECT o.id AS order_id, o.task_title, o.subject_name,
               (SELECT count(*) FROM order_messages m WHERE ${theirs}) AS unread,
               (SELECT max(m.id) FROM order_messages m WHERE ${theirs}) AS newest,
               COALESCE((SELECT notified_upto FROM r), 0) AS notified_upto,
               EXISTS (SELECT 1 FROM order_thread_viewers v WHERE v.order_id = o.id AND v.user_id = ${userId} AND v.until > now()) AS viewing
        FROM orders o WHERE o.id = ${orderId} AND ${userId} IN (o.buyer_id, o.developer_id)`,
  );
}

export async function markNotified(tx: Executor, orderId: number, userId: number, upTo: number): Promise<void> {
  await tx.execute(sql`INSERT INTO order_thread_reads (order_id, user_id, notified_at, notified_upto) VALUES (${orderId}, ${userId}, now(), ${upTo})
      ON CONFLICT (order_id, user_id) DO UPDATE SET notified_at = now(), notified_upto = excluded.notified_upto`);
}

/** How many lines an order's thread has (the demo's seed writes a conversation only into an empty one). */
export async function lineCount(ex: Executor, orderId: number): Promise<number> {
  return Number((await rows<{ n: number | string }>(ex, sql`SELECT count(*) AS n FROM order_messages WHERE order_id = ${orderId}`))[0]?.n ?? 0);
}
