import { sql } from 'drizzle-orm';
import { MSG, type TaskTemplateInfo } from '@zalik/contract';
import { row, type Db, type Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { BlobStore } from '../../ports/blob-store.js';
import type { AuthUser } from '../../types/auth.js';
import { loadTask, type TaskForOrder } from '../orders/tasks.js';
import type { Sandbox } from './sandbox.js';
import { checkTemplate } from './template-check.js';

interface TemplateRow {
  blob_id: string;
  file_name: string;
  tags: string[] | string;
  uploaded_at: Date | string;
}

const info = (r: TemplateRow): TaskTemplateInfo => ({
  fileName: r.file_name,
  tags: typeof r.tags === 'string' ? (JSON.parse(r.tags) as string[]) : r.tags,
  uploadedAt: new Date(r.uploaded_at).toISOString(),
});

/** Only an admin or the task's own developer manages its template. */
export async function taskForTemplate(ex: Executor, taskId: number, user: AuthUser): Promise<TaskForOrder> {
  const task = await loadTask(ex, taskId);
  if (!task || task.archived) throw notFound(MSG.taskNotFound);
  if (!user.isAdmin && task.developerId !== user.telegramId) throw forbidden(MSG.onlyTemplateOwner);
  return task;
}

export async function templateInfo(ex: Executor, taskId: number): Promise<TaskTemplateInfo> {
  const r = await row<TemplateRow>(ex, sql`SELECT blob_id, file_name, tags, uploaded_at FROM task_templates WHERE task_id = ${taskId}`);
  if (!r) throw notFound(MSG.templateMissingForTask);
  return info(r);
}

/**
 * Checks (in the sandbox's worker, never on the API thread) and stores a template, replacing
 * the task's old one. The tags found are stored with it, so a purchase never parses it again
 * on this thread: it compares those tags with the task and renders in the worker. The new blob is written before
 * the transaction and removed if it fails; the old blob is removed only after the commit, so
 * a generation running meanwhile finds one or the other, never neither.
 */
export async function saveTemplate(
  deps: { db: Db; blobs: BlobStore; sandbox: Sandbox },
  p: { task: TaskForOrder; bytes: Buffer; fileName: string; uploaderId: number },
): Promise<TaskTemplateInfo> {
  const tags = await checkTemplate(deps.sandbox, p.bytes, { type: p.task.type, argumentNames: p.task.argumentNames });
  const blobId = await deps.blobs.put(p.bytes);
  let old: string | undefined;
  let saved: TemplateRow;
  try {
    saved = await deps.db.transaction(async (tx) => {
      // One upload per task at a time, so each sees the blob it replaces.
      await tx.execute(sql`SELECT id FROM tasks WHERE id = ${p.task.id} FOR UPDATE`);
      old = (await row<{ blob_id: string }>(tx, sql`SELECT blob_id FROM task_templates WHERE task_id = ${p.task.id} FOR UPDATE`))?.blob_id;
      return (await row<TemplateRow>(
        tx,
        sql`INSERT INTO task_templates (task_id, blob_id, file_name, tags, uploaded_by)
            VALUES (${p.task.id}, ${blobId}, ${p.fileName}, ${JSON.stringify(tags)}::jsonb, ${p.uploaderId})
            ON CONFLICT (task_id) DO UPDATE SET blob_id = EXCLUDED.blob_id, file_name = EXCLUDED.file_name,
              tags = EXCLUDED.tags, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()
            RETURNING blob_id, file_name, tags, uploaded_at`,
      ))!;
    });
  } catch (err) {
    await deps.blobs.remove(blobId).catch(() => undefined);
    throw err;
  }
  if (old && old !== blobId) await deps.blobs.remove(old).catch(() => undefined);
  return info(saved);
}
