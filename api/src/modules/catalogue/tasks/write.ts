import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG, type Task, type TaskCreate, type TaskPatch } from '@zalik/contract';
import { row, rows, type Db, type Executor } from '../../../db/client.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { GeneratorRegistry } from '../../../ports/generator.js';
import { lockLiveTeacher } from '../teachers.queries.js';
import { findTask, type Viewer } from './read.js';

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
    sql`SELECT id FROM arguments WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND deleted_at IS NULL FOR SHARE`,
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
  if (body.autoGenerate) assertGenerator(generators, body.identifier);
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
    return (await findTask(tx, taskId, viewer.telegramId))!;
  });
}

/** `undefined` fields (sent as `""` or left out) keep their value. */
export async function patchTask(
  db: Db,
  taskId: number,
  body: z.output<typeof TaskPatch>,
  viewer: Viewer,
  generators: GeneratorRegistry,
): Promise<Task> {
  return db.transaction(async (tx) => {
    if (body.identifier !== undefined) {
      const task = await row<{ auto_generate: boolean }>(tx, sql`SELECT auto_generate FROM tasks WHERE id = ${taskId} AND deleted_at IS NULL`);
      if (task?.auto_generate) assertGenerator(generators, body.identifier);
    }
    const developerId = body.developerTelegramId ? Number(body.developerTelegramId) : null;
    // Before the update: an unknown user would otherwise fail the foreign key with a 500.
    if (developerId !== null) await assertDeveloper(tx, developerId);
    const updated = await row(
      tx,
      sql`UPDATE tasks SET
            title = COALESCE(${body.title ?? null}::text, title),
            description = COALESCE(${body.description ?? null}::text, description),
            identifier = COALESCE(${body.identifier ?? null}::text, identifier),
            price = COALESCE(${body.price ?? null}::integer, price),
            visible = COALESCE(${body.visible ?? null}::boolean, visible),
            developer_id = COALESCE(${developerId}::bigint, developer_id),
            deadline_hours = ${body.deadlineHours === undefined ? sql`deadline_hours` : sql`${body.deadlineHours}::numeric`}
          WHERE id = ${taskId} AND deleted_at IS NULL
          RETURNING id`,
    );
    if (!updated) throw notFound(MSG.taskNotFound);
    return (await findTask(tx, taskId, viewer.telegramId))!;
  });
}

/** Archives the task: it leaves the catalogue, while orders and histories that refer to it keep reading it. */
export async function archiveTask(db: Executor, taskId: number): Promise<void> {
  const archived = await row(db, sql`UPDATE tasks SET deleted_at = now() WHERE id = ${taskId} AND deleted_at IS NULL RETURNING id`);
  if (!archived) throw notFound(MSG.taskNotFound);
}
