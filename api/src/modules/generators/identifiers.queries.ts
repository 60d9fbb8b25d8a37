import { sql } from 'drizzle-orm';
import type { Identifier, IdentifierKind, TaskType } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';

/** SQL of the template library (modules/generators/identifiers.ts). */

export interface IdentifierRow {
  id: number | string;
  name: string;
  description: string;
  kind: IdentifierKind;
  generator: string;
  blob_id: string | null;
  file_name: string | null;
  tags: string[] | string;
  created_at: Date | string;
  tasks: number | string;
}

const tagsOf = (v: string[] | string): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);

export const toIdentifier = (r: IdentifierRow): Identifier => ({
  id: String(r.id),
  name: r.name,
  type: r.kind,
  description: r.description,
  createdAt: new Date(r.created_at).toISOString(),
  fileName: r.file_name,
  tags: tagsOf(r.tags),
  tasks: Number(r.tasks),
});

const SELECT = sql`
  SELECT i.id, i.name, i.description, i.kind, i.generator, i.blob_id, i.file_name, i.tags, i.created_at,
         (SELECT count(*) FROM tasks t WHERE t.identifier_id = i.id AND t.deleted_at IS NULL) AS tasks
  FROM identifiers i`;

/** One window of the library, newest first (one row more than the page: `last`). */
export const listIdentifiers = (ex: Executor, window: { limit: number; offset: number }) =>
  rows<IdentifierRow>(ex, sql`${SELECT} WHERE i.deleted_at IS NULL ORDER BY i.created_at DESC, i.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`);

/** A live entry; `lock` holds it against a concurrent change or delete until the transaction ends. */
export const findIdentifier = (ex: Executor, id: number, lock = false) =>
  row<IdentifierRow>(ex, sql`${SELECT} WHERE i.id = ${id} AND i.deleted_at IS NULL${lock ? sql` FOR UPDATE OF i` : sql``}`);

export interface NewIdentifier {
  name: string;
  description: string;
  kind: IdentifierKind;
  generator: string;
  blobId: string | null;
  fileName: string | null;
  tags: string[];
  by: number;
}

export async function insertIdentifier(ex: Executor, e: NewIdentifier): Promise<number> {
  const made = await row<{ id: number }>(
    ex,
    sql`INSERT INTO identifiers (name, description, kind, generator, blob_id, file_name, tags, created_by)
        VALUES (${e.name}, ${e.description}, ${e.kind}, ${e.generator}, ${e.blobId}::uuid, ${e.fileName}, ${JSON.stringify(e.tags)}::jsonb, ${e.by})
        RETURNING id`,
  );
  return Number(made!.id);
}

/** The live tasks that use an entry, with what a template must fit. */
export async function tasksUsing(ex: Executor, id: number): Promise<{ id: number; title: string; type: TaskType; names: string[] }[]> {
  const found = await rows<{ id: number; title: string; type: TaskType; names: string[] | string }>(
    ex,
    sql`SELECT t.id, t.title, t.type,
               COALESCE((SELECT json_agg(a.name ORDER BY ta.position) FROM task_arguments ta JOIN arguments a ON a.id = ta.argument_id
                         WHERE ta.task_id = t.id), '[]'::json) AS names
        FROM tasks t WHERE t.identifier_id = ${id} AND t.deleted_at IS NULL ORDER BY t.id`,
  );
  return found.map((t) => ({ id: Number(t.id), title: t.title, type: t.type, names: tagsOf(t.names) }));
}

/**
 * An entry's new file (or the same file checked again) with its tags, for the entry and for
 * every task template that copies it, so each task generates with it from the next purchase.
 */
export async function replaceIdentifierFile(ex: Executor, id: number, f: { blobId: string; fileName: string; tags: string[] }): Promise<void> {
  const tags = JSON.stringify(f.tags);
  await ex.execute(sql`UPDATE identifiers SET blob_id = ${f.blobId}::uuid, file_name = ${f.fileName}, tags = ${tags}::jsonb, updated_at = now() WHERE id = ${id}`);
  await ex.execute(sql`UPDATE task_templates SET blob_id = ${f.blobId}::uuid, file_name = ${f.fileName}, tags = ${tags}::jsonb, uploaded_at = now()
                       WHERE identifier_id = ${id}`);
}

export async function renameIdentifier(ex: Executor, id: number, p: { name?: string; description?: string }): Promise<void> {
  await ex.execute(sql`UPDATE identifiers SET name = COALESCE(${p.name ?? null}::text, name), description = COALESCE(${p.description ?? null}::text, description),
                         updated_at = now() WHERE id = ${id}`);
}

export async function archiveIdentifier(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`UPDATE identifiers SET deleted_at = now() WHERE id = ${id}`);
}

/** A task's own upload becomes a library entry of its own, and the task's template copies it. */
export async function pointTaskAt(ex: Executor, taskId: number, identifierId: number): Promise<void> {
  await ex.execute(sql`UPDATE tasks SET identifier_id = ${identifierId} WHERE id = ${taskId}`);
  await ex.execute(sql`UPDATE task_templates SET identifier_id = ${identifierId} WHERE task_id = ${taskId}`);
}
