import { sql } from 'drizzle-orm';
import { row, type Executor } from '../src/db/client.js';

/** Catalogue rows straight in the database, for tests of other areas that need something to buy. */
export async function makeSubject(db: Executor, name = 'Вища математика', courseNumber = 1): Promise<number> {
  return (await row<{ id: number }>(db, sql`INSERT INTO subjects (name, course_number) VALUES (${name}, ${courseNumber}) RETURNING id`))!.id;
}

export async function makeTeacher(db: Executor, subjectId: number, name = 'Іваненко І. І.'): Promise<number> {
  return (await row<{ id: number }>(db, sql`INSERT INTO teachers (subject_id, name) VALUES (${subjectId}, ${name}) RETURNING id`))!.id;
}

export async function makeArgument(db: Executor, name = 'Варіант', description = 'Номер варіанту'): Promise<number> {
  return (await row<{ id: number }>(db, sql`INSERT INTO arguments (name, description) VALUES (${name}, ${description}) RETURNING id`))!.id;
}

export interface TaskFixture {
  teacherId: number;
  developerId: number;
  title?: string;
  price?: number;
  type?: 'REGULAR' | 'TEST';
  autoGenerate?: boolean;
  identifier?: string;
  visible?: boolean;
  argumentIds?: number[];
}

/** The developer must already exist as a user (sign them in first). */
export async function makeTask(db: Executor, t: TaskFixture): Promise<number> {
  const id = (await row<{ id: number }>(
    db,
    sql`INSERT INTO tasks (teacher_id, developer_id, title, price, type, auto_generate, identifier, visible)
        VALUES (${t.teacherId}, ${t.developerId}, ${t.title ?? 'Лабораторна робота №1'}, ${t.price ?? 100}, ${t.type ?? 'REGULAR'},
                ${t.autoGenerate ?? false}, ${t.identifier ?? ''}, ${t.visible ?? true})
        RETURNING id`,
  ))!.id;
  for (const [i, argId] of (t.argumentIds ?? []).entries()) {
    await db.execute(sql`INSERT INTO task_arguments (task_id, argument_id, position) VALUES (${id}, ${argId}, ${i})`);
  }
  return id;
}
