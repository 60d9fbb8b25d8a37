/**
 * The catalogue the read benchmark runs against: a student viewer, one teacher with 30 visible
 * tasks (3 arguments each) plus hidden ones the student must not see, and discounts of every
 * kind (GLOBAL, the viewer's LOCAL that wins over it, another user's LOCAL that must not apply),
 * so the per-viewer discount subquery does real work, and reviews on two tasks of three (one of
 * them hidden now and then), so every list carries real ratings. Beside it, for the search row,
 * a catalogue of SEARCH_TASKS tasks in courses 2-4 (course 1's list stays the read rows' own).
 */
import { sql } from 'drizzle-orm';
import { openDatabase, row, type Executor } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

export const VIEWER = 8_000_001;
export const DEVELOPER = 8_000_002;
const OTHER = 8_000_003;

/** The issue's figure: at least 20 results in 50 ms on a catalogue of 20 000 tasks. */
export const SEARCH_TASKS = 20_000;

/**
 * 180 subjects of courses 2-4, three teachers each, and SEARCH_TASKS tasks titled the way admins
 * title them (a kind, a topic, a number), one in ten hidden: set-based, so it takes seconds.
 */
async function seedSearchCatalogue(tx: Executor): Promise<void> {
  await tx.execute(sql`
    INSERT INTO subjects (name, course_number)
    SELECT (ARRAY['Вища математика','Фізика','Програмування','Економіка','Історія України','Хімія','Біологія','Філософія','Право'])[1 + g % 9] || ' ' || (g / 9 + 1),
           2 + g % 3
    FROM generate_series(0, 179) g`);
  await tx.execute(sql`
    INSERT INTO teachers (subject_id, name)
    SELECT s.id, (ARRAY['Коваленко','Бондаренко','Ткаченко','Шевченко','Мельник','Кравченко'])[1 + (s.id + k) % 6] || ' ' || chr(1040 + k) || '. ' || chr(1045 + k) || '.'
    FROM subjects s, generate_series(1, 3) k WHERE s.course_number > 1`);
  await tx.execute(sql`
    WITH t AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM teachers WHERE name <> 'Петренко П. П.')
    INSERT INTO tasks (teacher_id, developer_id, title, price, type, visible)
    SELECT t.id, ${DEVELOPER},
           (ARRAY['Лабораторна робота','Практична робота','Курсова робота','Реферат','Контрольна робота','Есе','Розрахункова робота'])[1 + g % 7]
             || ' з ' || (ARRAY['оптики','механіки','термодинаміки','алгоритмів','баз даних','мікроекономіки','філософії','органічної хімії','генетики','цивільного права','статистики'])[1 + g % 11]
             || ' №' || (g % 40 + 1),
           50 + g % 20 * 10, CASE WHEN g % 9 = 0 THEN 'TEST' ELSE 'REGULAR' END, g % 10 <> 0
    FROM generate_series(0, ${SEARCH_TASKS - 1}) g JOIN t ON t.n = 1 + g % (SELECT count(*) FROM t)`);
}

export interface Seeded {
  teacherId: number;
  viewer: number;
}

const id = async (ex: Executor, q: ReturnType<typeof sql>) => Number((await row<{ id: number }>(ex, q))!.id);

/** `n % 4 + 1` DONE orders of the task by the other buyers, each reviewed; some later ones hidden by an admin. */
async function reviewed(tx: Executor, taskId: number, n: number): Promise<void> {
  for (let k = 0; k <= n % 4; k++) {
    const buyer = k % 2 === 0 ? OTHER : VIEWER;
    const orderId = await id(
      tx,
      sql`INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, task_title, subject_name, teacher_name, developer_name,
                              auto_generate, full_price, price, status, completed_at)
          VALUES (${buyer}, ${taskId}, ${DEVELOPER}, ${`bench-${taskId}-${k}`}, 'Лабораторна робота', 'Вища математика', 'Петренко П. П.', 'bench_dev',
                  true, 10000, 10000, 'DONE', now())
          RETURNING id`,
    );
    const hidden = k > 0 && (n + k) % 5 === 0;
    await tx.execute(sql`
      INSERT INTO reviews (order_id, task_id, developer_id, buyer_id, rating, text, hidden_at, hidden_reason)
      VALUES (${orderId}, ${taskId}, ${DEVELOPER}, ${buyer}, ${1 + ((n * 7 + k * 3) % 5)}, 'Відгук', ${hidden ? sql`now()` : null}, ${hidden ? 'Спам' : null})`);
  }
}

export async function seedCatalogue(opts: { databaseUrl?: string; dataDir?: string }): Promise<Seeded> {
  const database = await openDatabase(opts);
  try {
    await migrate(database);
    const seeded = await database.db.transaction(async (tx) => {
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
        if (i % 3 !== 0) await reviewed(tx, taskId, i);
      }
      await seedSearchCatalogue(tx);
      return { teacherId, viewer: VIEWER };
    });
    // Statistics for the new rows, as PostgreSQL's autovacuum would gather (PGlite has none):
    // without them the planner walks every task by teacher instead of the trigram index.
    await database.db.execute(sql`ANALYZE`);
    return seeded;
  } finally {
    await database.close();
  }
}
