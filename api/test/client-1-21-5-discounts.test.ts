/**
 * The newest client (1.21.5) running discounts as an admin: its lists of everyone's and users'
 * discounts page by page, its form creates one percent on several tasks (for everyone or for
 * chosen users) and edits one. Each call is sent as that client builds it (client-1-21-5.ts);
 * the older shape of `POST /discounts/discount` keeps its own answers (discounts-admin.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { newestClient } from './client-1-21-5.js';
import { NO_NICK, STUDENT, manualTask, openWorld, type World } from './purchase-world.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let w: World;
let client: ReturnType<typeof newestClient>;
let tasks: string[];

beforeAll(async () => {
  ({ ctx, w } = await openWorld());
  client = newestClient(ctx.app);
  tasks = [String(await manualTask(ctx, w, { price: 200 })), String(await manualTask(ctx, w, { price: 300 }))];
});
afterAll(() => ctx.close());

/** getDiscount(type, page, 10): reads `content` and `last`. */
const list = async (type: 'GLOBAL' | 'LOCAL', page = 0, limit = 10) => (await client.json(w.admin, 'GET', `/api/v1/discounts/${type}?page=${page}&limit=${limit}`)).json();
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('postDiscount: the new shape', () => {
  it('for everyone on several tasks: no activation limit is unlimited, no window is none', async () => {
    // postDiscount(discount): telegramIds left out when no user was chosen (users null).
    const res = await client.json(w.admin, 'POST', '/api/v1/discounts/discount', { value: 15, taskIds: tasks, activationLimit: 0, from: '', to: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 0 });
    const page = await list('GLOBAL');
    expect(page.last).toBe(true);
    expect(page.content).toHaveLength(2);
    expect(page.content[0]).toMatchObject({
      id: expect.any(String),
      value: 15,
      activationLimits: null,
      validFrom: null,
      validTo: null,
      user: null,
      task: { id: tasks[1], title: 'Курсова робота', teacher: { name: 'Петренко П. П.', subject: { name: 'Вища математика' } } },
    });
    // A student sees the percent on the task card.
    const card = (await client.json(w.student, 'GET', `/api/v1/tasks/teacher/${w.teacherId}?page=0&limit=10`)).json().content.find((t: { id: string }) => t.id === tasks[0]);
    expect(card.discount).toBe(15);
  });

  it('for chosen users, with a limit and a window', async () => {
    const from = soon(-1);
    const to = soon(7);
    const res = await client.json(w.admin, 'POST', '/api/v1/discounts/discount', {
      value: 30, taskIds: [tasks[0]], telegramIds: [String(STUDENT), String(NO_NICK)], activationLimit: 2, from, to,
    });
    expect(res.json()).toEqual({ created: 2, updated: 0 });
    const page = await list('LOCAL');
    expect(page.content.map((d: { user: { telegramId: string } }) => d.user.telegramId).sort()).toEqual([String(STUDENT), String(NO_NICK)].sort());
    expect(page.content.find((d: { user: { telegramId: string } }) => d.user.telegramId === String(STUDENT))).toMatchObject({
      value: 30, activationLimits: 2, validFrom: from, validTo: to, user: { username: 'olena', photo: '' },
    });
    // A user's own discount without a limit gets one use.
    await client.json(w.admin, 'POST', '/api/v1/discounts/discount', { value: 10, taskIds: [tasks[1]], telegramIds: [String(STUDENT)], activationLimit: 0, from: '', to: '' });
    expect((await list('LOCAL')).content.find((d: { task: { id: string } }) => d.task.id === tasks[1])).toMatchObject({ value: 10, activationLimits: 1 });
  });

  it.each([
    [{ value: 0, taskIds: ['1'] }, MSG.discountPercent],
    [{ value: 10, taskIds: [] }, MSG.discountTasksRequired],
    [{ value: 10, taskIds: ['987654'] }, null],
    [{ value: 10, taskIds: ['1'], from: 'завтра' }, MSG.discountWindowInvalid],
  ])('refuses %j and writes nothing', async (body, message) => {
    const before = [(await list('GLOBAL')).content.length, (await list('LOCAL')).content.length];
    const res = await client.json(w.admin, 'POST', '/api/v1/discounts/discount', body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    if (message) expect(res.json().message).toBe(message);
    expect([(await list('GLOBAL')).content.length, (await list('LOCAL')).content.length]).toEqual(before);
  });
});

describe('the lists page through', () => {
  it('`last` turns true on the last page', async () => {
    const first = await list('LOCAL', 0, 2);
    expect(first).toMatchObject({ content: { length: 2 }, last: false });
    const second = await list('LOCAL', 1, 2);
    expect(second).toMatchObject({ content: { length: 1 }, last: true });
    expect((await client.json(w.student, 'GET', '/api/v1/discounts/GLOBAL?page=0&limit=10')).statusCode).toBe(403);
  });
});

describe('putDiscount', () => {
  it('changes the percent, the limit and the window; the user stays', async () => {
    const mine = (await list('LOCAL')).content.find((d: { user: { telegramId: string }; value: number }) => d.user.telegramId === String(STUDENT) && d.value === 30);
    // putDiscount(discount): every field of the form, users[0]'s telegramId.
    const res = await client.json(w.admin, 'PUT', '/api/v1/discounts/discount', {
      discountId: mine.id, value: 40, telegramId: String(STUDENT), activationLimit: 5, from: mine.validFrom, to: '',
    });
    expect(res.statusCode).toBe(200);
    expect((await list('LOCAL')).content.find((d: { id: string }) => d.id === mine.id)).toMatchObject({ value: 40, activationLimits: 5, validFrom: mine.validFrom, validTo: null });
    const other = await client.json(w.admin, 'PUT', '/api/v1/discounts/discount', { discountId: mine.id, value: 40, telegramId: String(NO_NICK), activationLimit: 5, from: '', to: '' });
    expect([other.statusCode, other.json().message]).toEqual([400, MSG.discountUserFixed]);
    const global = (await list('GLOBAL')).content[0];
    expect((await client.json(w.admin, 'PUT', '/api/v1/discounts/discount', { discountId: global.id, value: 20, activationLimit: 0, from: '', to: '' })).statusCode).toBe(200);
    expect((await list('GLOBAL')).content[0]).toMatchObject({ id: global.id, value: 20, activationLimits: null });
  });

  it('deleteDiscount(id) ends it: it leaves the list', async () => {
    const [first] = (await list('GLOBAL')).content;
    expect((await client.json(w.admin, 'DELETE', `/api/v1/discounts/${first.id}`)).statusCode).toBe(200);
    expect((await list('GLOBAL')).content.map((d: { id: string }) => d.id)).not.toContain(first.id);
  });
});
