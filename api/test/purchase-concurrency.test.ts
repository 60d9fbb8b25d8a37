import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { buildApp, createDeps } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { login, onPostgres, type TestContext } from './helpers.js';
import { DEV, autoTask, balanceOf, buy, count, openWorld, manualTask, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let w: World;

beforeAll(async () => ({ ctx, w } = await openWorld()));
afterAll(() => ctx.close());

const db = () => ctx.database.db;

describe('purchases under concurrency', () => {
  it('200 concurrent purchases against a wallet that covers exactly 37: 37 succeed, the rest are refused', async () => {
    const buyer = 7301;
    const token = await login(ctx.app, { id: buyer, username: 'many' });
    const taskId = await manualTask(ctx, w, { price: 13 });
    await topUp(db(), buyer, 13 * 37);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => buy(ctx, token, taskId, ['a', 'b'], `k37-${String(i).padStart(4, '0')}`)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(37);
    const refused = answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().message}`);
    expect(new Set(refused)).toEqual(new Set([`400 ${MSG.insufficientFunds}`]));
    expect(await balanceOf(db(), buyer, 'general')).toBe(0);
    expect(await count(db(), 'orders', sql`buyer_id = ${buyer}`)).toBe(37);
    await expectLedgerBalanced({ db: db() });
  });

  it('the same Idempotency-Key sent 20 times concurrently charges once', async () => {
    const buyer = 7302;
    const token = await login(ctx.app, { id: buyer, username: 'twenty' });
    const taskId = await autoTask(ctx, w, { price: 5 });
    await topUp(db(), buyer, 100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(ctx, token, taskId, ['a', 'b'], 'twenty-times-one-key')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await balanceOf(db(), buyer, 'general')).toBe(95_00);
    await expectLedgerBalanced({ db: db() });
  });

  it('two API instances on one database stay exact', async () => {
    // A second app on the same database: on PostgreSQL with its own connection pool, as a
    // second process would have (separate processes: purchase-processes.test.ts).
    const database = onPostgres ? await openDatabase({ databaseUrl: ctx.databaseUrl }) : ctx.database;
    const second = await buildApp(createDeps(ctx.config, database), { logger: false, serveWeb: false });
    await second.ready();
    try {
      const buyer = 7303;
      const token = await login(ctx.app, { id: buyer, username: 'twoapps' });
      const manual = await manualTask(ctx, w, { price: 10 });
      const auto = await autoTask(ctx, w, { price: 10 });
      await topUp(db(), buyer, 10 * 15);
      const devBefore = await balanceOf(db(), DEV, 'dev');
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const app = i % 2 === 0 ? ctx.app : second;
          // every key is sent to both instances
          return app.inject({
            method: 'POST',
            url: '/api/v1/tasks/process',
            headers: { authorization: `Bearer ${token}`, 'idempotency-key': `two-apps-${Math.floor(i / 2)}` },
            payload: { taskId: String(i % 4 < 2 ? manual : auto), arguments: ['a', 'b'] },
          });
        }),
      );
      const ids = new Set(answers.filter((r) => r.statusCode === 200).map((r) => r.json().id));
      expect(ids.size).toBe(15);
      expect(await balanceOf(db(), buyer, 'general')).toBe(0);
      const autoOrders = await count(db(), 'orders', sql`buyer_id = ${buyer} AND task_id = ${auto}`);
      expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + autoOrders * 10_00);
      await expectLedgerBalanced({ db: db() });
    } finally {
      await second.close();
      if (database !== ctx.database) await database.close();
    }
  });
});
