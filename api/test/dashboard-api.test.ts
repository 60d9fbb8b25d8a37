/**
 * The dashboard's calls (docs/DASHBOARD.md): what the real flows of one day add up to on every
 * panel; the spans of Kyiv days around a change of clocks; a small marketplace with history
 * against the in-memory reference (the 100 000-order run is dashboard-scale.test.ts); refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DASHBOARD_CHART_DAYS, DASHBOARD_PERIOD_DAYS, DASHBOARD_PERIODS, DASHBOARD_TOP_LIMIT, MSG, type DashboardBacklog, type DashboardDaily,
  type DashboardDevelopers, type DashboardFigures, type DashboardTop,
} from '@zalik/contract';
import { periodSpan } from '../src/modules/dashboard/period.js';
import { auth, createTestContext, ADMIN_ID, login, type TestContext } from './helpers.js';
import { DEV, OTHER_DEV, STUDENT, autoTask, openWorld, type World } from './purchase-world.js';
import { orderCalls } from './escrow-helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { seedMarket, SEEDING_TIMEOUTS } from './market-fixture.js';
import {
  expectedSpan, kyivDate, readEverything, referenceBacklog, referenceDaily, referenceFigures, referenceLeaderboard, referenceTop,
} from './dashboard-reference.js';

const get = async <T>(ctx: TestContext, token: string, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const zero = { value: 0, previous: 0 };
const today = (n: number) => ({ value: n, previous: 0 });

describe('one day of the real flows on every panel', () => {
  let ctx: TestContext;
  let w: World;

  beforeAll(async () => {
    ({ ctx, w } = await openWorld({ PLATFORM_FEE_PERCENT: '10', WITHDRAW_MIN_UAH: '1' }));
    const orders = orderCalls(ctx, w);
    const topUp = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/wallets/deposit', headers: auth(w.admin), payload: { userTelegramId: STUDENT, amount: 1000 } });
    expect(topUp.statusCode).toBe(200);
    // An auto purchase (100: 90 to the developer, 10 kept) and four manual orders of 200, 250, 300 and 150.
    const auto = await ctx.app.inject({
      method: 'POST', url: '/api/v1/tasks/process', headers: auth(w.student), payload: { taskId: String(await autoTask(ctx, w)), arguments: ['Бойко О. О.', '12'] },
    });
    expect(auto.statusCode, auto.body).toBe(200);
    const accepted = await orders.delivered(200);
    expect((await orders.accept(accepted)).statusCode).toBe(200);
    const refunded = await orders.newOrder(250);
    expect((await orders.refund(refunded)).statusCode).toBe(200);
    const late = await orders.newOrder(300);
    await orders.passDeadline(late);
    const disputed = await orders.delivered(150);
    expect((await orders.dispute(disputed, 'Не той варіант')).statusCode).toBe(200);
    const withdraw = await ctx.app.inject({
      method: 'PATCH', url: '/api/v1/wallets/withdraw', headers: auth(w.dev), payload: { cardNumber: '4111111111111111', amount: 100 },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('figures: sales, refunds, fees kept, top-ups, purchases by kind, new and active users', async () => {
    await expectLedgerBalanced(ctx.deps);
    const f = await get<DashboardFigures>(ctx, w.admin, '/api/v1/dashboard/figures?period=today');
    expect(f).toMatchObject({
      period: 'today',
      revenue: { sales: today(1000), refunds: today(250), fees: today(30) },
      topups: { admin: today(1000), stars: zero, monobank: zero },
      purchases: { auto: today(1), manual: today(4) },
      // The admin, the student, both developers and the user without a nickname signed in today.
      users: { new: today(5), active: today(5) },
    });
    expect(f).toMatchObject(expectedSpan(1, Date.parse(f.to)));
  });

  it('backlog: the order past its deadline waits, the disputed one is open, the withdrawal pends; none of it at midnight', async () => {
    const b = await get<DashboardBacklog>(ctx, w.admin, '/api/v1/dashboard/backlog?period=today');
    expect(b).toMatchObject({ waiting: today(1), overdue: today(1), disputes: today(1), withdrawals: { count: today(1), sum: today(100) } });
    expect(b.previousAt).toBe(expectedSpan(1, Date.parse(b.at)).from);
  });

  it('daily chart: 30 Kyiv days ending today, the day of the flows holding them all', async () => {
    const { days } = await get<DashboardDaily>(ctx, w.admin, '/api/v1/dashboard/daily');
    expect(days).toHaveLength(DASHBOARD_CHART_DAYS);
    expect(days.at(-1)).toEqual({ date: kyivDate(Date.now()), purchases: 5, auto: 1, manual: 4, sales: 1000, fees: 30 });
    expect(days.slice(0, -1).every((d) => d.purchases === 0 && d.sales === 0 && d.fees === 0)).toBe(true);
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
  });

  it('top lists: orders that stood, by money; the refunded one is left out', async () => {
    const t = await get<DashboardTop>(ctx, w.admin, '/api/v1/dashboard/top?period=7d');
    expect(t.tasks.map((x) => [x.title, x.subject, x.sales, x.amount])).toEqual([
      ['Курсова робота', 'Вища математика', 1, 300],
      ['Курсова робота', 'Вища математика', 1, 200],
      ['Курсова робота', 'Вища математика', 1, 150],
      ['Розрахункова робота', 'Вища математика', 1, 100],
    ]);
    expect(t.subjects).toEqual([{ subjectId: expect.any(String), name: 'Вища математика', courseNumber: 1, sales: 4, amount: 750 }]);
  });

  it('leaderboard: deliveries that stand, on time against their deadline, and what the developer earned', async () => {
    const d = await get<DashboardDevelopers>(ctx, w.admin, '/api/v1/dashboard/developers?period=30d');
    // Accepted (180 after the fee) and disputed (still in escrow) were delivered in time; the auto sale paid 90.
    expect(d.developers).toEqual([{ telegramId: String(DEV), username: 'taras', name: 'Тест', delivered: 2, onTimePercent: 100, earned: 270 }]);
    expect(d.developers.some((x) => x.telegramId === String(OTHER_DEV))).toBe(false);
  });

  it('a bad period is refused in Ukrainian, on every panel that takes one', async () => {
    for (const panel of ['figures', 'backlog', 'top', 'developers']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/dashboard/${panel}?period=year`, headers: auth(w.admin) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.dashboardPeriod });
    }
  });

  it('students and developers get 403, an anonymous caller 401', async () => {
    for (const token of [w.student, w.dev]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/daily', headers: auth(token) })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/daily' })).statusCode).toBe(401);
  });
});

describe('periods are Kyiv days', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(SEEDING_TIMEOUTS);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('7 days after the spring change of clocks: midnights at +02:00 before it and +03:00 after, the previous span cut at the same hour', async () => {
    // 2026-03-30 13:00 in Kyiv (summer time since 29 March, 03:00).
    const now = new Date('2026-03-30T10:00:00.000Z');
    expect(await periodSpan(ctx.deps.db, 7, now)).toEqual({
      from: '2026-03-23T22:00:00.000Z',
      to: '2026-03-30T10:00:00.000Z',
      previousFrom: '2026-03-16T22:00:00.000Z',
      previousTo: '2026-03-23T11:00:00.000Z',
    });
  });

  it('today just after midnight, and 30 days across the autumn change, agree with the clock', async () => {
    for (const [days, at] of [[1, '2026-06-14T21:30:00.000Z'], [30, '2026-11-02T08:15:30.250Z'], [7, '2026-10-25T23:59:59.999Z']] as const) {
      expect(await periodSpan(ctx.deps.db, days, new Date(at))).toEqual(expectedSpan(days, Date.parse(at)));
    }
  });
});

describe('a marketplace with history against the reference', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext(SEEDING_TIMEOUTS);
    admin = await login(ctx.app, { id: ADMIN_ID });
    await seedMarket(ctx.deps.db, { orders: 3000, days: 45, now: new Date() });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('every panel of every period equals what the rows say', async () => {
    await expectLedgerBalanced(ctx.deps);
    const all = await readEverything(ctx.deps.db);
    for (const period of DASHBOARD_PERIODS) {
      const f = await get<DashboardFigures>(ctx, admin, `/api/v1/dashboard/figures?period=${period}`);
      const span = { from: f.from, to: f.to, previousFrom: f.previousFrom, previousTo: f.previousTo };
      expect(span).toEqual(expectedSpan(DASHBOARD_PERIOD_DAYS[period], Date.parse(f.to)));
      expect(f).toEqual({ period, ...span, ...referenceFigures(all, span) });
      const b = await get<DashboardBacklog>(ctx, admin, `/api/v1/dashboard/backlog?period=${period}`);
      expect(b).toEqual({ period, at: b.at, previousAt: b.previousAt, ...referenceBacklog(all, b.at, b.previousAt) });
      const t = await get<DashboardTop>(ctx, admin, `/api/v1/dashboard/top?period=${period}`);
      expect(t).toEqual({ period, ...span0(t), ...referenceTop(all, t, DASHBOARD_TOP_LIMIT) });
      const d = await get<DashboardDevelopers>(ctx, admin, `/api/v1/dashboard/developers?period=${period}`);
      expect(d).toEqual({ period, ...span0(d), developers: referenceLeaderboard(all, d, DASHBOARD_TOP_LIMIT) });
    }
    const before = new Date().toISOString();
    expect((await get<DashboardDaily>(ctx, admin, '/api/v1/dashboard/daily')).days).toEqual(referenceDaily(all, DASHBOARD_CHART_DAYS, before));
    // A 7-day period of this history compares two busy weeks.
    const week = await get<DashboardFigures>(ctx, admin, '/api/v1/dashboard/figures?period=7d');
    expect(week.revenue.sales.previous).toBeGreaterThan(0);
    expect(week.users.new.previous).toBeGreaterThan(0);
  });

  it('reads nothing but what the rows say: the figures do not change when cached wallet balances drift', async () => {
    const before = await get<DashboardFigures>(ctx, admin, '/api/v1/dashboard/figures?period=30d');
    await ctx.deps.db.execute(sql`UPDATE accounts SET balance = balance + 100 WHERE owner_id IS NOT NULL`);
    try {
      const after = await get<DashboardFigures>(ctx, admin, '/api/v1/dashboard/figures?period=30d');
      expect({ ...after, to: '', previousTo: '' }).toEqual({ ...before, to: '', previousTo: '' });
    } finally {
      await ctx.deps.db.execute(sql`UPDATE accounts SET balance = balance - 100 WHERE owner_id IS NOT NULL`);
    }
  });
});

const span0 = (s: { from: string; to: string; previousFrom: string; previousTo: string }) => ({
  from: s.from, to: s.to, previousFrom: s.previousFrom, previousTo: s.previousTo,
});
