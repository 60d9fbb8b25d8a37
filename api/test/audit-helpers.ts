import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import type { AppDeps } from '../src/deps.js';

export interface AuditRowSeen {
  adminId: number;
  target: string;
  userId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown> | null;

/** The audit rows of one action (on one target, when given), oldest first. */
export async function auditRows(deps: Pick<AppDeps, 'db'>, action: string, target?: string): Promise<AuditRowSeen[]> {
  const found = await rows<{ admin_id: number | string; target: string; user_id: number | string | null; before: unknown; after: unknown }>(
    deps.db,
    sql`SELECT admin_id, target, user_id, before, after FROM audit_log
        WHERE action = ${action} AND (${target ?? null}::text IS NULL OR target = ${target ?? null}) ORDER BY id`,
  );
  return found.map((r) => ({
    adminId: Number(r.admin_id),
    target: r.target,
    userId: r.user_id === null ? null : Number(r.user_id),
    before: json(r.before),
    after: json(r.after),
  }));
}
