import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { rows } from '../../db/client.js';
import type { BlobInfo, BlobStore } from '../../ports/blob-store.js';

/**
 * Every place a row keeps a blob id. A blob is stored before the row that points at it
 * commits, so a process killed in between (or a failed clean-up) leaves a blob nobody owns;
 * the sweep removes those. A test fails when a migration adds a blob column missing here.
 */
export const BLOB_COLUMNS = [
  'order_files.blob_id',
  'task_templates.blob_id',
  'support_files.blob_id',
  'broadcast_files.blob_id',
  'explanation_documents.blob_id',
  'order_message_files.blob_id',
  'identifiers.blob_id',
] as const;

/** Blobs younger than this are never removed: their row may still be being written. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
/** Same key on every instance: one sweep at a time on a shared PostgreSQL. */
const SWEEP_LOCK = 727275;
const BATCH = 500;

export interface SweepResult {
  /** Blobs looked at (every blob in the store). */
  scanned: number;
  removed: string[];
}

/**
 * Of `ids`, the ones some row still refers to (queued Telegram messages included). A deleted
 * library entry keeps its row for the record, not its file: only live entries count.
 */
async function referenced(ex: Executor, ids: string[]): Promise<Set<string>> {
  // Ids come from the store's listing or a row and match BLOB_ID, so the array literal is safe.
  const list = `{${ids.join(',')}}`;
  const found = await rows<{ id: string }>(
    ex,
    sql`SELECT blob_id::text AS id FROM order_files WHERE blob_id = ANY(${list}::uuid[])
        UNION SELECT blob_id::text FROM task_templates WHERE blob_id = ANY(${list}::uuid[])
        UNION SELECT blob_id::text FROM support_files WHERE blob_id = ANY(${list}::uuid[])
        UNION SELECT blob_id::text FROM broadcast_files WHERE blob_id = ANY(${list}::uuid[])
        UNION SELECT blob_id::text FROM explanation_documents WHERE blob_id = ANY(${list}::uuid[])
        UNION SELECT blob_id::text FROM order_message_files WHERE blob_id = ANY(${list}::uuid[])
        UNION SELECT blob_id::text FROM identifiers WHERE blob_id = ANY(${list}::uuid[]) AND deleted_at IS NULL
        UNION SELECT f->>'blobId' FROM outbox o
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(o.payload->'files') = 'array' THEN o.payload->'files' ELSE '[]'::jsonb END) f
          WHERE o.sent_at IS NULL AND f->>'blobId' = ANY(${list}::text[])`,
  );
  return new Set(found.map((r) => r.id));
}

/**
 * Removes the blobs that no row refers to and that are older than `olderThanMs`. Listing
 * and checking go in batches, so memory stays flat however many files the store holds.
 */
export async function sweepOrphanBlobs(
  deps: { database: Database; blobs: BlobStore },
  opts: { olderThanMs?: number; now?: number } = {},
): Promise<SweepResult> {
  const cutoff = (opts.now ?? Date.now()) - (opts.olderThanMs ?? ORPHAN_MIN_AGE_MS);
  const result: SweepResult = { scanned: 0, removed: [] };
  let batch: BlobInfo[] = [];
  const flush = async () => {
    const old = batch.filter((b) => b.modifiedAt.getTime() < cutoff);
    batch = [];
    if (!old.length) return;
    const keep = await referenced(deps.database.db, old.map((b) => b.id));
    for (const b of old) {
      if (keep.has(b.id)) continue;
      await deps.blobs.remove(b.id);
      result.removed.push(b.id);
    }
  };
  for await (const blob of deps.blobs.list()) {
    result.scanned++;
    batch.push(blob);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return result;
}

/**
 * Removes a file at once when no row refers to it any more: called after the transaction
 * that dropped its last reference has committed (before, a rollback would leave a row
 * pointing at nothing). Nothing can point at it again by then, since the row it came from is
 * gone or archived. A failure is left to the orphan sweep, which finds the same file.
 */
export async function removeIfUnreferenced(deps: { db: Executor; blobs: BlobStore }, blobId: string): Promise<boolean> {
  try {
    if ((await referenced(deps.db, [blobId])).has(blobId)) return false;
    await deps.blobs.remove(blobId);
    return true;
  } catch {
    return false;
  }
}

/**
 * One sweep, unless another instance on the same PostgreSQL holds the sweep lock (then null).
 * The lock is a transaction-level one on a connection of its own, released however the sweep
 * ends. PGlite has one process per database, so there is no one to wait for.
 */
export async function sweepOnce(deps: { database: Database; blobs: BlobStore }): Promise<SweepResult | null> {
  if (deps.database.kind !== 'postgres') return sweepOrphanBlobs(deps);
  return deps.database.script(async (exec) => {
    const [lock] = await exec(`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}) AS ok`);
    return lock?.ok === true ? sweepOrphanBlobs(deps) : null;
  });
}
