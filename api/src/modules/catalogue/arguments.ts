import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { Argument, ArgumentCreate, ArgumentPatch, IdParam, MSG, Ok } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { row, rows } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { adminOnly, errors, idOut } from './common.js';

interface ArgumentRow {
  id: number;
  name: string;
  description: string;
}

const toArgument = (r: ArgumentRow): Argument => ({ id: idOut(r.id), name: r.name, description: r.description });

/** /api/v1/arguments: the labelled inputs a task asks its buyer for (name = label, description = placeholder). */
export const argumentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/',
    { schema: { tags: ['arguments'], summary: 'All arguments', response: { 200: z.array(Argument), ...errors } } },
    async () => (await rows<ArgumentRow>(db, sql`SELECT id, name, description FROM arguments WHERE deleted_at IS NULL ORDER BY id`)).map(toArgument),
  );

  app.post(
    '/argument',
    { config: adminOnly, schema: { tags: ['arguments'], body: ArgumentCreate, response: { 201: Argument, ...errors } } },
    async (request, reply) => {
      const { name, description } = request.body;
      const created = await row<ArgumentRow>(
        db,
        sql`INSERT INTO arguments (name, description) VALUES (${name}, ${description}) RETURNING id, name, description`,
      );
      return reply.status(201).send(toArgument(created!));
    },
  );

  app.patch(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['arguments'],
        summary: 'Renames an argument; every task using it shows the new label',
        params: IdParam,
        body: ArgumentPatch,
        response: { 200: Argument, ...errors },
      },
    },
    async (request) => {
      const { name, description } = request.body;
      const updated = await row<ArgumentRow>(
        db,
        sql`UPDATE arguments SET name = COALESCE(${name ?? null}::text, name), description = COALESCE(${description ?? null}::text, description)
            WHERE id = ${Number(request.params.id)} AND deleted_at IS NULL
            RETURNING id, name, description`,
      );
      if (!updated) throw notFound(MSG.argumentNotFound);
      return toArgument(updated);
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['arguments'],
        summary: 'Archives an argument that no task in the catalogue uses (409 otherwise)',
        params: IdParam,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      // An argument in use is refused rather than archived: a live task needs every one of its
      // arguments to be bought (the buyer fills them in, an auto-generated task's template has a
      // tag for each), and silently dropping one would break the task for the next buyer.
      // The admin deletes or replaces those tasks first; archived tasks do not count, since their
      // histories carry the values already given.
      await db.transaction(async (tx) => {
        // Lock first, check after: a task being created with this argument holds FOR SHARE on it,
        // so we wait for it and the check below (a new statement) sees that task.
        const found = await row(tx, sql`SELECT id FROM arguments WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
        if (!found) throw notFound(MSG.argumentNotFound);
        const used = await row(
          tx,
          sql`SELECT 1 AS used FROM task_arguments ta JOIN tasks t ON t.id = ta.task_id
              WHERE ta.argument_id = ${id} AND t.deleted_at IS NULL LIMIT 1`,
        );
        if (used) throw conflict(MSG.argumentInUse);
        await tx.execute(sql`UPDATE arguments SET deleted_at = now() WHERE id = ${id}`);
      });
      return { ok: true as const };
    },
  );
};
