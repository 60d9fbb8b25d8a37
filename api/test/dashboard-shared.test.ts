/**
 * The dashboard never starves students: its panels read through the analytics pool (its own few
 * connections on PostgreSQL), and a panel's answer is shared by every admin for
 * DASHBOARD_CACHE_SECONDS, so ten admins refreshing cost one set of statements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import type { DashboardFigures } from '@zalik/contract';
import { auth, createTestContext, onPostgres, type TestContext } from './helpers.js';
import { NO_RATE_LIMITS, STUDENT, buy, createWorld, manualTask, topUp, type World } from './purchase-world.js';

let ctx: TestContext;
let w: World;
let statements: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ ...NO_RATE_LIMITS, DASHBOARD_CACHE_SECONDS: '60', ANALYTICS_POOL_SIZE: '2' }, { logQuery: (text) => statements.push(text) });
  w = await createWorld(ctx);
  await topUp(ctx.deps.db, STUDENT, 1_000);
});
afterAll(() => ctx?.close());

const figures = async (period = '30d') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/dashboard/figures?period=${period}`, headers: auth(w.admin) });
  expect(res.statusCode).toBe(200);
  return res.json<DashboardFigures>();
};
/** The figures' money statement: it reads transfers grouped by kind. */
const moneyStatements = () => statements.filter((s) => s.includes("kind = 'PURCHASE'")).length;

describe('dashboard panels shared by admins', () => {
  it('answers ten admins asking at once with one computation, and the same figures', async () => {
    statements = [];
    const answers = await Promise.all(Array.from({ length: 10 }, () => figures()));
    expect(moneyStatements()).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  it('keeps an answer for its minute, stamped with when it was computed, whatever happens meanwhile', async () => {
    const before = await figures('7d');
    const task = await manualTask(ctx, w, { price: 120 });
    expect((await buy(ctx, w.student, task, ['Коваль І. І.', '3'])).statusCode).toBe(200);
    statements = [];
    const again = await figures('7d');
    expect(moneyStatements()).toBe(0);
    expect(again).toEqual(before);
    // Another period is another panel: computed now, with the purchase in it.
    const today = await figures('today');
    expect(today.purchases.manual.value).toBe(1);
    expect(Date.parse(today.to)).toBeGreaterThan(Date.parse(before.to));
  });
});

describe('the analytics pool', () => {
  it(onPostgres ? 'is its own: with every analytics connection busy, a student’s wallet still answers' : 'is the one engine on PGlite', async () => {
    if (!onPostgres) {
      expect(ctx.database.analytics).toBe(ctx.database.db);
      return;
    }
    expect(ctx.database.analytics).not.toBe(ctx.database.db);
    const done: string[] = [];
    const busy = Promise.all([1, 2].map(() => ctx.database.analytics.execute(sql`SELECT pg_sleep(2)`).then(() => done.push('sleep'))));
    await new Promise((r) => setTimeout(r, 200));
    const [sleeping] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(2)%' AND state = 'active'`,
    );
    expect(sleeping!.n).toBe(2);
    const wallet = await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/user/${STUDENT}`, headers: auth(w.student) });
    expect(wallet.statusCode).toBe(200);
    expect(done, 'the wallet answered while both analytics connections slept').toEqual([]);
    // The admin's panel waits for the analytics pool instead of taking a student's connection.
    const backlog = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/backlog?period=today', headers: auth(w.admin) });
    expect(backlog.statusCode).toBe(200);
    expect(done.length, 'the panel got a connection only once a sleeper let go').toBeGreaterThan(0);
    await busy;
  });
});
