import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { makeArgument, makeTask } from './fixtures.js';
import { ADMIN_ID } from './helpers.js';
import { createCatalogueWorld, created, DEVELOPER_ID, STUDENT_ID, type CatalogueWorld } from './catalogue-fixtures.js';

let w: CatalogueWorld;
let subjectId: string;
let teacherId: string;
let student: string, group: string, variant: string;

beforeAll(async () => {
  w = await createCatalogueWorld();
  subjectId = await created(w.call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Бази даних', courseNumber: 2 }));
  teacherId = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Ткаченко С. Ю.', subjectId }));
  student = await created(w.call('POST', '/api/v1/arguments/argument', w.admin, { name: 'ПІБ студента', description: 'Прізвище та ініціали' }));
  group = await created(w.call('POST', '/api/v1/arguments/argument', w.admin, { name: 'Група', description: 'Наприклад, КН-21' }));
  variant = await created(w.call('POST', '/api/v1/arguments/argument', w.admin, { name: 'Варіант', description: 'Номер варіанта' }));
});
afterAll(() => w.ctx.close());

const taskBody = (over: Record<string, unknown> = {}) => ({
  title: 'Лабораторна робота №1',
  description: 'Звіт з титульною сторінкою',
  identifier: 'docx-template',
  price: '120',
  type: 'REGULAR',
  developerTelegramId: String(DEVELOPER_ID),
  autoGenerate: true,
  teacherId,
  args: [variant, Number(student), group],
  ...over,
});

describe('creating and listing tasks', () => {
  it('answers every field of the contract, arguments in the given order', async () => {
    const res = await w.call('POST', '/api/v1/tasks/task', w.admin, taskBody());
    expect(res.statusCode).toBe(201);
    const task = res.json();
    expect(task).toEqual({
      id: expect.stringMatching(/^\d+$/),
      title: 'Лабораторна робота №1',
      description: 'Звіт з титульною сторінкою',
      identifier: 'docx-template',
      price: 120,
      discount: 0,
      type: 'REGULAR',
      visible: true,
      autoGenerate: true,
      developer: { telegramId: String(DEVELOPER_ID), username: 'coder', photo: '' },
      teacherId,
      teacher: { id: teacherId, name: 'Ткаченко С. Ю.', subject: { id: subjectId, name: 'Бази даних' } },
      args: [variant, student, group],
      arguments: [
        { id: variant, name: 'Варіант', description: 'Номер варіанта' },
        { id: student, name: 'ПІБ студента', description: 'Прізвище та ініціали' },
        { id: group, name: 'Група', description: 'Наприклад, КН-21' },
      ],
      hasTemplate: false,
      document: null,
      template: null,
      deadlineHours: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      rating: { average: 0, count: 0 },
    });

    const list = await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, w.student);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([task]);
  });

  it('takes args null, no description and identifier, and shows a template once uploaded', async () => {
    const res = await w.call('POST', '/api/v1/tasks/task', w.admin, {
      ...taskBody({ title: 'Тест: SQL-запити', type: 'TEST', autoGenerate: false, args: null, price: 70 }),
      description: undefined,
      identifier: undefined,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ description: '', identifier: '', args: [], arguments: [], type: 'TEST', autoGenerate: false });

    const autoId = (await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, w.admin)).json<{ id: string }[]>()[0]!.id;
    await w.ctx.deps.db.execute(sql`
      INSERT INTO task_templates (task_id, blob_id, file_name, uploaded_by)
      VALUES (${Number(autoId)}, '00000000-0000-4000-8000-000000000001', 'lab1.docx', ${ADMIN_ID})`);
    // A write that bypasses the API reaches the cache through the change feed, as another instance's would.
    await w.ctx.deps.catalogue.sync();
    const list = (await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, w.student)).json<{ id: string; hasTemplate: boolean }[]>();
    expect(list.map((t) => [t.id, t.hasTemplate])).toEqual([
      [autoId, true],
      [res.json().id, false],
    ]);
  });

  it.each([
    ['price 0', { price: 0 }, MSG.priceInvalid],
    ['price -5', { price: -5 }, MSG.priceInvalid],
    ['price 1.5', { price: 1.5 }, MSG.priceInvalid],
    ['price "abc"', { price: 'abc' }, MSG.priceInvalid],
    ['type EXAM', { type: 'EXAM' }, MSG.taskTypeInvalid],
    ['empty title', { title: '  ' }, MSG.taskTitle],
    ['unknown argument', { args: ['999999'] }, MSG.argumentsUnknown],
    ['repeated argument', { args: ['1', '1'] }, MSG.argumentsDuplicate],
    ['a student as developer', { developerTelegramId: String(STUDENT_ID) }, MSG.developerNotDeveloper],
  ])('refuses %s with 400 and its message, creating nothing', async (_label, over, message) => {
    const before = (await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, w.admin)).body;
    const res = await w.call('POST', '/api/v1/tasks/task', w.admin, taskBody(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, w.admin)).body).toBe(before);
  });

  it('refuses an archived argument, a missing teacher and a missing developer', async () => {
    const gone = await created(w.call('POST', '/api/v1/arguments/argument', w.admin, { name: 'Старе', description: 'Більше не потрібне' }));
    expect((await w.call('DELETE', `/api/v1/arguments/${gone}`, w.admin)).statusCode).toBe(200);
    const archivedArg = await w.call('POST', '/api/v1/tasks/task', w.admin, taskBody({ args: [gone] }));
    expect(archivedArg.statusCode).toBe(400);
    expect(archivedArg.json()).toEqual({ message: MSG.argumentsUnknown });

    const noTeacher = await w.call('POST', '/api/v1/tasks/task', w.admin, taskBody({ teacherId: '999999' }));
    expect(noTeacher.statusCode).toBe(404);
    expect(noTeacher.json()).toEqual({ message: MSG.teacherNotFound });

    const noUser = await w.call('POST', '/api/v1/tasks/task', w.admin, taskBody({ developerTelegramId: '555555' }));
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json()).toEqual({ message: MSG.userNotFound });

    const noList = await w.call('GET', '/api/v1/tasks/teacher/999999', w.student);
    expect(noList.statusCode).toBe(404);
    expect(noList.json()).toEqual({ message: MSG.teacherNotFound });
    expect((await w.call('GET', '/api/v1/tasks/teacher/abc', w.student)).statusCode).toBe(400);
  });
});

describe('editing tasks', () => {
  let taskId: string;
  beforeAll(async () => {
    taskId = await created(w.call('POST', '/api/v1/tasks/task', w.admin, taskBody({ title: 'Курсова робота', autoGenerate: false, identifier: '' })));
  });

  it('keeps every field sent as "" or left out', async () => {
    const before = (await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, {})).json();
    const res = await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, {
      title: '',
      description: '',
      identifier: '',
      price: '',
      developerTelegramId: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
  });

  it('changes what is sent, numeric strings included', async () => {
    const res = await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, {
      title: 'Курсова робота: проєктування БД',
      description: 'Нова інструкція',
      price: '450',
      visible: false,
      developerTelegramId: Number(DEVELOPER_ID),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: taskId, title: 'Курсова робота: проєктування БД', description: 'Нова інструкція', price: 450, visible: false });
  });

  it('refuses a developer without the role, a bad price and a missing task, changing nothing', async () => {
    const before = (await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, {})).json();
    const notDev = await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, { title: 'Інше', developerTelegramId: String(ADMIN_ID) });
    expect(notDev.statusCode).toBe(400);
    expect(notDev.json()).toEqual({ message: MSG.developerNotDeveloper });
    const badPrice = await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, { price: 'дорого' });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json()).toEqual({ message: MSG.priceInvalid });
    expect((await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, {})).json()).toEqual(before);

    const missing = await w.call('PATCH', '/api/v1/tasks/999999', w.admin, { title: 'Х' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.taskNotFound });
    expect((await w.call('DELETE', '/api/v1/tasks/999999', w.admin)).json()).toEqual({ message: MSG.taskNotFound });
  });

  it('sets its own deadline in hours (fractions, numeric strings), keeps it on "" and returns to the default on null', async () => {
    const made = await w.call('POST', '/api/v1/tasks/task', w.admin, taskBody({ title: 'Термінова', autoGenerate: false, identifier: '', deadlineHours: '1.5' }));
    expect([made.statusCode, made.json().deadlineHours]).toEqual([201, 1.5]);
    const id = made.json().id;
    const kept = await w.call('PATCH', `/api/v1/tasks/${id}`, w.admin, { title: '', deadlineHours: '' });
    expect(kept.json().deadlineHours).toBe(1.5);
    const changed = await w.call('PATCH', `/api/v1/tasks/${id}`, w.admin, { deadlineHours: 48 });
    expect(changed.json().deadlineHours).toBe(48);
    const cleared = await w.call('PATCH', `/api/v1/tasks/${id}`, w.admin, { deadlineHours: null });
    expect(cleared.json().deadlineHours).toBeNull();
    for (const bad of [0, -2, 'завтра', 8761]) {
      const res = await w.call('PATCH', `/api/v1/tasks/${id}`, w.admin, { deadlineHours: bad });
      expect([res.statusCode, res.json()]).toEqual([400, { message: MSG.deadlineHoursInvalid }]);
      const refused = await w.call('POST', '/api/v1/tasks/task', w.admin, taskBody({ autoGenerate: false, identifier: '', deadlineHours: bad }));
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: MSG.deadlineHoursInvalid }]);
    }
    expect((await w.call('PATCH', `/api/v1/tasks/${id}`, w.admin, {})).json().deadlineHours).toBeNull();
  });

  it.each([
    ['POST', '/api/v1/tasks/task'],
    ['PATCH', '/api/v1/tasks/1'],
    ['DELETE', '/api/v1/tasks/1'],
  ])('%s %s answers 403 to a student and a developer', async (method, url) => {
    const before = (await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, w.admin)).body;
    for (const token of [w.student, w.developer]) {
      const res = await w.call(method as 'POST', url, token, method === 'DELETE' ? undefined : taskBody({ title: 'Зламано' }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
    expect((await w.call('GET', `/api/v1/tasks/teacher/${teacherId}`, w.admin)).body).toBe(before);
  });
});

describe('the task list', () => {
  it('costs the same number of queries for 1 task as for 30 tasks with arguments, and none once read', async () => {
    const db = w.ctx.deps.db;
    const one = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Олійник Д. В.', subjectId }));
    const many = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Савченко Р. Г.', subjectId }));
    const extra = await makeArgument(db, 'Тема', 'Тема роботи');
    const argIds = [Number(student), Number(group), Number(variant), extra];
    await makeTask(db, { teacherId: Number(one), developerId: DEVELOPER_ID, argumentIds: argIds });
    for (let i = 0; i < 30; i++) {
      await makeTask(db, { teacherId: Number(many), developerId: DEVELOPER_ID, title: `Робота ${i}`, argumentIds: argIds.slice(i % 4) });
    }
    const spy = vi.spyOn(db, 'execute');
    const count = async (id: string) => {
      spy.mockClear();
      const res = await w.call('GET', `/api/v1/tasks/teacher/${id}`, w.student);
      expect(res.statusCode).toBe(200);
      // The maintenance switch's cache may refresh on any request: not the list's cost.
      const isInstanceRead = (args: unknown[]) => JSON.stringify(args[0] ?? '').includes('FROM maintenance');
      return { queries: spy.mock.calls.filter((c) => !isInstanceRead(c)).length, tasks: res.json<{ args: string[] }[]>() };
    };
    // The student's row is in this instance's memory already (users/auth-cache.ts): only the list's own reads count.
    expect(w.ctx.deps.catalogue.isLive).toBe(true);
    const small = await count(one);
    const big = await count(many);
    // Read again: the catalogue cache answers, and the caller's user comes from memory.
    const warm = await count(many);
    spy.mockRestore();
    expect(small.tasks).toHaveLength(1);
    expect(big.tasks).toHaveLength(30);
    expect(big.tasks[5]!.args).toEqual([group, variant, String(extra)]);
    expect(big.queries).toBe(small.queries);
    // the teacher, the tasks, the discounts
    expect(big.queries).toBe(3);
    expect(warm.queries).toBe(0);
    expect(warm.tasks).toEqual(big.tasks);
  });
});

describe('the rendered task list', () => {
  it('keeps text that looks like JSON intact and gives each viewer their own discount', async () => {
    const teacher = await created(w.call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Гнатюк О. П.', subjectId }));
    const title = 'Лаба "discount":0, "price":1 \\ кінець';
    const description = '{"discount":100} — не знижка';
    const taskId = await created(w.call('POST', '/api/v1/tasks/task', w.admin, taskBody({ teacherId: teacher, title, description })));
    const hidden = await created(w.call('POST', '/api/v1/tasks/task', w.admin, taskBody({ teacherId: teacher, title: 'Прихована' })));
    expect((await w.call('PATCH', `/api/v1/tasks/${hidden}`, w.admin, { visible: false })).statusCode).toBe(200);
    for (const body of [
      { type: 'GLOBAL', taskId, discountValue: 10 },
      { type: 'LOCAL', taskId, discountValue: 30, telegramId: String(STUDENT_ID), availableValue: 2 },
    ]) {
      expect((await w.call('POST', '/api/v1/discounts/discount', w.admin, body)).statusCode).toBe(200);
    }

    const list = async (token: string) => {
      const res = await w.call('GET', `/api/v1/tasks/teacher/${teacher}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json<{ id: string; title: string; description: string; discount: number; price: number }[]>();
    };
    // The student has a LOCAL discount, the other student gets the shared body, the admin sees hidden tasks.
    const [mine, others, admins] = [await list(w.student), await list(w.otherStudent), await list(w.admin)];
    expect(mine).toEqual([expect.objectContaining({ id: taskId, title, description, discount: 30, price: 120 })]);
    expect(others).toEqual([expect.objectContaining({ id: taskId, title, description, discount: 10, price: 120 })]);
    expect(admins.map((t) => [t.id, t.discount])).toEqual([
      [taskId, 10],
      [hidden, 0],
    ]);
  });
});
