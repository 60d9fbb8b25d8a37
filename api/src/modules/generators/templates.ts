import { sql } from 'drizzle-orm';
import { MSG, type TaskTemplateInfo } from '@zalik/contract';
import { row, type Db, type Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { BlobStore } from '../../ports/blob-store.js';
import type { AuthUser } from '../../types/auth.js';
import { loadTask, type TaskForOrder } from '../catalogue/index.js';
import type { Sandbox } from './sandbox.js';
import { checkTemplate } from './template-check.js';
import { recordAudit } from '../audit/index.js';
import { DOCX_TEMPLATE } from './docx-template.js';
import { insertIdentifier, pointTaskAt } from './identifiers.queries.js';

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
 * Checks (in the sandbox's worker, never on the API thread) and stores a task's own template,
 * replacing the one it used. The tags found are stored with it, so a purchase never parses it
 * again on this thread: it compares those tags with the task and renders in the worker. The
 * upload also becomes an entry of the template library (named after its file), which the task
 * now points at; the entry it used before stays in the library, so its file is never removed
 * here (another task or an order may use it; the orphan sweep removes files nobody uses).
 * The new blob is written before the transaction and removed if it fails.
 */
export async function saveTemplate(
  deps: { db: Db; blobs: BlobStore; sandbox: Sandbox },
  p: { task: TaskForOrder; bytes: Buffer; fileName: string; uploaderId: number; byAdmin: boolean },
): Promise<TaskTemplateInfo> {
  const tags = await checkTemplate(deps.sandbox, p.bytes, { type: p.task.type, argumentNames: p.task.argumentNames });
  const blobId = await deps.blobs.put(p.bytes);
  try {
    const saved = await deps.db.transaction(async (tx) => {
      // One upload per task at a time.
      await tx.execute(sql`SELECT id FROM tasks WHERE id = ${p.task.id} FOR UPDATE`);
      // A developer's own task is their work; an admin changing anyone's template is audited.
      if (p.byAdmin) {
        const before = await row<{ file_name: string }>(tx, sql`SELECT file_name FROM task_templates WHERE task_id = ${p.task.id}`);
        await recordAudit(tx, {
          adminId: p.uploaderId,
          action: 'template.change',
          target: `task:${p.task.id}`,
          before: before ? { fileName: before.file_name } : null,
          after: { fileName: p.fileName, tags },
        });
      }
      const entry = await insertIdentifier(tx, {
        name: p.fileName.replace(/\.docx$/i, ''),
        description: MSG.identifierOfTask(p.task.title),
        kind: 'DOCX',
        generator: DOCX_TEMPLATE,
        blobId,
        fileName: p.fileName,
        tags,
        by: p.uploaderId,
      });
      const stored = (await row<TemplateRow>(
        tx,
        sql`INSERT INTO task_templates (task_id, blob_id, file_name, tags, uploaded_by)
            VALUES (${p.task.id}, ${blobId}, ${p.fileName}, ${JSON.stringify(tags)}::jsonb, ${p.uploaderId})
            ON CONFLICT (task_id) DO UPDATE SET blob_id = EXCLUDED.blob_id, file_name = EXCLUDED.file_name,
              tags = EXCLUDED.tags, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()
            RETURNING blob_id, file_name, tags, uploaded_at`,
      ))!;
      await pointTaskAt(tx, p.task.id, entry);
      return stored;
    });
    return info(saved);
  } catch (err) {
    await deps.blobs.remove(blobId).catch(() => undefined);
    throw err;
  }
}
