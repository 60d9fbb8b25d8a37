/**
 * A task's developer and admins take a task without paying: a developer must not be able to
 * turn top-ups (never withdrawable) into withdrawable earnings by buying and delivering their
 * own work. The order is still recorded; no money moves, now or at delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { ADMIN_ID, auth, type TestContext } from './helpers.js';
import { multipart } from './docx.js';
import { DEV, OTHER_DEV, STUDENT, autoTask, balanceOf, buy, count, manualTask, openWorld, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ({ ctx, w } = await openWorld({ PLATFORM_FEE_PERCENT: '10' }));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

function deliver(token: string, orderId: string) {
  const form = multipart([{ name: 'file', filename: 'відповідь.txt', contentType: 'text/plain', value: Buffer.from('Готово') }]);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/histories/history/${orderId}/developer/save-file`,
    headers: { ...auth(token), ...form.headers },
    payload: form.payload,
  });
}

const transfersOf = (orderId: string) => count(db(), 'transfers', sql`reference = ${`order:${orderId}`}`);

describe('a free take', () => {
  it("the developer takes their own manual task, delivers it, and their wallets don't move", async () => {
    const taskId = await manualTask(ctx, w, { price: 300 });
    await topUp(db(), DEV, 1000);
    const before = { general: await balanceOf(db(), DEV, 'general'), dev: await balanceOf(db(), DEV, 'dev') };

    const res = await buy(ctx, w.dev, taskId, ['Мельник', '4']);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ orderStatus: 'IN_PROGRESS', message: MSG.orderAccepted, charged: 0, free: true });
    // It is in their in-progress list like any order.
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/developer/in-progress', headers: auth(w.dev) });
    expect(queue.json().map((o: { id: string }) => o.id)).toContain(order.id);

    const delivered = await deliver(w.dev, order.id);
    expect(delivered.statusCode).toBe(200);
    expect({ general: await balanceOf(db(), DEV, 'general'), dev: await balanceOf(db(), DEV, 'dev') }).toEqual(before);
    expect(await transfersOf(order.id)).toBe(0);
    // Nothing to withdraw came of it.
    const withdraw = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/wallets/withdraw', headers: auth(w.dev), payload: { cardNumber: '4111111111111111', amount: 1000 } });
    expect([withdraw.statusCode, withdraw.json().message]).toEqual([400, MSG.withdrawInsufficient]);
    const history = await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${DEV}`, headers: auth(w.dev) });
    expect(history.json().find((h: { id: string }) => h.id === order.id)).toMatchObject({ orderStatus: 'DELIVERED', price: 0 });
    // Accepting their own delivery releases nothing: escrow holds nothing for it.
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/v1/histories/${order.id}/accept`, headers: auth(w.dev) });
    expect(accepted.json()).toMatchObject({ orderStatus: 'DONE', price: 0 });
    expect({ general: await balanceOf(db(), DEV, 'general'), dev: await balanceOf(db(), DEV, 'dev') }).toEqual(before);
    expect(await transfersOf(order.id)).toBe(0);
    await expectLedgerBalanced({ db: db() });
  });

  it('an admin with an empty wallet takes an auto task free: the document is generated, nobody is paid', async () => {
    const taskId = await autoTask(ctx, w, { price: 80 });
    const devBefore = await balanceOf(db(), DEV, 'dev');
    const adminBefore = await balanceOf(db(), ADMIN_ID, 'general');
    const res = await buy(ctx, w.admin, taskId, ['Адмін', '1']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: 'DONE', autoGenerate: true, charged: 0, free: true, fileName: expect.stringMatching(/\.docx$/) });
    expect(await balanceOf(db(), ADMIN_ID, 'general')).toBe(adminBefore);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore);
    expect(await transfersOf(res.json().id)).toBe(0);
    await expectLedgerBalanced({ db: db() });
  });

  it('another developer and a student still pay, and the answer says what was charged', async () => {
    const taskId = await manualTask(ctx, w, { price: 50 });
    await topUp(db(), OTHER_DEV, 100);
    await topUp(db(), STUDENT, 100);
    for (const [token, id] of [
      [w.otherDev, OTHER_DEV],
      [w.student, STUDENT],
    ] as const) {
      const before = await balanceOf(db(), id, 'general');
      const res = await buy(ctx, token, taskId, ['Коваль', '2']);
      expect(res.json()).toMatchObject({ charged: 50, free: false });
      expect(await balanceOf(db(), id, 'general')).toBe(before - 50_00);
    }
    await expectLedgerBalanced({ db: db() });
  });

  it('uses none of the developer\'s discount', async () => {
    const taskId = await manualTask(ctx, w, { price: 70 });
    await db().execute(sql`INSERT INTO discounts (task_id, type, telegram_id, percent, uses_left) VALUES (${taskId}, 'LOCAL', ${DEV}, 50, 1)`);
    const res = await buy(ctx, w.dev, taskId, ['Мельник', '5']);
    expect(res.json()).toMatchObject({ charged: 0, free: true });
    const left = await row<{ uses_left: number }>(db(), sql`SELECT uses_left FROM discounts WHERE task_id = ${taskId}`);
    expect(Number(left!.uses_left)).toBe(1);
    await expectLedgerBalanced({ db: db() });
  });

  // Truly parallel on PostgreSQL's pool; serialised, and still exact, on PGlite.
  it('many racing free takes and paid purchases of one developer keep the books exact', async () => {
    const taskId = await manualTask(ctx, w, { price: 10 });
    await topUp(db(), STUDENT, 200);
    const studentBefore = await balanceOf(db(), STUDENT, 'general');
    const devBefore = await balanceOf(db(), DEV, 'general');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buy(ctx, i % 2 ? w.dev : w.student, taskId, ['Гонка', String(i)], `free-race-${String(i).padStart(4, '0')}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().free).length).toBe(10);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(studentBefore - 10 * 10_00);
    expect(await balanceOf(db(), DEV, 'general')).toBe(devBefore);
    const delivered = await Promise.all(answers.map((a) => deliver(w.dev, a.json().id)));
    expect(delivered.map((d) => d.statusCode)).toEqual(Array(20).fill(200));
    await expectLedgerBalanced({ db: db() });
  });
});
