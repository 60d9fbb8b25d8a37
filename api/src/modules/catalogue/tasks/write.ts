import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG, templateMisfit, type Task, type TaskCreate, type TaskPatch, type TaskType } from '@zalik/contract';
import { row, rows, type Db, type Executor } from '../../../db/client.js';
import { idIn } from '../../../db/ids.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { GeneratorRegistry } from '../../../ports/generator.js';
import { lockLiveTeacher } from '../teachers.queries.js';
import { findTask, type Viewer } from './read.js';
import { setTaskDocument } from '../../explanations/index.js';

/**
 * Points a task at a library entry: a DOCX template becomes the task's template (its
 * task_templates row, what a purchase reads, takes the entry's file and tags) once it fits the
 * task's type and arguments; a generator's name becomes the task's generator. The entry is
 * locked against a concurrent delete or replacement until the change commits.
 */
export async function assignIdentifier(tx: Executor, taskId: number, identifierId: number): Promise<void> {
  const entry = await row<{ kind: string; generator: string; blob_id: string | null; file_name: string | null; tags: string[] | string; created_by: number | null }>(
    tx,
    sql`SELECT kind, generator, blob_id, file_name, tags, created_by FROM identifiers WHERE id = ${identifierId} AND deleted_at IS NULL FOR SHARE`,
  );
  if (!entry) throw notFound(MSG.identifierNotFound);
  const task = await row<{ type: TaskType; developer_id: number; names: string[] | string }>(
    tx,
    sql`SELECT t.type, t.developer_id, COALESCE((SELECT json_agg(a.name ORDER BY ta.position) FROM task_arguments ta JOIN arguments a ON a.id = ta.argument_id
                                  WHERE ta.task_id = t.id), '[]'::json) AS names
        FROM tasks t WHERE t.id = ${taskId}`,
  );
  await tx.execute(sql`UPDATE tasks SET identifier_id = ${identifierId}, identifier = ${entry.generator} WHERE id = ${taskId}`);
  if (entry.kind !== 'DOCX') {
    await tx.execute(sql`DELETE FROM task_templates WHERE task_id = ${taskId}`);
    return;
  }
  const tags = typeof entry.tags === 'string' ? (JSON.parse(entry.tags) as string[]) : entry.tags;
  const names = typeof task!.names === 'string' ? (JSON.parse(task!.names) as string[]) : task!.names;
  const misfit = templateMisfit(tags, task!.type, names);
  if (misfit) throw badRequest(MSG.templateTags(misfit.missing, misfit.extra));
  await tx.execute(sql`
    INSERT INTO task_templates (task_id, blob_id, file_name, tags, uploaded_by, identifier_id)
    VALUES (${taskId}, ${entry.blob_id}::uuid, ${entry.file_name}, ${JSON.stringify(tags)}::jsonb, ${entry.created_by ?? task!.developer_id}, ${identifierId})
    ON CONFLICT (task_id) DO UPDATE SET blob_id = EXCLUDED.blob_id, file_name = EXCLUDED.file_name, tags = EXCLUDED.tags,
      uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now(), identifier_id = EXCLUDED.identifier_id`);
}

/** Links the explanation document the task's form picked; an unknown one refuses the whole change. */
async function linkDocument(tx: Executor, taskId: number, documentId: string | null | undefined): Promise<void> {
  if (documentId && !(await setTaskDocument(tx, taskId, Number(documentId)))) throw notFound(MSG.explanationDocumentNotFound);
}

/**
 * A task's arguments in order, replaced whole. An auto-generated REGULAR task's template names
 * one placeholder per argument: a new list its template does not fit is refused with what to
 * change, or every later purchase would generate a document with blanks.
 */
async function replaceArguments(tx: Executor, taskId: number, argIds: number[], type: TaskType, autoGenerate: boolean): Promise<void> {
  await lockArguments(tx, argIds);
  if (autoGenerate && type === 'REGULAR') {
    const template = await row<{ tags: string[] | string }>(tx, sql`SELECT tags FROM task_templates WHERE task_id = ${taskId}`);
    if (template) {
      const tags = typeof template.tags === 'string' ? (JSON.parse(template.tags) as string[]) : template.tags;
      const names = argIds.length
        ? (await rows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM arguments WHERE ${idIn(sql`id`, argIds)}`)).map((a) => a.name.trim())
        : [];
      const missing = names.filter((n) => !tags.includes(n));
      const extra = tags.filter((t) => !names.includes(t));
      if (missing.length || extra.length) throw badRequest(MSG.templateTags(missing, extra));
    }
  }
  await tx.execute(sql`DELETE FROM task_arguments WHERE task_id = ${taskId}`);
  if (argIds.length > 0) {
    await tx.execute(sql`
      INSERT INTO task_arguments (task_id, argument_id, position)
      VALUES ${sql.join(argIds.map((argId, i) => sql`(${taskId}, ${argId}, ${i})`), sql`, `)}`);
  }
}

/** The developer of a task must be a user holding ROLE_DEVELOPER. */
async function assertDeveloper(tx: Executor, telegramId: number): Promise<void> {
  const found = await row<{ is_developer: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM user_roles r WHERE r.telegram_id = u.telegram_id AND r.role = 'ROLE_DEVELOPER') AS is_developer
        FROM users u WHERE u.telegram_id = ${telegramId}`,
  );
  if (!found) throw notFound(MSG.userNotFound);
  if (!found.is_developer) throw badRequest(MSG.developerNotDeveloper);
}

/**
 * Every argument must exist and not be archived. They are locked FOR SHARE until the task is
 * committed, so a concurrent delete of one of them waits and then sees it in use.
 */
async function lockArguments(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length) throw badRequest(MSG.argumentsDuplicate);
  const found = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM arguments WHERE ${idIn(sql`id`, ids)} AND deleted_at IS NULL FOR SHARE`,
  );
  if (found.length !== ids.length) throw badRequest(MSG.argumentsUnknown);
}

/**
 * An auto-generated task must name a generator this server has, or every purchase of it would
 * fail; the refusal lists the known ones so the admin can correct it.
 */
function assertGenerator(generators: GeneratorRegistry, identifier: string): void {
  if (!generators.find(identifier)) throw badRequest(MSG.generatorUnknown(generators.identifiers().sort()));
}

export async function createTask(db: Db, body: z.output<typeof TaskCreate>, viewer: Viewer, generators: GeneratorRegistry): Promise<Task> {
  const argIds = body.args.map(Number);
  // A library entry names its own generator.
  if (body.autoGenerate && !body.identifierId) assertGenerator(generators, body.identifier);
  return db.transaction(async (tx) => {
    await lockLiveTeacher(tx, Number(body.teacherId));
    await assertDeveloper(tx, Number(body.developerTelegramId));
    await lockArguments(tx, argIds);
    const created = await row<{ id: number }>(
      tx,
      sql`INSERT INTO tasks (teacher_id, developer_id, title, description, identifier, price, type, auto_generate, deadline_hours)
          VALUES (${Number(body.teacherId)}, ${Number(body.developerTelegramId)}, ${body.title}, ${body.description},
                  ${body.identifier}, ${body.price}, ${body.type}, ${body.autoGenerate}, ${body.deadlineHours}::numeric)
          RETURNING id`,
    );
    const taskId = created!.id;
    if (argIds.length > 0) {
      await tx.execute(sql`
        INSERT INTO task_arguments (task_id, argument_id, position)
        VALUES ${sql.join(argIds.map((argId, i) => sql`(${taskId}, ${argId}, ${i})`), sql`, `)}`);
    }
    await linkDocument(tx, taskId, body.documentId);
    if (body.identifierId) await assignIdentifier(tx, taskId, Number(body.identifierId));
    return (await findTask(tx, taskId, viewer.telegramId))!;
  });
}

/**
 * `undefined` fields (sent as `""` or left out) keep their value. The type, the teacher and the
 * arguments can change too (Zalik's form and the newest client's PUT); what was bought keeps its
 * own snapshot (orders store what the buyer saw).
 */
export async function patchTask(
  db: Db,
  taskId: number,
  body: z.output<typeof TaskPatch> & { documentId?: string | null; identifierId?: string | null },
  viewer: Viewer,
  generators: GeneratorRegistry,
): Promise<Task> {
  return db.transaction(async (tx) => {
    const current = await row<{ auto_generate: boolean; type: TaskType; identifier: string }>(
      tx,
      sql`SELECT auto_generate, type, identifier FROM tasks WHERE id = ${taskId} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!current) throw notFound(MSG.taskNotFound);
    const autoGenerate = body.autoGenerate ?? current.auto_generate;
    const type = body.type ?? current.type;
    if (autoGenerate && !body.identifierId && (body.identifier !== undefined || body.autoGenerate === true)) assertGenerator(generators, body.identifier ?? current.identifier);
    const developerId = body.developerTelegramId ? Number(body.developerTelegramId) : null;
    // Before the update: an unknown user would otherwise fail the foreign key with a 500.
    if (developerId !== null) await assertDeveloper(tx, developerId);
    const teacherId = body.teacherId ? Number(body.teacherId) : null;
    if (teacherId !== null) await lockLiveTeacher(tx, teacherId);
    await tx.execute(
      sql`UPDATE tasks SET
            title = COALESCE(${body.title ?? null}::text, title),
            description = COALESCE(${body.description ?? null}::text, description),
            identifier = COALESCE(${body.identifier ?? null}::text, identifier),
            price = COALESCE(${body.price ?? null}::integer, price),
            visible = COALESCE(${body.visible ?? null}::boolean, visible),
            developer_id = COALESCE(${developerId}::bigint, developer_id),
            teacher_id = COALESCE(${teacherId}::bigint, teacher_id),
            type = ${type},
            auto_generate = ${autoGenerate},
            deadline_hours = ${body.deadlineHours === undefined ? sql`deadline_hours` : sql`${body.deadlineHours}::numeric`}
          WHERE id = ${taskId}`,
    );
    if (body.args !== undefined) await replaceArguments(tx, taskId, body.args.map(Number), type, autoGenerate && !body.identifierId);
    if (body.identifierId) await assignIdentifier(tx, taskId, Number(body.identifierId));
    await linkDocument(tx, taskId, body.documentId);
    return (await findTask(tx, taskId, viewer.telegramId))!;
  });
}

/** Archives the task: it leaves the catalogue, while orders and histories that refer to it keep reading it. */
export async function archiveTask(tx: Executor, taskId: number): Promise<{ title: string; teacherId: number }> {
  const archived = await row<{ title: string; teacher_id: number | string }>(
    tx,
    sql`UPDATE tasks SET deleted_at = now() WHERE id = ${taskId} AND deleted_at IS NULL RETURNING title, teacher_id`,
  );
  if (!archived) throw notFound(MSG.taskNotFound);
  return { title: archived.title, teacherId: Number(archived.teacher_id) };
}
