import { sql } from 'drizzle-orm';
import { MSG, nameKey, type Teacher } from '@zalik/contract';
import { row, rows, type Db, type Executor, type Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { assertUniqueName, idOut } from './common.js';
import { lockLiveSubject } from './subjects.queries.js';

// Teachers: a subject's list. Writes run in their own transaction and refuse (404, 409) from
// inside it, so a refused change leaves nothing behind.

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

/** The live teachers of a live subject; null when the subject is not live. */
export async function listTeachers(ex: Executor, subjectId: number): Promise<Teacher[] | null> {
  const subject = await row(ex, sql`SELECT id FROM subjects WHERE id = ${subjectId} AND deleted_at IS NULL`);
  if (!subject) return null;
  const found = await rows<TeacherRow>(ex, sql`SELECT id, name, subject_id FROM teachers WHERE subject_id = ${subjectId} AND deleted_at IS NULL ORDER BY id`);
  return found.map(toTeacher);
}

export async function insertTeacher(db: Db, t: { name: string; subjectId: number }): Promise<Teacher> {
  const created = await db.transaction(async (tx) => {
    await lockLiveSubject(tx, t.subjectId);
    await assertUniqueName(tx, { kind: 'teacher', scope: t.subjectId, name: t.name, exceptId: null });
    return row<TeacherRow>(tx, sql`INSERT INTO teachers (subject_id, name) VALUES (${t.subjectId}, ${t.name}) RETURNING id, name, subject_id`);
  });
  return toTeacher(created!);
}

export async function renameTeacher(db: Db, id: number, name: string): Promise<Teacher> {
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
}

/** Archives a live teacher with their tasks; histories keep reading them. */
/** Archives a teacher with their tasks, inside the caller's transaction; answers what it was. */
export async function archiveTeacher(tx: Tx, id: number): Promise<{ name: string; subjectId: number }> {
  // Teacher first: a concurrent task creation holds FOR SHARE on it, so we wait for it
  // and the next statement archives that task too.
  const archived = await row<{ name: string; subject_id: number | string }>(
    tx,
    sql`UPDATE teachers SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL RETURNING name, subject_id`,
  );
  if (!archived) throw notFound(MSG.teacherNotFound);
  await tx.execute(sql`UPDATE tasks SET deleted_at = now() WHERE teacher_id = ${id} AND deleted_at IS NULL`);
  return { name: archived.name, subjectId: Number(archived.subject_id) };
}
