import { sql } from 'drizzle-orm';
import { row, type Executor } from '../../db/client.js';
import type { SeedStep } from '../../types/deps.js';
import { PERSONAS } from '../users/index.js';
import { addMissingFaq } from './content.queries.js';
import { DEMO_ARGUMENTS, DEMO_FAQ, DEMO_NEWS, DEMO_SUBJECTS, KIND_ARGS, KIND_DESCRIPTION, type ArgKey, type WorkSpec } from './seed-data.js';

const DOCX_GENERATOR = 'docx-template';

const developerId = Number(PERSONAS.find((p) => p.role === 'ROLE_DEVELOPER')!.telegramId);

async function insertId(tx: Executor, query: ReturnType<typeof sql>): Promise<number> {
  return (await row<{ id: number }>(tx, query))!.id;
}

async function seedTask(tx: Executor, teacherId: number, work: WorkSpec, price: number, first: boolean, argIds: Record<ArgKey, number>) {
  const auto = work.kind === 'auto';
  const taskId = await insertId(
    tx,
    sql`INSERT INTO tasks (teacher_id, developer_id, title, description, identifier, price, type, visible, auto_generate)
        VALUES (${teacherId}, ${developerId}, ${work.title}, ${KIND_DESCRIPTION[work.kind]}, ${auto ? DOCX_GENERATOR : ''}, ${price},
                ${work.kind === 'test' ? 'TEST' : 'REGULAR'}, ${!(first && work.hidden)}, ${auto})
        RETURNING id`,
  );
  const keys = [...KIND_ARGS[work.kind], ...(work.extra ?? [])];
  await tx.execute(sql`
    INSERT INTO task_arguments (task_id, argument_id, position)
    VALUES ${sql.join(keys.map((k, i) => sql`(${taskId}, ${argIds[k]}, ${i})`), sql`, `)}`);
  if (first && work.discount) {
    await tx.execute(sql`INSERT INTO discounts (task_id, type, percent) VALUES (${taskId}, 'GLOBAL', ${work.discount})`);
  }
}

/** Demo data of this area, applied once on a fresh demo database after the personas. */
export const seedCatalogue: SeedStep = async (tx) => {
  const argIds = {} as Record<ArgKey, number>;
  for (const [key, a] of Object.entries(DEMO_ARGUMENTS) as [ArgKey, { name: string; description: string }][]) {
    argIds[key] = await insertId(tx, sql`INSERT INTO arguments (name, description) VALUES (${a.name}, ${a.description}) RETURNING id`);
  }
  for (const subject of DEMO_SUBJECTS) {
    const subjectId = await insertId(
      tx,
      sql`INSERT INTO subjects (name, course_number) VALUES (${subject.name}, ${subject.course}) RETURNING id`,
    );
    for (const [i, name] of subject.teachers.entries()) {
      const teacherId = await insertId(tx, sql`INSERT INTO teachers (subject_id, name) VALUES (${subjectId}, ${name}) RETURNING id`);
      // Each next teacher has fewer works (at least three), a little dearer: filters have something to tell apart.
      const works = subject.works.slice(0, Math.max(3, subject.works.length - 2 * i));
      for (const work of works) await seedTask(tx, teacherId, work, work.price + 10 * i, i === 0, argIds);
    }
  }
  for (const [i, n] of DEMO_NEWS.entries()) {
    await tx.execute(sql`INSERT INTO news (title, text, animation, position) VALUES (${n.title}, ${n.text}, ${n.animation}, ${i + 1})`);
  }
  await addMissingFaq(tx, DEMO_FAQ);
};
