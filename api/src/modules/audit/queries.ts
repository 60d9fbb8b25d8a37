import { sql, type SQL } from 'drizzle-orm';
import { KYIV } from '../../db/kyiv.js';
import type { AuditAction, AuditEntry, AuditFilters, AuditQuery } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';

export interface AuditRecord {
  adminId: number;
  action: AuditAction;
  target: string;
  userId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  requestId: string | null;
  ip: string | null;
}

export async function insertAudit(ex: Executor, r: AuditRecord): Promise<void> {
  await ex.execute(sql`INSERT INTO audit_log (admin_id, action, target, user_id, before, after, request_id, ip)
    VALUES (${r.adminId}, ${r.action}, ${r.target}, ${r.userId ?? null},
            ${r.before ? JSON.stringify(r.before) : null}::jsonb, ${r.after ? JSON.stringify(r.after) : null}::jsonb, ${r.requestId}, ${r.ip})`);
}

interface AuditRow {
  id: number | string;
  at: Date | string;
  admin_id: number | string;
  username: string | null;
  action: AuditAction;
  target: string;
  user_id: number | string | null;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
  request_id: string | null;
  ip: string | null;
}

const json = (v: Record<string, unknown> | string | null) => (typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : v);

type AuditSpan = AuditFilters & { from?: string; to?: string };

/** The filters as one condition; `from`..`to` are Kyiv days, both included. */
function matching(q: AuditSpan): SQL {
  const where: SQL[] = [sql`TRUE`];
  if (q.adminId) where.push(sql`a.admin_id = ${Number(q.adminId)}`);
  if (q.action) where.push(sql`a.action = ${q.action}`);
  if (q.userId) where.push(sql`a.user_id = ${Number(q.userId)}`);
  if (q.from) where.push(sql`a.at >= (${q.from}::date)::timestamp AT TIME ZONE ${KYIV}`);
  if (q.to) where.push(sql`a.at < (${q.to}::date + 1)::timestamp AT TIME ZONE ${KYIV}`);
  return sql.join(where, sql` AND `);
}

const SELECT = sql`SELECT a.*, u.username FROM audit_log a LEFT JOIN users u ON u.telegram_id = a.admin_id`;

/** One page, newest first, of the rows the filters keep; one more row read tells whether it is the last. */
export async function auditPage(ex: Executor, q: AuditQuery): Promise<{ content: AuditEntry[]; last: boolean }> {
  const found = await rows<AuditRow>(ex, sql`${SELECT} WHERE ${matching(q)} ORDER BY a.at DESC, a.id DESC LIMIT ${q.limit + 1} OFFSET ${q.page * q.limit}`);
  return { content: found.slice(0, q.limit).map(toEntry), last: found.length <= q.limit };
}

/**
 * For the CSV export: up to `size` rows the filters keep, oldest first, after row `afterId`.
 * Ids are unique and grow with each insert, so the id alone is a stable cursor.
 */
export async function auditRowsAfter(ex: Executor, q: AuditSpan, afterId: number, size: number): Promise<AuditEntry[]> {
  return (await rows<AuditRow>(ex, sql`${SELECT} WHERE ${matching(q)} AND a.id > ${afterId} ORDER BY a.id LIMIT ${size}`)).map(toEntry);
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: String(r.id),
    at: new Date(r.at).toISOString(),
    admin: { telegramId: String(r.admin_id), username: r.username ?? '' },
    action: r.action,
    target: r.target,
    userId: r.user_id === null ? null : String(r.user_id),
    before: json(r.before),
    after: json(r.after),
    requestId: r.request_id,
    ip: r.ip,
  };
}
