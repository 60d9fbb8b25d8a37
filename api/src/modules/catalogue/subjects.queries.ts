import { sql } from 'drizzle-orm';
import { MSG, nameKey, type Subject } from '@zalik/contract';
import { row, rows, type Db, type Executor, type Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { assertUniqueName, idOut } from './common.js';

// Subjects: a course's list. Writes run in their own transaction and refuse (404, 409) from
// inside it, so a refused change leaves nothing behind.

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

export const listSubjects = async (ex: Executor, courseNumber: number): Promise<Subject[]> =>
  (await rows<SubjectRow>(ex, sql`SELECT id, name, course_number FROM subjects WHERE course_number = ${courseNumber} AND deleted_at IS NULL ORDER BY id`)).map(
    toSubject,
  );

export async function insertSubject(db: Db, s: { name: string; courseNumber: number }): Promise<Subject> {
  const created = await db.transaction(async (tx) => {
    await assertUniqueName(tx, { kind: 'subject', scope: s.courseNumber, name: s.name, exceptId: null });
    return row<SubjectRow>(tx, sql`INSERT INTO subjects (name, course_number) VALUES (${s.name}, ${s.courseNumber}) RETURNING id, name, course_number`);
  });
  return toSubject(created!);
}

/** Renames and/or moves a live subject; a missing field keeps its value. */
export async function updateSubject(db: Db, id: number, patch: { name?: string; courseNumber?: number }): Promise<Subject> {
  const updated = await db.transaction(async (tx) => {
    const current = await row<SubjectRow>(tx, sql`SELECT id, name, course_number FROM subjects WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
    if (!current) throw notFound(MSG.subjectNotFound);
    const target = { name: patch.name ?? current.name, course: patch.courseNumber ?? Number(current.course_number) };
    // Only a change of name or course is checked: a duplicate from before the rule stays editable.
    if (nameKey(target.name) !== nameKey(current.name) || target.course !== Number(current.course_number)) {
      await assertUniqueName(tx, { kind: 'subject', scope: target.course, name: target.name, exceptId: id });
    }
    return row<SubjectRow>(tx, sql`UPDATE subjects SET name = ${target.name}, course_number = ${target.course} WHERE id = ${id} RETURNING id, name, course_number`);
  });
  return toSubject(updated!);
}

/** Archives a live subject with its teachers and tasks; histories keep reading them. */
/** Archives a subject with its teachers and tasks, inside the caller's transaction; answers what it was. */
export async function archiveSubject(tx: Tx, id: number): Promise<{ name: string; courseNumber: number }> {
  // Subject first: its row lock makes a concurrent teacher/task creation under it wait
  // (they hold FOR SHARE), so the cascade below sees whatever they committed.
  const archived = await row<{ name: string; course_number: number }>(
    tx,
    sql`UPDATE subjects SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL RETURNING name, course_number`,
  );
  if (!archived) throw notFound(MSG.subjectNotFound);
  await tx.execute(sql`UPDATE teachers SET deleted_at = now() WHERE subject_id = ${id} AND deleted_at IS NULL`);
  await tx.execute(sql`
    UPDATE tasks SET deleted_at = now()
    WHERE deleted_at IS NULL AND teacher_id IN (SELECT id FROM teachers WHERE subject_id = ${id})`);
  return { name: archived.name, courseNumber: Number(archived.course_number) };
}
