import { sql, type SQL } from 'drizzle-orm';
import { row, type Executor } from '../../db/client.js';
import type { TaskTemplateRef } from '../../ports/generator.js';

/**
 * The template a generation needs (blob id and tags) as one JSON value, null when the task has
 * none: a subquery, so a purchase reads it in the same statement as its task (orders/tasks.ts).
 */
export const templateRefSql = (taskId: SQL | number): SQL =>
  sql`(SELECT json_build_object('blobId', tt.blob_id, 'tags', tt.tags) FROM task_templates tt WHERE tt.task_id = ${taskId})`;

/** `templateRefSql`'s value as a driver returns it (PGlite and pg parse JSON, a text column would not be). */
export function toTemplateRef(raw: TaskTemplateRef | string | null | undefined): TaskTemplateRef | null {
  if (raw === null || raw === undefined) return null;
  const r = typeof raw === 'string' ? (JSON.parse(raw) as TaskTemplateRef) : raw;
  const tags = typeof r.tags === 'string' ? (JSON.parse(r.tags) as string[]) : r.tags;
  return { blobId: r.blobId, tags };
}

/** A task's template, read on its own (a generation whose caller did not read it with the task). */
export async function readTemplateRef(ex: Executor, taskId: number): Promise<TaskTemplateRef | null> {
  const r = await row<{ template: TaskTemplateRef | string | null }>(ex, sql`SELECT ${templateRefSql(taskId)} AS template`);
  return toTemplateRef(r?.template);
}
