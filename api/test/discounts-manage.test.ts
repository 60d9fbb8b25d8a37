/**
 * The admin's discount list: paged and searchable, with edit, delete and creation for several
 * tasks and users at once. Every refusal answers in Ukrainian and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DISCOUNT_BULK_MAX_TASKS, DISCOUNT_BULK_MAX_USERS, MSG, PAGE_MAX_LIMIT, type DiscountListItem, type Task } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';

let ctx: TestContext;
let admin: string;
let student: string;
let teacherId: number;
const tasks: Record<'lab' | 'essay' | 'exam', number> = { lab: 0, essay: 0, exam: 0 };
const DEV = 7399;
const ANNA = 7301;
const BOHDAN = 7302;
const VIRA = 7303;

const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

type Answer = { statusCode: number; json<T = unknown>(): T };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = admin): Promise<Answer> =>
  ctx.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const list = async (query = '') => {
  const res = await call('GET', `/api/v1/discounts${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<DiscountListItem[]>();
};
const bulk = (body: Record<string, unknown>) => call('POST', '/api/v1/discounts/bulk', body);
/** Every discount row, as stored, so a refusal can be shown to have written nothing. */
const stored = () => rows(ctx.deps.db, sql`SELECT * FROM discounts ORDER BY id`);
const priceShown = async (token: string, taskId: number) => {
  const res = await call('GET', `/api/v1/tasks/teacher/${teacherId}`, undefined, token);
  return res.json<Task[]>().find((t) => t.id === String(taskId))!.discount;
};
const expectRefused = (res: Answer, status: number, message: string) => expect([res.statusCode, res.json()]).toEqual([status, { message }]);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  student = await login(ctx.app, { id: ANNA, username: 'anna_k' });
  await login(ctx.app, { id: BOHDAN, username: 'Bohdan' });
  await login(ctx.app, { id: VIRA, username: 'vira100' });
  await login(ctx.app, { id: DEV, username: 'dev' });
  const db = ctx.deps.db;
  teacherId = await makeTeacher(db, await makeSubject(db, 'Фізика', 2), 'Коваль О. О.');
  tasks.lab = await makeTask(db, { teacherId, developerId: DEV, title: 'Лабораторна 100% ready', price: 120 });
  tasks.essay = await makeTask(db, { teacherId, developerId: DEV, title: 'Реферат з оптики', price: 80 });
  tasks.exam = await makeTask(db, { teacherId, developerId: DEV, title: 'Екзаменаційні відповіді', price: 300 });
});
afterAll(() => ctx.close());

describe('creating for several tasks and users at once', () => {
  it('creates one LOCAL discount per task and user, with the window, in one call', async () => {
    const res = await bulk({
      type: 'LOCAL', discountValue: 30, availableValue: '2', taskIds: [tasks.lab, String(tasks.essay)],
      telegramIds: [ANNA, String(BOHDAN), ANNA], validFrom: later(-1), validTo: later(24),
    });
    expect([res.statusCode, res.json()]).toEqual([200, { created: 4, updated: 0 }]);
    const all = await list();
    expect(all).toHaveLength(4);
    expect(all.find((d) => d.taskId === String(tasks.lab) && d.telegramId === String(ANNA))).toMatchObject({
      type: 'LOCAL', discountValue: 30, availableValue: 2, username: 'anna_k', taskTitle: 'Лабораторна 100% ready', taskPrice: 120,
      subjectName: 'Фізика', teacherName: 'Коваль О. О.', courseNumber: 2, active: true,
    });
    expect(await priceShown(student, tasks.lab)).toBe(30);
  });

  it('sets a GLOBAL discount on several tasks, replacing what a task had', async () => {
    expect((await bulk({ type: 'GLOBAL', discountValue: 5, availableValue: null, taskIds: [tasks.essay] })).json()).toEqual({ created: 1, updated: 0 });
    const res = await bulk({ type: 'GLOBAL', discountValue: 10, taskIds: [tasks.essay, tasks.exam], validFrom: later(2) });
    expect(res.json()).toEqual({ created: 1, updated: 1 });
    const globals = await list('?type=GLOBAL');
    expect(globals.map((d) => [d.taskTitle, d.discountValue, d.availableValue, d.active, d.username])).toEqual([
      ['Екзаменаційні відповіді', 10, null, false, ''],
      ['Реферат з оптики', 10, null, false, ''],
    ]);
  });

  it.each([
    [{ type: 'LOCAL', discountValue: 10, availableValue: 1, taskIds: [], telegramIds: [ANNA] }, 400, MSG.discountTasksRequired],
    [{ type: 'LOCAL', discountValue: 10, availableValue: 1, telegramIds: [ANNA] }, 400, MSG.discountTasksRequired],
    [{ type: 'LOCAL', discountValue: 10, availableValue: 1, taskIds: [1], telegramIds: [] }, 400, MSG.discountUserRequired],
    [{ type: 'GLOBAL', discountValue: 10, taskIds: [1], telegramIds: [ANNA] }, 400, MSG.discountGlobalWithUsers],
    [{ type: 'LOCAL', discountValue: 10, availableValue: null, taskIds: [1], telegramIds: [ANNA] }, 400, MSG.discountCount],
    [{ type: 'GLOBAL', discountValue: 10, availableValue: 0, taskIds: [1] }, 400, MSG.discountCount],
    [{ type: 'GLOBAL', discountValue: 0, taskIds: [1] }, 400, MSG.discountPercent],
    [{ type: 'GLOBAL', discountValue: 101, taskIds: [1] }, 400, MSG.discountPercent],
    [{ type: 'GLOBAL', discountValue: 10, taskIds: ['abc'] }, 400, MSG.invalidField('taskIds.0')],
    [{ type: 'GLOBAL', discountValue: 10, taskIds: [1], validFrom: 'сьогодні' }, 400, MSG.discountWindowInvalid],
    [{ type: 'GLOBAL', discountValue: 10, taskIds: [1], validFrom: later(3), validTo: later(2) }, 400, MSG.discountWindowOrder],
    [{ type: 'GLOBAL', discountValue: 10, taskIds: [1], validTo: later(-1) }, 400, MSG.discountWindowPast],
    [{ type: 'GLOBAL', discountValue: 10, taskIds: Array.from({ length: DISCOUNT_BULK_MAX_TASKS + 1 }, (_, i) => i + 1) }, 400,
      MSG.discountTooManyTasks(DISCOUNT_BULK_MAX_TASKS)],
    [{ type: 'LOCAL', discountValue: 10, availableValue: 1, taskIds: [1], telegramIds: Array.from({ length: DISCOUNT_BULK_MAX_USERS + 1 }, (_, i) => i + 1) },
      400, MSG.discountTooManyUsers(DISCOUNT_BULK_MAX_USERS)],
  ])('refuses %j and writes nothing', async (body, status, message) => {
    const before = await stored();
    expectRefused(await bulk(body), status, message);
    expect(await stored()).toEqual(before);
  });

  it('refuses, naming them, tasks not in the catalogue and users who never signed in, and writes nothing', async () => {
    const before = await stored();
    expectRefused(await bulk({ type: 'GLOBAL', discountValue: 10, taskIds: [tasks.lab, 999_998, 999_999] }), 404, MSG.discountTasksMissing(['999998', '999999']));
    expectRefused(await bulk({ type: 'LOCAL', discountValue: 10, availableValue: 1, taskIds: [tasks.exam], telegramIds: [ANNA, 123_456] }), 404,
      MSG.discountUsersMissing(['123456']));
    expectRefused(await bulk({ type: 'LOCAL', discountValue: 10, availableValue: 1, taskIds: [999_999], telegramIds: [ANNA] }), 404, MSG.taskNotFound);
    expect(await stored()).toEqual(before);
  });

  it('gives every one of 50 tasks times 200 users its discount in one call', async () => {
    const db = ctx.deps.db;
    const many = [];
    for (let i = 0; i < DISCOUNT_BULK_MAX_TASKS; i++) many.push(await makeTask(db, { teacherId, developerId: DEV, title: `Варіант ${i}` }));
    const users = Array.from({ length: DISCOUNT_BULK_MAX_USERS }, (_, i) => 7_500_000 + i);
    await db.execute(sql`INSERT INTO users (telegram_id, username) SELECT id, 'u' || id FROM unnest(${`{${users.join(',')}}`}::bigint[]) AS t (id)`);
    const res = await bulk({ type: 'LOCAL', discountValue: 7, availableValue: 1, taskIds: many, telegramIds: users });
    expect([res.statusCode, res.json()]).toEqual([200, { created: 10_000, updated: 0 }]);
    const n = await row<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM discounts WHERE percent = 7`);
    expect(n!.n).toBe(10_000);
    // They leave the way they came, so the list below reads only the three tasks above.
    await db.execute(sql`UPDATE discounts SET uses_left = 0 WHERE percent = 7`);
  });
});

describe('the list', () => {
  it('finds by task title or username, any case, with a leading @ and wildcards taken literally', async () => {
    const titles = (items: DiscountListItem[]) => [...new Set(items.map((d) => d.taskTitle))].sort();
    expect(titles(await list('?task=%D1%80%D0%B5%D1%84%D0%B5%D1%80%D0%B0%D1%82'))).toEqual(['Реферат з оптики']);
    expect((await list('?username=%40BOHDAN')).map((d) => d.username)).toEqual(['Bohdan', 'Bohdan']);
    expect((await list('?search=anna')).map((d) => d.username)).toEqual(['anna_k', 'anna_k']);
    expect(titles(await list('?search=%D0%BE%D0%BF%D1%82%D0%B8%D0%BA'))).toEqual(['Реферат з оптики']);
    expect(titles(await list('?search=100%25'))).toEqual(['Лабораторна 100% ready']);
    expect(await list('?search=a%25k')).toEqual([]);
    expect(await list('?type=LOCAL&username=vira')).toEqual([]);
  });

  it('answers pages, newest first, at most 50 rows', async () => {
    const all = await list();
    expect(all.map((d) => Number(d.id))).toEqual([...all.map((d) => Number(d.id))].sort((a, b) => b - a));
    const pages = [await list('?limit=2&page=0'), await list('?limit=2&page=1'), await list('?limit=2&page=2'), await list('?limit=2&page=3')];
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 0]);
    expect(pages.flat()).toEqual(all);
    expectRefused(await call('GET', `/api/v1/discounts?limit=${PAGE_MAX_LIMIT + 1}`), 400, MSG.limitInvalid);
    expectRefused(await call('GET', '/api/v1/discounts?limit=0'), 400, MSG.limitInvalid);
    expectRefused(await call('GET', '/api/v1/discounts?page=-1'), 400, MSG.pageInvalid);
    expectRefused(await call('GET', '/api/v1/discounts?type=ALL'), 400, MSG.badRequest);
    expectRefused(await call('GET', `/api/v1/discounts?search=${'я'.repeat(101)}`), 400, MSG.searchTooLong(100));
  });

  it('is for admins only', async () => {
    const id = (await list())[0]!.id;
    for (const [method, url, body] of [
      ['GET', '/api/v1/discounts', undefined],
      ['GET', `/api/v1/discounts/${id}`, undefined],
      ['PATCH', `/api/v1/discounts/${id}`, { discountValue: 99 }],
      ['DELETE', `/api/v1/discounts/${id}`, undefined],
      ['POST', '/api/v1/discounts/bulk', { type: 'GLOBAL', discountValue: 99, taskIds: [tasks.lab] }],
    ] as const) {
      expectRefused(await call(method, url, body, student), 403, MSG.forbidden);
    }
    expect((await list()).some((d) => d.discountValue === 99)).toBe(false);
  });
});

describe('editing', () => {
  const annaLab = async () => (await list('?username=anna_k')).find((d) => d.taskId === String(tasks.lab))!;

  it('changes the percent, the uses and the window; what is not sent stays', async () => {
    const d = await annaLab();
    const res = await call('PATCH', `/api/v1/discounts/${d.id}`, { discountValue: '45' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...d, discountValue: 45 });
    expect(await priceShown(student, tasks.lab)).toBe(45);

    const to = later(48);
    const moved = await call('PATCH', `/api/v1/discounts/${d.id}`, { availableValue: 9, validFrom: null, validTo: to });
    expect(moved.json()).toEqual({ ...d, discountValue: 45, availableValue: 9, validFrom: null, validTo: to });
    expect(await call('GET', `/api/v1/discounts/${d.id}`).then((r) => r.json())).toEqual(moved.json());

    // A window that opens later takes the discount away until then.
    const closed = await call('PATCH', `/api/v1/discounts/${d.id}`, { validFrom: later(1) });
    expect(closed.json()).toMatchObject({ active: false, validTo: to });
    expect(await priceShown(student, tasks.lab)).toBe(0);
    await call('PATCH', `/api/v1/discounts/${d.id}`, { validFrom: null });
    expect(await priceShown(student, tasks.lab)).toBe(45);
  });

  it('makes a GLOBAL discount unlimited with null, never a LOCAL one', async () => {
    const global = (await list('?type=GLOBAL'))[0]!;
    expect((await call('PATCH', `/api/v1/discounts/${global.id}`, { availableValue: 3 })).json()).toMatchObject({ availableValue: 3 });
    expect((await call('PATCH', `/api/v1/discounts/${global.id}`, { availableValue: null })).json()).toMatchObject({ availableValue: null });
    const before = await stored();
    expectRefused(await call('PATCH', `/api/v1/discounts/${(await annaLab()).id}`, { availableValue: null }), 400, MSG.discountCount);
    expect(await stored()).toEqual(before);
  });

  it.each([
    [{}, MSG.discountPatchEmpty],
    [{ discountValue: 0 }, MSG.discountPercent],
    [{ discountValue: 101 }, MSG.discountPercent],
    [{ discountValue: 'багато' }, MSG.discountPercent],
    [{ availableValue: 0 }, MSG.discountCount],
    [{ availableValue: -2 }, MSG.discountCount],
    [{ validFrom: '2031-13-01T00:00:00Z' }, MSG.discountWindowInvalid],
    [{ validFrom: null, validTo: later(-2) }, MSG.discountWindowPast],
    // The stored end (48 hours ahead) is before the new start.
    [{ validFrom: later(49) }, MSG.discountWindowOrder],
  ])('refuses %j and changes nothing', async (body, message) => {
    const d = await annaLab();
    const before = await stored();
    expectRefused(await call('PATCH', `/api/v1/discounts/${d.id}`, body), 400, message);
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for a discount that does not exist', async () => {
    expectRefused(await call('PATCH', '/api/v1/discounts/999999', { discountValue: 5 }), 404, MSG.discountNotFound);
    expectRefused(await call('GET', '/api/v1/discounts/999999'), 404, MSG.discountNotFound);
    expectRefused(await call('GET', '/api/v1/discounts/abc'), 400, MSG.invalidField('id'));
  });
});

describe('deleting', () => {
  it('ends the discount: it leaves the list and the price, and its row stays for the orders that used it', async () => {
    const d = (await list('?username=anna_k')).find((x) => x.taskId === String(tasks.lab))!;
    expect(await priceShown(student, tasks.lab)).toBe(45);
    const res = await call('DELETE', `/api/v1/discounts/${d.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect((await list()).map((x) => x.id)).not.toContain(d.id);
    expect(await priceShown(student, tasks.lab)).toBe(0);
    expect(await row(ctx.deps.db, sql`SELECT percent, uses_left FROM discounts WHERE id = ${Number(d.id)}`)).toEqual({ percent: 45, uses_left: 0 });

    expectRefused(await call('DELETE', `/api/v1/discounts/${d.id}`), 404, MSG.discountNotFound);
    expectRefused(await call('PATCH', `/api/v1/discounts/${d.id}`, { discountValue: 5 }), 404, MSG.discountNotFound);
    expectRefused(await call('GET', `/api/v1/discounts/${d.id}`), 404, MSG.discountNotFound);
  });

  it('a discount set again after its deletion comes back in the list', async () => {
    const res = await call('POST', '/api/v1/discounts/discount', { type: 'LOCAL', discountValue: 12, availableValue: 1, telegramId: ANNA, taskId: tasks.lab });
    expect(res.statusCode).toBe(200);
    expect((await list('?username=anna_k')).find((x) => x.taskId === String(tasks.lab))).toMatchObject({ id: res.json<{ id: string }>().id, discountValue: 12 });
  });
});

describe('the task picker', () => {
  it('finds live tasks by part of their title, by title, one page at a time', async () => {
    const res = await call('GET', `/api/v1/tasks/search?title=${encodeURIComponent('РЕФЕРАТ')}`);
    expect(res.json()).toEqual([
      { id: String(tasks.essay), title: 'Реферат з оптики', price: 80, visible: true, subjectName: 'Фізика', teacherName: 'Коваль О. О.', courseNumber: 2 },
    ]);
    const first = await call('GET', '/api/v1/tasks/search?title=%D0%92%D0%B0%D1%80%D1%96%D0%B0%D0%BD%D1%82&limit=20');
    const second = await call('GET', '/api/v1/tasks/search?title=%D0%92%D0%B0%D1%80%D1%96%D0%B0%D0%BD%D1%82&limit=20&page=1');
    expect([first.json<unknown[]>().length, second.json<unknown[]>().length]).toEqual([20, 20]);
    expectRefused(await call('GET', '/api/v1/tasks/search?limit=51'), 400, MSG.limitInvalid);
    expectRefused(await call('GET', '/api/v1/tasks/search', undefined, student), 403, MSG.forbidden);
  });

  it('pages through the titles case-blind, same titles by when they were added, hidden ones too, deleted ones never', async () => {
    const db = ctx.deps.db;
    const made: { id: number; title: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const letter = 'абвгде'[(i * 5) % 6]!;
      const title = `Бланк ${i % 2 ? letter.toUpperCase() : letter} ${i % 3}`;
      made.push({ id: await makeTask(db, { teacherId, developerId: DEV, title, visible: i % 4 !== 0 }), title });
    }
    const gone = made.splice(7, 1)[0]!;
    await db.execute(sql`UPDATE tasks SET deleted_at = now() WHERE id = ${gone.id}`);
    const key = (t: { title: string }) => t.title.toLowerCase();
    const expected = [...made].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id)).map((t) => String(t.id));
    const shown: string[] = [];
    for (let page = 0; page < 4; page++) {
      const res = await call('GET', `/api/v1/tasks/search?title=${encodeURIComponent('бланк')}&limit=7&page=${page}`);
      shown.push(...res.json<{ id: string }[]>().map((t) => t.id));
    }
    expect(shown).toEqual(expected);
  });
});

describe('searching by a text both a title and a username hold', () => {
  it('lists each matching discount once, newest first, page after page', async () => {
    // vira100's discount on "Лабораторна 100% ready" matches "100" by its title and by its holder.
    const made = await bulk({ type: 'LOCAL', discountValue: 15, availableValue: 2, taskIds: [tasks.lab, tasks.essay], telegramIds: [VIRA] });
    expect(made.statusCode).toBe(200);
    const all = await list(`?limit=${PAGE_MAX_LIMIT}`);
    const expected = all.filter((d) => d.taskTitle.includes('100') || d.username.includes('100'));
    expect(expected.filter((d) => d.taskTitle.includes('100') && d.username.includes('100'))).toHaveLength(1);
    expect(await list(`?search=100&limit=${PAGE_MAX_LIMIT}`)).toEqual(expected);
    const pages = [];
    for (const page of [0, 1, 2, 3, 4]) pages.push(await list(`?search=100&limit=1&page=${page}`));
    expect(pages.flat()).toEqual(expected.slice(0, 5));
  });
});
