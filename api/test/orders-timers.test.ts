/**
 * Issue 15, the order timers (docs/JOBS.md): the acceptance window's release, the overdue
 * refund, the developer's reminder, swept from the orders' own columns (issue 30). Each acts
 * once, does nothing when a person acted first, lets a failing order wait without holding
 * back the others, and survives a restart. Time is passed by moving deadlines in SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { buildApp, createDeps } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { createRunner } from '../src/deps.js';
import { openDatabase } from '../src/db/client.js';
import { startFakeBotApi } from '../src/fakes/bot-api.js';
import { releaseDue } from '../src/modules/orders/escrow.js';
import { refundOverdue } from '../src/modules/orders/cancel.js';
import { releaseDueIn } from '../src/modules/orders/escrow.js';
import { sweep } from '../src/modules/orders/timers.js';
import { createTestContext, onPostgres, type TestContext } from './helpers.js';
import { DEV, NO_RATE_LIMITS, STUDENT, balanceOf, createWorld, manualTask, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { openOrderWorld, orderCalls, orderRunner, type OrderWorld } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: OrderWorld['o'];

beforeAll(async () => {
  ({ ctx, w, o } = await openOrderWorld(10_000, { PLATFORM_FEE_PERCENT: '10' }));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const refusal = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { message: string }).message];

describe('the acceptance window', () => {
  it('ends with the money released to the developer once, both told; a late accept is refused', async () => {
    const id = await o.delivered(200);
    const devBefore = await balanceOf(db(), DEV, 'dev');
    const runner = orderRunner(ctx);
    expect(await runner.runDue()).toBe(0);
    expect(await o.status(id)).toBe('DELIVERED');

    await o.endWindow(id);
    expect(await runner.runDue()).toBe(1);
    expect(await o.status(id)).toBe('DONE');
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + 180_00);
    expect((await o.events(id)).at(-1)).toEqual(['AUTO_RELEASE', 'DELIVERED', 'DONE', 'SYSTEM', null]);
    expect(await o.messages('order_released', id)).toEqual([
      [DEV, `Замовлення №${id} «Курсова робота» (Вища математика) завершено: час на перевірку минув. 180 грн зараховано на ваш Dev гаманець.`],
    ]);
    expect((await o.messages('order_completed', id)).map(([chat]) => chat)).toEqual([STUDENT]);
    expect(await runner.runDue()).toBe(0);
    // The handler run again (at least once delivery) moves nothing more.
    await releaseDue(ctx.deps, Number(id));
    expect((await o.transfers(id)).filter(([k]) => k === 'ESCROW_RELEASE')).toHaveLength(1);
    expect(refusal(await o.accept(id))).toEqual([409, MSG.orderClosed]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('does nothing for an order the buyer already accepted or disputed', async () => {
    const accepted = await o.delivered(100);
    const disputed = await o.delivered(100);
    await o.accept(accepted);
    await o.dispute(disputed, 'Не те');
    for (const id of [accepted, disputed]) {
      expect(await o.pending(id)).toEqual([]);
      await o.endWindow(id);
      await releaseDue(ctx.deps, Number(id));
    }
    expect(await orderRunner(ctx).runDue()).toBe(0);
    expect(await o.status(accepted)).toBe('DONE');
    expect(await o.status(disputed)).toBe('DISPUTED');
    expect((await o.transfers(accepted)).filter(([k]) => k === 'ESCROW_RELEASE')).toHaveLength(1);
    expect((await o.transfers(disputed)).map(([k]) => k)).toEqual(['PURCHASE']);
    await expectLedgerBalanced(ctx.deps);
  });

  it('waits for the window to end, even when its handler is called early', async () => {
    const id = await o.delivered(100);
    expect(await orderRunner(ctx).runDue()).toBe(0);
    await releaseDue(ctx.deps, Number(id));
    expect(await o.status(id)).toBe('DELIVERED');
    expect(await o.pending(id)).toEqual(['orders.release']);
    expect((await o.transfers(id)).map(([k]) => k)).toEqual(['PURCHASE']);
    await expectLedgerBalanced(ctx.deps);
  });

  it('passes over an order whose handler fails, releases the rest, and tries it again later', async () => {
    const [failing, fine] = [await o.delivered(100), await o.delivered(100)];
    for (const id of [failing, fine]) await o.endWindow(id);
    const errors: object[] = [];
    const log = { info() {}, warn() {}, error: (obj: object) => errors.push(obj) };
    const act = async (tx: Parameters<typeof releaseDueIn>[0], orderId: number) => {
      if (orderId === Number(failing)) throw new Error('the bank is down');
      await releaseDueIn(tx, orderId);
    };
    expect(await sweep(ctx.deps, 'release', act, { log })).toBe(1);
    expect([await o.status(failing), await o.status(fine)]).toEqual(['DELIVERED', 'DONE']);
    expect(errors).toEqual([expect.objectContaining({ job: 'orders.release', orderId: Number(failing) })]);
    // Deferred: the next sweeps leave it until its retry time, then release it.
    expect(await orderRunner(ctx).runDue()).toBe(0);
    await db().execute(sql`UPDATE orders SET timer_retry_at = now() - interval '1 second' WHERE id = ${Number(failing)}`);
    expect(await orderRunner(ctx).runDue()).toBe(1);
    expect(await o.status(failing)).toBe('DONE');
    expect((await o.transfers(failing)).filter(([k]) => k === 'ESCROW_RELEASE')).toHaveLength(1);
    await expectLedgerBalanced(ctx.deps);
  });
});

describe('the overdue refund', () => {
  it('returns the price ORDER_AUTO_REFUND_HOURS after the deadline if nothing was delivered, once', async () => {
    const id = await o.newOrder(150);
    const before = await balanceOf(db(), STUDENT, 'general');
    // Past the deadline but not by 48 h yet: the buyer may cancel, the timer waits (and the
    // reminder of a deadline already past is dropped unsent).
    await o.passDeadline(id, 1);
    await orderRunner(ctx).runDue();
    expect(await o.status(id)).toBe('IN_PROGRESS');
    expect(await o.pending(id)).toEqual(['orders.overdue']);
    expect(await o.messages('order_reminder', id)).toEqual([]);

    await o.passDeadline(id, 48);
    expect(await orderRunner(ctx).runDue()).toBe(1);
    expect(await o.status(id)).toBe('REFUNDED');
    expect(await o.item(id)).toMatchObject({ orderStatus: 'REFUNDED', cancelledBy: 'SYSTEM' });
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before + 150_00);
    expect(await o.messages('order_refunded', id)).toEqual([
      [STUDENT, `Замовлення №${id} «Курсова робота» (Вища математика) не виконано вчасно, тож його скасовано. 150 грн повернено на ваш Загальний гаманець.`],
    ]);
    expect((await o.messages('order_cancelled', id)).map(([chat]) => chat)).toEqual([DEV]);
    await refundOverdue(ctx.deps, Number(id));
    expect((await o.transfers(id)).filter(([k]) => k === 'REFUND')).toHaveLength(1);
    expect(refusal(await o.deliver(id))).toEqual([409, MSG.orderClosed]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('is cancelled by a delivery and does nothing if it runs anyway', async () => {
    const id = await o.newOrder(100);
    await o.passDeadline(id, 49);
    expect((await o.deliver(id)).statusCode).toBe(200);
    expect(await o.pending(id)).toEqual(['orders.release']);
    expect(await orderRunner(ctx).runDue()).toBe(0);
    await refundOverdue(ctx.deps, Number(id));
    expect(await o.status(id)).toBe('DELIVERED');
    await expectLedgerBalanced(ctx.deps);
  });
});

describe("the developer's reminder", () => {
  it('comes ORDER_REMIND_BEFORE_HOURS before the deadline, once, and not after a delivery', async () => {
    const id = await o.newOrder(100);
    const deadlineIn = (minutes: number, orderId = id) =>
      db().execute(sql`UPDATE orders SET deadline_at = now() + make_interval(mins => ${minutes}) WHERE id = ${Number(orderId)}`);
    expect(await o.pending(id)).toEqual(['orders.overdue', 'orders.remind']);
    // A minute more than the 2 hours before the deadline: not yet.
    await deadlineIn(121);
    expect(await orderRunner(ctx).runDue()).toBe(0);
    expect(await o.messages('order_reminder', id)).toEqual([]);

    await deadlineIn(119);
    expect(await orderRunner(ctx).runDue()).toBe(1);
    const [chat, text] = (await o.messages('order_reminder', id))[0] ?? [];
    expect([chat, text]).toEqual([DEV, expect.stringMatching(/^Нагадування: замовлення №\d+ «Курсова робота» \(Вища математика\) треба виконати до /)]);
    expect(await orderRunner(ctx).runDue()).toBe(0);
    expect(await o.messages('order_reminder', id)).toHaveLength(1);
    expect(await o.pending(id)).toEqual(['orders.overdue']);

    const delivered = await o.newOrder(100);
    expect((await o.deliver(delivered)).statusCode).toBe(200);
    expect(await o.pending(delivered)).toEqual(['orders.release']);
    await deadlineIn(60, delivered);
    expect(await orderRunner(ctx).runDue()).toBe(0);
    expect(await o.messages('order_reminder', delivered)).toEqual([]);
  });

  it('is not set when the deadline is closer than the reminder', async () => {
    const taskId = await manualTask(ctx, w, { price: 50 });
    await db().execute(sql`UPDATE tasks SET deadline_hours = 1 WHERE id = ${taskId}`);
    const id = await o.newOrder(50, taskId);
    expect(await o.pending(id)).toEqual(['orders.overdue']);
  });
});

describe('the order settings', () => {
  it('take fractions of an hour, and anything else stops the start', () => {
    const base = { BOT_TOKEN: '1:test', JWT_SECRET: 'secret' };
    expect(loadConfig(base).orders).toEqual({ deadlineHours: 24, autoRefundHours: 48, acceptHours: 72, maxRevisions: 2, remindBeforeHours: 2, reprocessWindowHours: 24, timersPollMs: 5000 });
    expect(loadConfig({ ...base, ORDER_ACCEPT_HOURS: '0.001', ORDER_REMIND_BEFORE_HOURS: '0', ORDER_MAX_REVISIONS: '0' }).orders).toMatchObject({
      acceptHours: 0.001,
      remindBeforeHours: 0,
      maxRevisions: 0,
    });
    for (const [name, value] of [
      ['ORDER_DEADLINE_HOURS', '0'],
      ['ORDER_ACCEPT_HOURS', '-1'],
      ['ORDER_AUTO_REFUND_HOURS', 'два'],
      ['ORDER_MAX_REVISIONS', '1.5'],
      ['REPROCESS_WINDOW_HOURS', '1e3'],
      ['ORDER_TIMERS_POLL_MS', '5'],
    ]) {
      expect(() => loadConfig({ ...base, [name!]: value })).toThrow(ConfigError);
    }
  });
});

describe('a window that ends while the server is down', () => {
  it('is released once after a new server starts on the same database', async () => {
    const fake = await startFakeBotApi();
    // A 4-second window; the timers' sweeps and the outbox polled often.
    const env = {
      ...NO_RATE_LIMITS,
      BOT_API_ROOT: fake.apiRoot,
      ORDER_ACCEPT_HOURS: String(4 / 3600),
      JOBS_POLL_MS: '20',
      OUTBOX_POLL_MS: '50',
      ORDER_TIMERS_POLL_MS: '50',
    };
    const first = await createTestContext(env);
    const log = { info() {}, warn() {}, error() {} };
    try {
      const fw = await createWorld(first);
      const calls = orderCalls(first, fw);
      await topUp(first.database.db, STUDENT, 1000);
      const runner = createRunner(first.deps, log);
      await runner.start();
      const id = await calls.delivered(100);
      // The server stops: its runner, then the app.
      await runner.stop();
      await first.app.close();
      expect(await calls.status(id)).toBe('DELIVERED');
      const ended = () => row<{ ended: boolean }>(first.database.db, sql`SELECT accept_until <= now() AS ended FROM orders WHERE id = ${Number(id)}`);
      while (!(await ended())!.ended) await new Promise((r) => setTimeout(r, 100));
      expect(await calls.status(id)).toBe('DELIVERED');

      // A new server on the same database (a new connection on PostgreSQL).
      const database = onPostgres ? await openDatabase({ databaseUrl: first.databaseUrl! }) : first.database;
      const deps = createDeps(first.config, database);
      const app = await buildApp(deps, { logger: false, serveWeb: false });
      const second = createRunner(deps, log);
      await second.start();
      try {
        const told = () => fake.delivered('sendMessage').filter((c) => Number(c.params.chat_id) === DEV && String(c.params.text).includes(`№${id} `));
        for (let i = 0; i < 200 && told().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
        expect(await calls.status(id)).toBe('DONE');
        expect(told().map((c) => c.params.text)).toEqual([expect.stringContaining('завершено: час на перевірку минув')]);
        await second.runDue();
        expect((await calls.transfers(id)).map(([k, amount]) => [k, amount])).toEqual([
          ['PURCHASE', 100_00],
          ['ESCROW_RELEASE', 100_00],
        ]);
        expect((await calls.events(id)).filter(([kind]) => kind === 'AUTO_RELEASE')).toHaveLength(1);
        expect(await balanceOf(database.db, DEV, 'dev')).toBe(100_00);
        await expectLedgerBalanced(deps);
      } finally {
        await second.stop();
        await app.close();
        await deps.dispose();
        if (database !== first.database) await database.close();
      }
    } finally {
      await first.close();
      await fake.close();
    }
  });
});
