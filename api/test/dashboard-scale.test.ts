/**
 * The dashboard on 100 000 orders (and the ~250 000 transfers they moved): every panel's
 * answer, for every period, equals the slow reference worked out row by row in memory
 * (dashboard-reference.ts), and the indexes of migration 0020 serve the period reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DASHBOARD_CHART_DAYS, DASHBOARD_PERIOD_DAYS, DASHBOARD_PERIODS, DASHBOARD_TOP_LIMIT, type DashboardBacklog, type DashboardDaily,
  type DashboardDevelopers, type DashboardFigures, type DashboardTop,
} from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { seedMarket, SEEDING_TIMEOUTS } from './market-fixture.js';
import {
  expectedSpan, readEverything, referenceBacklog, referenceDaily, referenceFigures, referenceLeaderboard, referenceTop, type Everything,
} from './dashboard-reference.js';

const ORDERS = 100_000;

describe(`the dashboard on ${ORDERS} orders`, () => {
  let ctx: TestContext;
  let admin: string;
  let all: Everything;
  const get = async <T>(url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    ctx = await createTestContext(SEEDING_TIMEOUTS);
    admin = await login(ctx.app, { id: ADMIN_ID });
    await seedMarket(ctx.deps.db, { orders: ORDERS, days: 75, now: new Date() });
    all = await readEverything(ctx.deps.db);
  }, 600_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('the fixture is a real marketplace: the ledger balances', async () => {
    expect(all.orders.length).toBeGreaterThanOrEqual(ORDERS);
    await expectLedgerBalanced(ctx.deps);
  });

  for (const period of DASHBOARD_PERIODS) {
    it(`${period}: the figures, the backlog, the top lists and the leaderboard equal the reference`, async () => {
      const figures = await get<DashboardFigures>(`/api/v1/dashboard/figures?period=${period}`);
      const span = { from: figures.from, to: figures.to, previousFrom: figures.previousFrom, previousTo: figures.previousTo };
      expect(span).toEqual(expectedSpan(DASHBOARD_PERIOD_DAYS[period], Date.parse(figures.to)));
      expect(figures).toEqual({ period, ...span, ...referenceFigures(all, span) });
      // The period holds something to compare: a figure that is 0 on both sides would prove little.
      expect(figures.revenue.sales.value).toBeGreaterThan(0);
      expect(figures.purchases.manual.previous).toBeGreaterThan(0);

      const backlog = await get<DashboardBacklog>(`/api/v1/dashboard/backlog?period=${period}`);
      expect(backlog.previousAt).toBe(expectedSpan(DASHBOARD_PERIOD_DAYS[period], Date.parse(backlog.at)).from);
      expect(backlog).toEqual({ period, at: backlog.at, previousAt: backlog.previousAt, ...referenceBacklog(all, backlog.at, backlog.previousAt) });
      expect(backlog.waiting.value).toBeGreaterThan(0);
      expect(backlog.disputes.value).toBeGreaterThan(0);
      expect(backlog.overdue.previous).toBeGreaterThan(0);

      const top = await get<DashboardTop>(`/api/v1/dashboard/top?period=${period}`);
      expect(top).toEqual({ period, ...pick(top), ...referenceTop(all, top, DASHBOARD_TOP_LIMIT) });
      expect(top.tasks).toHaveLength(DASHBOARD_TOP_LIMIT);

      const devs = await get<DashboardDevelopers>(`/api/v1/dashboard/developers?period=${period}`);
      expect(devs).toEqual({ period, ...pick(devs), developers: referenceLeaderboard(all, devs, DASHBOARD_TOP_LIMIT) });
      expect(devs.developers.some((d) => d.delivered > 0 && d.onTimePercent !== null && d.onTimePercent < 100)).toBe(true);
    });
  }

  it('the daily chart equals the reference, day by day', async () => {
    const before = new Date().toISOString();
    const daily = await get<DashboardDaily>('/api/v1/dashboard/daily');
    expect(daily.days).toEqual(referenceDaily(all, DASHBOARD_CHART_DAYS, before));
    expect(daily.days.filter((d) => d.purchases > 0).length).toBeGreaterThan(20);
  });

  it('the period reads use the indexes of migration 0020, not a scan of every row', async () => {
    const plan = async (q: ReturnType<typeof sql>) => (await rows<Record<string, string>>(ctx.deps.db, sql`EXPLAIN ${q}`)).map((r) => Object.values(r)[0]).join('\n');
    const since = sql`now() - interval '1 day'`;
    expect(await plan(sql`SELECT SUM(amount) FROM transfers WHERE kind = 'PURCHASE' AND created_at >= ${since}`)).toMatch(/transfers_kind_time/);
    expect(await plan(sql`SELECT count(*) FROM orders WHERE created_at >= ${since}`)).toMatch(/orders_time/);
    expect(await plan(sql`SELECT id FROM transfers WHERE created_at >= ${since} ORDER BY created_at, id LIMIT 1000`)).toMatch(/transfers_time/);
  });
});

const pick = (s: { from: string; to: string; previousFrom: string; previousTo: string }) => ({
  from: s.from, to: s.to, previousFrom: s.previousFrom, previousTo: s.previousTo,
});
