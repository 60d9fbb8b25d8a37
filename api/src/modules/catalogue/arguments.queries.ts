import { sql } from 'drizzle-orm';
import { MSG, type Argument } from '@zalik/contract';
import { row, rows, type Executor, type Tx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { idOut } from './common.js';

// Arguments: the labelled inputs a task asks its buyer for (name = label, description = placeholder).

interface ArgumentRow {
  id: number;
  name: string;
  description: string;
}

const toArgument = (r: ArgumentRow): Argument => ({ id: idOut(r.id), name: r.name, description: r.description });

export const listArguments = async (ex: Executor): Promise<Argument[]> =>
  (await rows<ArgumentRow>(ex, sql`SELECT id, name, description FROM arguments WHERE deleted_at IS NULL ORDER BY id`)).map(toArgument);

export async function insertArgument(ex: Executor, a: { name: string; description: string }): Promise<Argument> {
  const created = await row<ArgumentRow>(ex, sql`INSERT INTO arguments (name, description) VALUES (${a.name}, ${a.description}) RETURNING id, name, description`);
  return toArgument(created!);
}

/** Changes the given fields of a live argument; undefined if there is none. */
export async function updateArgument(ex: Executor, id: number, a: { name?: string; description?: string }): Promise<Argument | undefined> {
  const updated = await row<ArgumentRow>(
    ex,
    sql`UPDATE arguments SET name = COALESCE(${a.name ?? null}::text, name), description = COALESCE(${a.description ?? null}::text, description)
        WHERE id = ${id} AND deleted_at IS NULL
        RETURNING id, name, description`,
  );
  return updated && toArgument(updated);
}

/**
 * Archives an argument no live task uses; 404 for none, 409 when one is in use.
 *
 * An argument in use is refused rather than archived: a live task needs every one of its
 * arguments to be bought (the buyer fills them in, an auto-generated task's template has a
 * tag for each), and silently dropping one would break the task for the next buyer.
 * The admin deletes or replaces those tasks first; archived tasks do not count, since their
 * histories carry the values already given.
 */
/** Archives an argument no catalogue task uses, inside the caller's transaction; answers what it was. */
export async function archiveArgument(tx: Tx, id: number): Promise<{ name: string }> {
  // Lock first, check after: a task being created with this argument holds FOR SHARE on it,
  // so we wait for it and the check below (a new statement) sees that task.
  const found = await row<{ name: string }>(tx, sql`SELECT name FROM arguments WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
  if (!found) throw notFound(MSG.argumentNotFound);
  const used = await row(
    tx,
    sql`SELECT 1 AS used FROM task_arguments ta JOIN tasks t ON t.id = ta.task_id
        WHERE ta.argument_id = ${id} AND t.deleted_at IS NULL LIMIT 1`,
  );
  if (used) throw conflict(MSG.argumentInUse);
  await tx.execute(sql`UPDATE arguments SET deleted_at = now() WHERE id = ${id}`);
  return { name: found.name };
}
