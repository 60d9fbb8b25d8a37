import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { IdParam, MSG, nameKey, Ok, SubjectParam, Teacher, TeacherCreate, TeacherUpdate } from '@zalik/contract';
import type { AppDeps } from '../../app.js';
import { row, rows, type Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { adminOnly, assertUniqueName, errors, idOut, renderJson, sendJson } from './common.js';
import { lockLiveSubject } from './subjects.js';

const TeacherList = z.array(Teacher);

interface TeacherRow {
  id: number;
  name: string;
  subject_id: number;
}

const toTeacher = (r: TeacherRow): Teacher => ({ id: idOut(r.id), name: r.name, subjectId: idOut(r.subject_id) });

/** A live teacher of a live subject, locked against a concurrent delete until the caller's transaction ends. */
export async function lockLiveTeacher(tx: Executor, id: number): Promise<void> {
  const found = await row(
    tx,
    sql`SELECT t.id FROM teachers t JOIN subjects s ON s.id = t.subject_id
        WHERE t.id = ${id} AND t.deleted_at IS NULL AND s.deleted_at IS NULL
        FOR SHARE OF t`,
  );
  if (!found) throw notFound(MSG.teacherNotFound);
}

/** /api/v1/teachers */
export const teachersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, catalogue }) => {
  app.get(
    '/subject/:subjectId',
    { schema: { tags: ['teachers'], summary: 'Teachers of a subject', params: SubjectParam, response: { 200: TeacherList, ...errors } } },
    async (request, reply) => {
      const subjectId = Number(request.params.subjectId);
      const body = await catalogue.read(`teachers:${subjectId}`, ['subjects', 'teachers'], async () => {
        const subject = await row(db, sql`SELECT id FROM subjects WHERE id = ${subjectId} AND deleted_at IS NULL`);
        if (!subject) return null;
        const found = await rows<TeacherRow>(
          db,
          sql`SELECT id, name, subject_id FROM teachers WHERE subject_id = ${subjectId} AND deleted_at IS NULL ORDER BY id`,
        );
        return renderJson(TeacherList, found.map(toTeacher));
      });
      if (!body) throw notFound(MSG.subjectNotFound);
      return sendJson(reply, body);
    },
  );

  app.post(
    '/teacher',
    { config: adminOnly, schema: { tags: ['teachers'], body: TeacherCreate, response: { 201: Teacher, ...errors } } },
    async (request, reply) => {
      const { name, subjectId } = request.body;
      const created = await db.transaction(async (tx) => {
        await lockLiveSubject(tx, Number(subjectId));
        await assertUniqueName(tx, { kind: 'teacher', scope: Number(subjectId), name, exceptId: null });
        return row<TeacherRow>(
          tx,
          sql`INSERT INTO teachers (subject_id, name) VALUES (${Number(subjectId)}, ${name}) RETURNING id, name, subject_id`,
        );
      });
      return reply.status(201).send(toTeacher(created!));
    },
  );

  app.put(
    '/:id',
    { config: adminOnly, schema: { tags: ['teachers'], params: IdParam, body: TeacherUpdate, response: { 200: Teacher, ...errors } } },
    async (request) => {
      const id = Number(request.params.id);
      const { name } = request.body;
      const updated = await db.transaction(async (tx) => {
        const current = await row<TeacherRow>(tx, sql`SELECT id, name, subject_id FROM teachers WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
        if (!current) throw notFound(MSG.teacherNotFound);
        // Only a new name is checked: a duplicate from before the rule stays editable.
        if (nameKey(name) !== nameKey(current.name)) {
          await assertUniqueName(tx, { kind: 'teacher', scope: Number(current.subject_id), name, exceptId: id });
        }
        return row<TeacherRow>(tx, sql`UPDATE teachers SET name = ${name} WHERE id = ${id} RETURNING id, name, subject_id`);
      });
      return toTeacher(updated!);
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['teachers'],
        summary: 'Archives the teacher with their tasks; histories keep reading them',
        params: IdParam,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      await db.transaction(async (tx) => {
        // Teacher first: a concurrent task creation holds FOR SHARE on it, so we wait for it
        // and the next statement archives that task too.
        const archived = await row(tx, sql`UPDATE teachers SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL RETURNING id`);
        if (!archived) throw notFound(MSG.teacherNotFound);
        await tx.execute(sql`UPDATE tasks SET deleted_at = now() WHERE teacher_id = ${id} AND deleted_at IS NULL`);
      });
      return { ok: true as const };
    },
  );
};
