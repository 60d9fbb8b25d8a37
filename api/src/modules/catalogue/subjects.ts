import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CourseParam, IdParam, MSG, nameKey, Ok, Subject, SubjectCreate, SubjectPatch } from '@zalik/contract';
import type { AppDeps } from '../../app.js';
import { row, rows, type Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { adminOnly, assertUniqueName, errors, idOut, renderJson, sendJson } from './common.js';

const SubjectList = z.array(Subject);

interface SubjectRow {
  id: number;
  name: string;
  course_number: number;
}

const toSubject = (r: SubjectRow): Subject => ({ id: idOut(r.id), name: r.name, courseNumber: Number(r.course_number) });

/** A live subject, locked against a concurrent delete until the caller's transaction ends. */
export async function lockLiveSubject(tx: Executor, id: number): Promise<void> {
  const found = await row(tx, sql`SELECT id FROM subjects WHERE id = ${id} AND deleted_at IS NULL FOR SHARE`);
  if (!found) throw notFound(MSG.subjectNotFound);
}

/** /api/v1/subjects */
export const subjectsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, catalogue }) => {
  app.get(
    '/course-number/:n',
    { schema: { tags: ['subjects'], summary: 'Subjects of a course', params: CourseParam, response: { 200: SubjectList, ...errors } } },
    async (request, reply) => {
      const n = request.params.n;
      const body = await catalogue.read(`subjects:${n}`, ['subjects'], async () => {
        const list = await rows<SubjectRow>(db, sql`SELECT id, name, course_number FROM subjects WHERE course_number = ${n} AND deleted_at IS NULL ORDER BY id`);
        return renderJson(SubjectList, list.map(toSubject));
      });
      return sendJson(reply, body);
    },
  );

  app.post(
    '/subject',
    { config: adminOnly, schema: { tags: ['subjects'], body: SubjectCreate, response: { 201: Subject, ...errors } } },
    async (request, reply) => {
      const { name, courseNumber } = request.body;
      const created = await db.transaction(async (tx) => {
        await assertUniqueName(tx, { kind: 'subject', scope: courseNumber, name, exceptId: null });
        return row<SubjectRow>(tx, sql`INSERT INTO subjects (name, course_number) VALUES (${name}, ${courseNumber}) RETURNING id, name, course_number`);
      });
      return reply.status(201).send(toSubject(created!));
    },
  );

  app.patch(
    '/:id',
    { config: adminOnly, schema: { tags: ['subjects'], params: IdParam, body: SubjectPatch, response: { 200: Subject, ...errors } } },
    async (request) => {
      const { name, courseNumber } = request.body;
      const id = Number(request.params.id);
      const updated = await db.transaction(async (tx) => {
        const current = await row<SubjectRow>(tx, sql`SELECT id, name, course_number FROM subjects WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
        if (!current) throw notFound(MSG.subjectNotFound);
        const target = { name: name ?? current.name, course: courseNumber ?? Number(current.course_number) };
        // Only a change of name or course is checked: a duplicate from before the rule stays editable.
        if (nameKey(target.name) !== nameKey(current.name) || target.course !== Number(current.course_number)) {
          await assertUniqueName(tx, { kind: 'subject', scope: target.course, name: target.name, exceptId: id });
        }
        return row<SubjectRow>(
          tx,
          sql`UPDATE subjects SET name = ${target.name}, course_number = ${target.course}
              WHERE id = ${id} RETURNING id, name, course_number`,
        );
      });
      return toSubject(updated!);
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['subjects'],
        summary: 'Archives the subject with its teachers and tasks; histories keep reading them',
        params: IdParam,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      await db.transaction(async (tx) => {
        // Subject first: its row lock makes a concurrent teacher/task creation under it wait
        // (they hold FOR SHARE), so the cascade below sees whatever they committed.
        const archived = await row(tx, sql`UPDATE subjects SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL RETURNING id`);
        if (!archived) throw notFound(MSG.subjectNotFound);
        await tx.execute(sql`UPDATE teachers SET deleted_at = now() WHERE subject_id = ${id} AND deleted_at IS NULL`);
        await tx.execute(sql`
          UPDATE tasks SET deleted_at = now()
          WHERE deleted_at IS NULL AND teacher_id IN (SELECT id FROM teachers WHERE subject_id = ${id})`);
      });
      return { ok: true as const };
    },
  );
};
