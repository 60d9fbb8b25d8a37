import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type TaskDiscount } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { discountPercentSql } from '../src/modules/discounts/resolve.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { topUpApi } from './ledger-helpers.js';

let ctx: TestContext;
let admin: string;
let student: string;
let taskId: number;
const DEV = 7299;
const LUCKY = 7201;
const OTHER = 7202;

const setDiscount = (body: Record<string, unknown>, token = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/discounts/discount', headers: auth(token), payload: { taskId: String(taskId), ...body } });
const listDiscounts = async () =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/discounts/task/${taskId}`, headers: auth(admin) })).json<TaskDiscount[]>();
/** The percent a viewer sees on the task card: the same rule the charge uses. */
const shown = async (viewer: number | null) =>
  Number((await row<{ p: number }>(ctx.deps.db, sql`SELECT ${discountPercentSql(sql`${taskId}::bigint`, viewer)} AS p`))!.p);
const tokens = new Map<number, string>();
/** The buyer purchases the task (with money enough): the discount its order was charged with, null for none. */
async function take(buyer: number): Promise<{ percent: number } | null> {
  await topUpApi(ctx.app, admin, buyer, 200);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/tasks/process', headers: auth(tokens.get(buyer)!), payload: { taskId: String(taskId), arguments: [] } });
  if (res.statusCode !== 200) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  const o = (await row<{ discount_percent: number }>(ctx.deps.db, sql`SELECT discount_percent FROM orders WHERE id = ${Number(res.json().id)}`))!;
  return Number(o.discount_percent) === 0 ? null : { percent: Number(o.discount_percent) };
}
const discountRows = () => rows<{ type: string; percent: number; uses_left: number | null }>(ctx.deps.db, sql`SELECT type, percent, uses_left FROM discounts WHERE task_id = ${taskId} ORDER BY id`);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  student = await login(ctx.app, { id: LUCKY, username: 'lucky' });
  tokens.set(LUCKY, student);
  tokens.set(OTHER, await login(ctx.app, { id: OTHER, username: 'other' }));
  await login(ctx.app, { id: DEV, username: 'dev' });
  taskId = await makeTask(ctx.deps.db, { teacherId: await makeTeacher(ctx.deps.db, await makeSubject(ctx.deps.db)), developerId: DEV, price: 200 });
});
afterAll(() => ctx.close());

describe('validation', () => {
  it.each([
    [{ type: 'LOCAL', discountValue: 10, availableValue: 0, telegramId: LUCKY }, MSG.discountCount],
    [{ type: 'LOCAL', discountValue: 10, availableValue: -1, telegramId: LUCKY }, MSG.discountCount],
    [{ type: 'LOCAL', discountValue: 10, availableValue: '-3', telegramId: LUCKY }, MSG.discountCount],
    [{ type: 'LOCAL', discountValue: 10, availableValue: 'abc', telegramId: LUCKY }, MSG.discountCount],
    [{ type: 'LOCAL', discountValue: 10, availableValue: null, telegramId: LUCKY }, MSG.discountCount],
    [{ type: 'GLOBAL', discountValue: 10, availableValue: 0, telegramId: null }, MSG.discountCount],
    [{ type: 'LOCAL', discountValue: 10, availableValue: 1, telegramId: null }, MSG.discountUserRequired],
    [{ type: 'GLOBAL', discountValue: 101, availableValue: null }, MSG.discountValue],
    [{ type: 'GLOBAL', discountValue: -1, availableValue: null }, MSG.discountValue],
    [{ type: 'GLOBAL', discountValue: 1.5, availableValue: null }, MSG.discountValue],
    [{ type: 'BOTH', discountValue: 10, availableValue: null }, MSG.badRequest],
  ])('refuses %j with its message and stores nothing', async (body, message) => {
    const res = await setDiscount(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await discountRows()).toEqual([]);
  });

  it('answers 404 for an unknown task or user, 403 to a student', async () => {
    const noTask = await ctx.app.inject({
      method: 'POST', url: '/api/v1/discounts/discount', headers: auth(admin),
      payload: { type: 'GLOBAL', discountValue: 10, availableValue: null, telegramId: null, taskId: '999999' },
    });
    expect(noTask.statusCode).toBe(404);
    expect(noTask.json().message).toBe(MSG.taskNotFound);
    const noUser = await setDiscount({ type: 'LOCAL', discountValue: 10, availableValue: 1, telegramId: '123123' });
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().message).toBe(MSG.userNotFound);
    const asStudent = await setDiscount({ type: 'GLOBAL', discountValue: 90, availableValue: null }, student);
    expect(asStudent.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/discounts/task/${taskId}`, headers: auth(student) })).statusCode).toBe(403);
    expect(await discountRows()).toEqual([]);
  });
});

describe('precedence and activations', () => {
  it('gives every buyer the GLOBAL discount, unlimited when availableValue is null', async () => {
    const res = await setDiscount({ type: 'GLOBAL', discountValue: 50, availableValue: null, telegramId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'GLOBAL', discountValue: 50, availableValue: null, telegramId: null, taskId: String(taskId) });
    expect(typeof res.json().id).toBe('string');
    expect([await shown(LUCKY), await shown(OTHER), await shown(null)]).toEqual([50, 50, 50]);
    for (let i = 0; i < 3; i++) expect(await take(OTHER)).toMatchObject({ percent: 50 });
    expect((await discountRows())[0]!.uses_left).toBeNull();
  });

  it("lets a buyer's LOCAL discount win over the GLOBAL one until its activations run out", async () => {
    const res = await setDiscount({ type: 'LOCAL', discountValue: '10', availableValue: '2', telegramId: String(LUCKY) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'LOCAL', discountValue: 10, availableValue: 2, telegramId: String(LUCKY) });
    // LOCAL wins even though it is the smaller discount; others still get the GLOBAL one.
    expect(await shown(LUCKY)).toBe(10);
    expect(await shown(OTHER)).toBe(50);
    expect(await take(LUCKY)).toMatchObject({ percent: 10 });
    expect(await take(LUCKY)).toMatchObject({ percent: 10 });
    expect(await shown(LUCKY)).toBe(50);
    expect(await take(LUCKY)).toMatchObject({ percent: 50 });
    const list = await listDiscounts();
    expect(list.map((d) => d.type)).toEqual(['GLOBAL']);
  });

  it('upserts one discount per task and type (per user for LOCAL), and 0 removes it', async () => {
    const before = (await listDiscounts())[0]!;
    const again = await setDiscount({ type: 'GLOBAL', discountValue: 30, availableValue: 5 });
    expect(again.json()).toMatchObject({ id: before.id, discountValue: 30, availableValue: 5 });
    await setDiscount({ type: 'LOCAL', discountValue: 15, availableValue: 1, telegramId: OTHER });
    await setDiscount({ type: 'LOCAL', discountValue: 20, availableValue: 3, telegramId: OTHER });
    const list = await listDiscounts();
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ type: 'LOCAL', discountValue: 20, availableValue: 3, telegramId: String(OTHER), username: 'other' });

    const removed = await setDiscount({ type: 'GLOBAL', discountValue: 0, availableValue: null });
    expect(removed.statusCode).toBe(204);
    expect(await shown(LUCKY)).toBe(0);
    expect(await take(LUCKY)).toBeNull();
    expect(await shown(OTHER)).toBe(20);
    const removedLocal = await setDiscount({ type: 'LOCAL', discountValue: 0, availableValue: null, telegramId: OTHER });
    expect(removedLocal.statusCode).toBe(204);
    expect(await shown(OTHER)).toBe(0);
    expect(await listDiscounts()).toEqual([]);
  });

  it('gives the last activation to exactly one of ten buyers racing for it', async () => {
    await setDiscount({ type: 'GLOBAL', discountValue: 40, availableValue: 1 });
    const buyers = Array.from({ length: 10 }, (_, i) => 7210 + i);
    for (const id of buyers) tokens.set(id, await login(ctx.app, { id, username: `racer${id}` }));
    const results = await Promise.all(buyers.map((buyer) => take(buyer)));
    expect(results.filter((r) => r !== null)).toEqual([{ percent: 40 }]);
    expect((await discountRows()).find((d) => d.type === 'GLOBAL')!.uses_left).toBe(0);
    expect(await shown(buyers[0]!)).toBe(0);
  });
});
