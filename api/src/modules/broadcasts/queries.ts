import { currentRequestId } from '../../lib/request-context.js';
import { sql, type SQL } from 'drizzle-orm';
import { row, rows, type Executor } from '../../db/client.js';
import type { OutboxPayload } from '../outbox/index.js';
import type { StoredUpload } from '../files/index.js';

/** Who a broadcast is for: every user of the course (or all), but never a banned one. */
const audience = (courseNumber: number | null): SQL =>
  sql`NOT u.is_banned AND ${courseNumber === null ? sql`TRUE` : sql`u.course_number = ${courseNumber}`}`;

export async function countAudience(ex: Executor, courseNumber: number | null): Promise<{ recipients: number; skipped: number }> {
  const r = await row<{ recipients: number | string; skipped: number | string }>(
    ex,
    sql`SELECT count(*) FILTER (WHERE u.bot_blocked_at IS NULL) AS recipients,
               count(*) FILTER (WHERE u.bot_blocked_at IS NOT NULL) AS skipped
        FROM users u WHERE ${audience(courseNumber)}`,
  );
  return { recipients: Number(r?.recipients ?? 0), skipped: Number(r?.skipped ?? 0) };
}

export async function insertBroadcast(
  ex: Executor,
  b: { createdBy: number; courseNumber: number | null; message: string; skipped: number; files: StoredUpload[] },
): Promise<number> {
  const { id } = (await row<{ id: number | string }>(
    ex,
    sql`INSERT INTO broadcasts (created_by, course_number, message, recipients, skipped)
        VALUES (${b.createdBy}, ${b.courseNumber}, ${b.message}, 0, ${b.skipped}) RETURNING id`,
  ))!;
  for (const [position, f] of b.files.entries()) {
    await ex.execute(sql`
      INSERT INTO broadcast_files (broadcast_id, position, blob_id, file_name, mime, size)
      VALUES (${id}, ${position}, ${f.blobId}, ${f.fileName}, ${f.mime}, ${f.size})`);
  }
  return Number(id);
}

/**
 * One outbox message per recipient, in one statement whatever the audience. The dedupe key
 * makes it once per user; priority 1 lets a user's own notifications go first.
 */
export async function enqueueBroadcast(ex: Executor, id: number, courseNumber: number | null, payload: OutboxPayload): Promise<number> {
  const r = await row<{ n: number | string }>(
    ex,
    sql`WITH queued AS (
          INSERT INTO outbox (kind, chat_id, payload, dedupe_key, priority, broadcast_id, request_id)
          SELECT 'broadcast', u.telegram_id, ${JSON.stringify(payload)}::jsonb, ${`broadcast:${id}:`} || u.telegram_id, 1, ${id}, ${currentRequestId()}::text
          FROM users u WHERE ${audience(courseNumber)} AND u.bot_blocked_at IS NULL
          ON CONFLICT (dedupe_key) DO NOTHING
          RETURNING 1)
        SELECT count(*) AS n FROM queued`,
  );
  return Number(r?.n ?? 0);
}

export const setRecipients = (ex: Executor, id: number, n: number) => ex.execute(sql`UPDATE broadcasts SET recipients = ${n} WHERE id = ${id}`);

export interface BroadcastRow {
  id: number | string;
  course_number: number | null;
  message: string;
  recipients: number;
  skipped: number;
  created_at: Date | string;
  created_by: number | string;
  username: string;
  files: { fileName: string; size: number }[] | string;
  sent: number | string;
  failed: number | string;
  left: number | string;
}

const SELECT = sql`
  SELECT b.id, b.course_number, b.message, b.recipients, b.skipped, b.created_at, b.created_by, u.username,
         COALESCE((SELECT json_agg(json_build_object('fileName', f.file_name, 'size', f.size) ORDER BY f.position)
                   FROM broadcast_files f WHERE f.broadcast_id = b.id), '[]') AS files,
         (SELECT count(*) FROM outbox o WHERE o.broadcast_id = b.id AND o.sent_at IS NOT NULL) AS sent,
         (SELECT count(*) FROM outbox o WHERE o.broadcast_id = b.id AND o.gave_up_at IS NOT NULL) AS failed,
         (SELECT count(*) FROM outbox o WHERE o.broadcast_id = b.id AND o.sent_at IS NULL AND o.gave_up_at IS NULL) AS left
  FROM broadcasts b JOIN users u ON u.telegram_id = b.created_by`;

export const broadcastById = (ex: Executor, id: number) => row<BroadcastRow>(ex, sql`${SELECT} WHERE b.id = ${id}`);

export const recentBroadcasts = (ex: Executor, limit: number) =>
  rows<BroadcastRow>(ex, sql`${SELECT} ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}`);
