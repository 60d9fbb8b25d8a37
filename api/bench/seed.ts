/**
 * The catalogue the read benchmark runs against: a student viewer, one teacher with 30 visible
 * tasks (3 arguments each) plus hidden ones the student must not see, and discounts of every
 * kind (GLOBAL, the viewer's LOCAL that wins over it, another user's LOCAL that must not apply),
 * so the per-viewer discount subquery does real work.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, row, type Executor } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

export const VIEWER = 8_000_001;
export const DEVELOPER = 8_000_002;
const OTHER = 8_000_003;

export interface Seeded {
  teacherId: number;
  viewer: number;
}

const id = async (ex: Executor, q: ReturnType<typeof sql>) => Number((await row<{ id: number }>(ex, q))!.id);

export async function seedCatalogue(opts: { databaseUrl?: string; dataDir?: string }): Promise<Seeded> {
  const database = await openDatabase(opts);
  try {
    await migrate(database);
    return await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO users (telegram_id, username, first_name, course_number) VALUES
        (${VIEWER}, 'bench_student', 'Олена', 1), (${DEVELOPER}, 'bench_dev', 'Тарас', 1), (${OTHER}, 'bench_other', 'Іван', 1)`);
      await tx.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${DEVELOPER}, 'ROLE_DEVELOPER')`);
      const subjects: number[] = [];
      for (const name of ['Вища математика', 'Фізика', 'Програмування', 'Історія України', 'Англійська мова', 'Хімія']) {
        subjects.push(await id(tx, sql`INSERT INTO subjects (name, course_number) VALUES (${name}, 1) RETURNING id`));
      }
      await tx.execute(sql`INSERT INTO subjects (name, course_number) VALUES ('Теорія ймовірностей', 2)`);
      const teacherId = await id(tx, sql`INSERT INTO teachers (subject_id, name) VALUES (${subjects[0]!}, 'Петренко П. П.') RETURNING id`);
      const args: number[] = [];
      for (const [name, description] of [['ПІБ', 'Прізвище та ініціали'], ['Варіант', 'Номер варіанту'], ['Група', 'Академічна група']]) {
        args.push(await id(tx, sql`INSERT INTO arguments (name, description) VALUES (${name}, ${description}) RETURNING id`));
      }
      for (let i = 1; i <= 33; i++) {
        const hidden = i > 30;
        const taskId = await id(
          tx,
          sql`INSERT INTO tasks (teacher_id, developer_id, title, description, price, type, auto_generate, identifier, visible)
              VALUES (${teacherId}, ${DEVELOPER}, ${`Лабораторна робота №${i}`}, ${`Опис лабораторної роботи №${i}: завдання, вимоги до оформлення та приклад.`},
                      ${50 + i * 10}, ${i % 4 === 0 ? 'TEST' : 'REGULAR'}, ${i % 2 === 0}, ${i % 2 === 0 ? 'docx-template' : ''}, ${!hidden})
              RETURNING id`,
        );
        for (const [pos, argId] of args.entries()) {
          await tx.execute(sql`INSERT INTO task_arguments (task_id, argument_id, position) VALUES (${taskId}, ${argId}, ${pos})`);
        }
        if (i % 3 === 0) await tx.execute(sql`INSERT INTO discounts (task_id, type, percent) VALUES (${taskId}, 'GLOBAL', 10)`);
        if (i % 5 === 0) {
          await tx.execute(sql`INSERT INTO discounts (task_id, type, telegram_id, percent, uses_left) VALUES (${taskId}, 'LOCAL', ${VIEWER}, 20, 3)`);
        }
        if (i % 7 === 0) await tx.execute(sql`INSERT INTO discounts (task_id, type, telegram_id, percent) VALUES (${taskId}, 'LOCAL', ${OTHER}, 50)`);
      }
      return { teacherId, viewer: VIEWER };
    });
  } finally {
    await database.close();
  }
}
