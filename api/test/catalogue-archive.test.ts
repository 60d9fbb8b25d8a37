import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { findTask } from '../src/modules/catalogue/tasks/read.js';
import { ADMIN_ID, grantRole, login } from './helpers.js';
import { createCatalogueWorld, created, DEVELOPER_ID, insertOrder, OTHER_STUDENT_ID, STUDENT_ID, type CatalogueWorld } from './catalogue-fixtures.js';

let w: CatalogueWorld;
const SECOND_DEV = 7010;

beforeAll(async () => {
  w = await createCatalogueWorld();
  await login(w.ctx.app, { id: SECOND_DEV, username: 'night_coder' });
  await grantRole(w.ctx.app, w.admin, SECOND_DEV, 'ROLE_DEVELOPER');
});
afterAll(() => w.ctx.close());

/** A subject with one teacher, through the API. */
async function subjectWithTeacher(name: string) {
  const subjectId = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name, courseNumber: 3 }));
  const teacherId = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Павленко Є. С.', subjectId }));
  return { subjectId, teacherId };
}

async function addTask(teacherId: string, over: Record<string, unknown> = {}) {
  return created(
    w.call('POST', '/api/v1/tasks/task', w.admin, {
      title: 'Лабораторна робота №1',
      price: 100,
      type: 'REGULAR',
      developerTelegramId: DEVELOPER_ID,
      autoGenerate: false,
      teacherId,
      args: null,
      ...over,
    }),
  );
}

const idsOf = async (teacherId: string, token: string) =>
  (await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, token)).json<{ id: string }[]>().map((t) => t.id);

describe('hidden tasks', () => {
  it('are invisible to students and developers, visible to admins, and so are their creators', async () => {
    const { subjectId, teacherId } = await subjectWithTeacher('Комп’ютерні мережі');
    const shown = await addTask(teacherId);
    const hidden = await addTask(teacherId, { title: 'Чернетка', developerTelegramId: SECOND_DEV });
    const off = await w.call('PATCH', `/api/v1/tasks/${hidden}`, w.admin, { visible: false });
    expect(off.json().visible).toBe(false);

    expect(await idsOf(teacherId, w.student)).toEqual([shown]);
    expect(await idsOf(teacherId, w.developer)).toEqual([shown]);
    expect(await idsOf(teacherId, w.admin)).toEqual([shown, hidden]);

    const creators = await w.call('GET', `/api/v1/users/developer/${subjectId}`, w.student);
    expect(creators.statusCode).toBe(200);
    expect(creators.json()).toEqual([
      {
        telegramId: String(DEVELOPER_ID),
        username: 'coder',
        photo: '',
        firstName: 'Тест',
        lastName: '',
        courseNumber: 0,
        createdAt: expect.stringMatching(/Z$/),
        isBanned: false,
        banned: false,
        roles: ['ROLE_USER', 'ROLE_DEVELOPER'],
      },
    ]);
    const forAdmin = (await w.call('GET', `/api/v1/users/developer/${subjectId}`, w.admin)).json<{ username: string }[]>();
    expect(forAdmin.map((u) => u.username)).toEqual(['coder', 'night_coder']);

    await w.call('PATCH', `/api/v1/tasks/${hidden}`, w.admin, { visible: true });
    expect(await idsOf(teacherId, w.student)).toEqual([shown, hidden]);
  });

  it('the creators call answers 404 for a missing subject and 400 for a bad id', async () => {
    const missing = await w.call('GET', '/api/v1/users/developer/999999', w.student);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.subjectNotFound });
    expect((await w.call('GET', '/api/v1/users/developer/abc', w.student)).statusCode).toBe(400);
  });
});

describe('discount', () => {
  it('is the percent the calling user would get: LOCAL wins for its user, GLOBAL for the rest', async () => {
    const { teacherId } = await subjectWithTeacher('Операційні системи');
    const taskId = Number(await addTask(teacherId));
    const discountOf = async (token: string) =>
      (await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, token)).json<{ discount: number }[]>()[0]!.discount;

    expect(await discountOf(w.student)).toBe(0);
    const db = w.ctx.deps.db;
    await db.execute(sql`INSERT INTO discounts (task_id, type, percent) VALUES (${taskId}, 'GLOBAL', 10)`);
    await db.execute(sql`INSERT INTO discounts (task_id, type, telegram_id, percent, uses_left) VALUES (${taskId}, 'LOCAL', ${STUDENT_ID}, 30, 2)`);
    // Written behind the API's back: the cache learns of it from the database's NOTIFY.
    await w.ctx.deps.catalogue.sync();
    expect(await discountOf(w.student)).toBe(30);
    expect(await discountOf(w.otherStudent)).toBe(10);
    expect(await discountOf(w.admin)).toBe(10);

    // A LOCAL discount with no uses left no longer counts.
    await db.execute(sql`UPDATE discounts SET uses_left = 0 WHERE type = 'LOCAL' AND task_id = ${taskId}`);
    await w.ctx.deps.catalogue.sync();
    expect(await discountOf(w.student)).toBe(10);
    const res = await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, { price: 200 });
    expect(res.json()).toMatchObject({ price: 200, discount: 10 });
  });
});

describe('deleting', () => {
  it('a bought task leaves the catalogue while its purchase stays readable', async () => {
    const { teacherId } = await subjectWithTeacher('Теорія ймовірностей');
    const kept = await addTask(teacherId);
    const bought = await addTask(teacherId, { title: 'Розрахункова робота' });
    const orderId = await insertOrder(w.ctx, OTHER_STUDENT_ID, Number(bought));

    const del = await w.call('DELETE', `/api/v1/tasks/${bought}`, w.admin);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect(await idsOf(teacherId, w.admin)).toEqual([kept]);
    expect((await w.call('PATCH', `/api/v1/tasks/${bought}`, w.admin, { title: 'Х' })).statusCode).toBe(404);

    const history = await row(w.ctx.deps.db, sql`
      SELECT o.task_title, t.title, t.deleted_at IS NOT NULL AS archived FROM orders o JOIN tasks t ON t.id = o.task_id WHERE o.id = ${orderId}`);
    expect(history).toEqual({ task_title: 'Розрахункова робота', title: 'Розрахункова робота', archived: true });
    expect(await findTask(w.ctx.deps.db, Number(bought), ADMIN_ID)).toBeUndefined();
    expect(await findTask(w.ctx.deps.db, Number(bought), ADMIN_ID, { includeArchived: true })).toMatchObject({
      id: bought,
      title: 'Розрахункова робота',
      teacher: { name: 'Павленко Є. С.', subject: { name: 'Теорія ймовірностей' } },
    });
  });

  it('a subject takes its teachers and their tasks out of the catalogue, purchases stay readable', async () => {
    const { subjectId, teacherId } = await subjectWithTeacher('Веб-технології');
    const second = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Мороз К. В.', subjectId }));
    const t1 = await addTask(teacherId);
    const t2 = await addTask(second);
    const orderId = await insertOrder(w.ctx, STUDENT_ID, Number(t2));
    const other = await subjectWithTeacher('Кібербезпека');
    const untouched = await addTask(other.teacherId);

    expect((await w.call('DELETE', `/api/v1/subjects/${subjectId}`, w.admin)).statusCode).toBe(200);

    const course = (await w.call('GET', '/api/v1/subjects/course-number/3', w.student)).json<{ id: string }[]>();
    expect(course.map((s) => s.id)).not.toContain(subjectId);
    expect(course.map((s) => s.id)).toContain(other.subjectId);
    for (const url of [`/api/v1/teachers/subject/${subjectId}`, `/api/v1/users/developer/${subjectId}`]) {
      expect((await w.call('GET', url, w.admin)).json()).toEqual({ message: MSG.subjectNotFound });
    }
    for (const id of [teacherId, second]) {
      const res = await w.call('GET', `/api/v1/tasks/teacher/${id}`, w.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MSG.teacherNotFound });
    }
    expect((await w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Новий Н. Н.', subjectId })).statusCode).toBe(404);
    expect((await w.call('POST', '/api/v1/tasks/task', w.admin, { title: 'Х', price: 1, type: 'TEST', developerTelegramId: DEVELOPER_ID, autoGenerate: false, teacherId })).statusCode).toBe(404);

    const archived = await rows<{ id: number; archived: boolean }>(
      w.ctx.deps.db,
      sql`SELECT id, deleted_at IS NOT NULL AS archived FROM tasks WHERE id IN (${Number(t1)}, ${Number(t2)}, ${Number(untouched)}) ORDER BY id`,
    );
    expect(archived).toEqual([
      { id: Number(t1), archived: true },
      { id: Number(t2), archived: true },
      { id: Number(untouched), archived: false },
    ]);
    expect(await idsOf(other.teacherId, w.student)).toEqual([untouched]);
    const history = await row(w.ctx.deps.db, sql`
      SELECT o.subject_name, o.teacher_name, s.name AS live_subject FROM orders o
      JOIN tasks t ON t.id = o.task_id JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id
      WHERE o.id = ${orderId}`);
    expect(history).toEqual({ subject_name: 'Веб-технології', teacher_name: 'Мороз К. В.', live_subject: 'Веб-технології' });
  });

  it('a teacher takes their tasks out of the catalogue', async () => {
    const { subjectId, teacherId } = await subjectWithTeacher('Штучний інтелект');
    const task = await addTask(teacherId);
    expect((await w.call('DELETE', `/api/v1/teachers/${teacherId}`, w.admin)).statusCode).toBe(200);
    expect((await w.call('GET', `/api/v1/teachers/subject/${subjectId}`, w.student)).json()).toEqual([]);
    expect((await w.call('GET', `/api/v1/users/developer/${subjectId}`, w.student)).json()).toEqual([]);
    expect((await w.call('DELETE', `/api/v1/tasks/${task}`, w.admin)).statusCode).toBe(404);
  });

  it('an argument used by a live task is refused; once the task is gone it can go', async () => {
    const { teacherId } = await subjectWithTeacher('Дискретна математика');
    const arg = await created(w.call('POST', '/api/v1/arguments/argument', w.admin, { name: 'Варіант', description: 'Номер варіанта' }));
    const task = await addTask(teacherId, { args: [arg] });
    const refused = await w.call('DELETE', `/api/v1/arguments/${arg}`, w.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MSG.argumentInUse });
    expect((await w.call('GET', '/api/v1/arguments/', w.admin)).json<{ id: string }[]>().map((a) => a.id)).toContain(arg);

    await w.call('DELETE', `/api/v1/tasks/${task}`, w.admin);
    expect((await w.call('DELETE', `/api/v1/arguments/${arg}`, w.admin)).statusCode).toBe(200);
    // The archived task still reads its argument for the history.
    const read = await findTask(w.ctx.deps.db, Number(task), ADMIN_ID, { includeArchived: true });
    expect(read?.arguments).toEqual([{ id: arg, name: 'Варіант', description: 'Номер варіанта' }]);
  });

  it('racing a task creation, a delete never leaves a live task on an archived argument or teacher', async () => {
    const { subjectId } = await subjectWithTeacher('Менеджмент ІТ-проєктів');
    for (let i = 0; i < 8; i++) {
      const arg = await created(w.call('POST', '/api/v1/arguments/argument', w.admin, { name: `Поле ${i}`, description: 'Значення' }));
      const teacherId = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: `Викладач ${i}`, subjectId }));
      const results = await Promise.all([
        w.call('POST', '/api/v1/tasks/task', w.admin, {
          title: `Гонка ${i}`, price: 10, type: 'REGULAR', developerTelegramId: DEVELOPER_ID, autoGenerate: false, teacherId, args: [arg],
        }),
        w.call('DELETE', `/api/v1/arguments/${arg}`, w.admin),
        w.call('DELETE', `/api/v1/teachers/${teacherId}`, w.admin),
      ]);
      // Whatever the order, nobody sees a 500.
      expect(results.map((r) => r.statusCode).filter((c) => c >= 500)).toEqual([]);
    }
    const broken = await rows(w.ctx.deps.db, sql`
      SELECT t.id FROM tasks t JOIN teachers te ON te.id = t.teacher_id
      LEFT JOIN task_arguments ta ON ta.task_id = t.id LEFT JOIN arguments a ON a.id = ta.argument_id
      WHERE t.deleted_at IS NULL AND (te.deleted_at IS NOT NULL OR a.deleted_at IS NOT NULL)`);
    expect(broken).toEqual([]);
  });
});
