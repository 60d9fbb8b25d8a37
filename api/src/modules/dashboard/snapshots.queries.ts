import { sql } from 'drizzle-orm';
import { row, type Executor } from '../../db/client.js';

/** A panel's stored answer (migration 0082) and the moment it describes. */
export interface Snapshot {
  answer: unknown;
  computedAt: Date;
}

/** The panel's stored answer if it describes a moment less than `maxAgeSeconds` ago (the database's clock). */
export async function freshSnapshot(ex: Executor, key: string, maxAgeSeconds: number): Promise<Snapshot | undefined> {
  const r = await row<{ answer: unknown; computed_at: string | Date }>(
    ex,
    sql`SELECT answer, computed_at FROM dashboard_snapshots
        WHERE key = ${key} AND computed_at > clock_timestamp() - make_interval(secs => ${maxAgeSeconds}::int)`,
  );
  return r && { answer: r.answer, computedAt: new Date(r.computed_at) };
}

/**
 * Stores a panel's answer unless the row already holds a newer one: several instances (the job
 * on one, a live computation on another) may write the same panel, and the latest moment wins.
 */
export async function storeSnapshot(ex: Executor, key: string, answer: unknown, computedAt: Date): Promise<void> {
  await ex.execute(
    sql`INSERT INTO dashboard_snapshots (key, answer, computed_at) VALUES (${key}, ${JSON.stringify(answer)}::jsonb, ${computedAt.toISOString()}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET answer = EXCLUDED.answer, computed_at = EXCLUDED.computed_at
        WHERE dashboard_snapshots.computed_at < EXCLUDED.computed_at`,
  );
}
