/**
 * Dashboard panels answered from stored snapshots (docs/DASHBOARD.md "Snapshots"): one run of
 * the job `dashboard.refresh` stores every panel and period exactly as a live computation at the
 * same moment; a route answers a fresh snapshot without computing, and computes (and stores) a
 * missing or stale one; a failing panel leaves the others stored; DASHBOARD_REFRESH_SECONDS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DASHBOARD_PERIODS, type DashboardDaily, type DashboardFigures, type DashboardTop } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { JobRegistry, createJobRunner, type JobLog } from '../src/jobs/index.js';
import { DASHBOARD_REFRESH_JOB, registerDashboardJobs } from '../src/modules/dashboard/jobs.js';
import { computePanel, PANEL_KEYS, type PanelKey } from '../src/modules/dashboard/panels.js';
import { dashboardSnapshots } from '../src/modules/dashboard/snapshots.js';
import { storeSnapshot } from '../src/modules/dashboard/snapshots.queries.js';
import { auth, ADMIN_ID, createTestContext, login, type TestContext } from './helpers.js';
import { seedMarket, SEEDING_TIMEOUTS } from './market-fixture.js';

const REFRESH_SECONDS = 60;
let ctx: TestContext;
let admin: string;

/** A log that keeps what was logged at error level. */
const recording = () => {
  const errors: { obj: object; msg?: string }[] = [];
  const log: JobLog = { info: () => {}, warn: () => {}, error: (obj, msg) => void errors.push({ obj, msg }) };
  return { log, errors };
};

const stored = async () =>
  new Map(
    (await rows<{ key: string; answer: unknown; computed_at: string | Date }>(ctx.database.db, sql`SELECT key, answer, computed_at FROM dashboard_snapshots`)).map(
      (r) => [r.key, { answer: r.answer, computedAt: new Date(r.computed_at) }],
    ),
  );

const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  ctx = await createTestContext({ ...SEEDING_TIMEOUTS, DASHBOARD_REFRESH_SECONDS: String(REFRESH_SECONDS) });
  admin = await login(ctx.app, { id: ADMIN_ID });
  await seedMarket(ctx.deps.db, { orders: 300, days: 40, now: new Date() });
});
afterAll(() => ctx?.close());

describe('the job dashboard.refresh', () => {
  it('is registered with the configured interval', () => {
    expect(ctx.deps.jobs.recurringJob(DASHBOARD_REFRESH_JOB)?.intervalMs).toBe(REFRESH_SECONDS * 1000);
  });

  it('stores every panel of every period in one run, each what a live computation at its moment answers', async () => {
    await ctx.database.db.execute(sql`DELETE FROM dashboard_snapshots`);
    const registry = new JobRegistry();
    registerDashboardJobs({ config: ctx.config, database: ctx.database, jobs: registry });
    const { log, errors } = recording();
    expect(await createJobRunner({ db: ctx.database.db, registry, log }).runDue()).toBe(1);
    expect(errors).toEqual([]);

    const snapshots = await stored();
    expect([...snapshots.keys()].sort()).toEqual([...PANEL_KEYS].sort());
    expect(PANEL_KEYS).toHaveLength(4 * DASHBOARD_PERIODS.length + 1);
    for (const key of PANEL_KEYS) {
      const { answer, computedAt } = snapshots.get(key)!;
      // The moment the answer describes is the one it is stored under.
      const a = answer as { to?: string; at?: string };
      expect(new Date(a.to ?? a.at!)).toEqual(computedAt);
      expect(answer, key).toEqual(await computePanel(ctx.database.analytics, key, computedAt));
    }
    const week = snapshots.get('figures:7d')!.answer as DashboardFigures;
    expect(week.revenue.sales.value).toBeGreaterThan(0);
  });
});

describe('a route', () => {
  it('answers a fresh snapshot as it is stored, without computing it', async () => {
    const now = new Date();
    const live = await computePanel(ctx.database.analytics, 'figures:7d', now);
    const planted: DashboardFigures = { ...live, revenue: { ...live.revenue, sales: { value: 123_456.78, previous: 1 } } };
    await ctx.database.db.execute(sql`DELETE FROM dashboard_snapshots WHERE key = 'figures:7d'`);
    await storeSnapshot(ctx.database.db, 'figures:7d', planted, now);
    expect(await get<DashboardFigures>('/api/v1/dashboard/figures?period=7d')).toEqual(planted);
  });

  it('computes a stale snapshot again, stores it and answers it', async () => {
    const old = new Date(Date.now() - 3 * REFRESH_SECONDS * 1000);
    const live = await computePanel(ctx.database.analytics, 'daily', old);
    const planted: DashboardDaily = { ...live, days: live.days.map((d) => ({ ...d, purchases: 999 })) };
    await ctx.database.db.execute(sql`DELETE FROM dashboard_snapshots WHERE key = 'daily'`);
    await storeSnapshot(ctx.database.db, 'daily', planted, old);

    const answer = await get<DashboardDaily>('/api/v1/dashboard/daily');
    expect(Date.parse(answer.at)).toBeGreaterThan(old.getTime());
    expect(answer.days.some((d) => d.purchases === 999)).toBe(false);
    expect(answer).toEqual(await computePanel(ctx.database.analytics, 'daily', new Date(answer.at)));
    expect((await stored()).get('daily')).toEqual({ answer, computedAt: new Date(answer.at) });
  });

  it('computes a missing snapshot, stores it and answers it', async () => {
    await ctx.database.db.execute(sql`DELETE FROM dashboard_snapshots WHERE key = 'top:30d'`);
    const answer = await get<DashboardTop>('/api/v1/dashboard/top?period=30d');
    expect(answer.tasks.length).toBeGreaterThan(0);
    expect((await stored()).get('top:30d')).toEqual({ answer, computedAt: new Date(answer.to) });
  });
});

describe('a panel that fails', () => {
  it('is logged and leaves the other panels stored; the run is recorded as failed', async () => {
    await ctx.database.db.execute(sql`DELETE FROM dashboard_snapshots`);
    // Without the bot's inbox the backlog's statements fail, as a statement timeout would.
    await ctx.database.db.execute(sql`ALTER TABLE bot_inbox RENAME TO bot_inbox_away`);
    const backlog: PanelKey[] = DASHBOARD_PERIODS.map((p) => `backlog:${p}` as const);
    try {
      const { log, errors } = recording();
      const run = await dashboardSnapshots(ctx.database, REFRESH_SECONDS).refresh({ log });
      expect(run.failed).toEqual(backlog);
      expect(run.stored).toEqual(PANEL_KEYS.filter((k) => !backlog.includes(k)));
      expect(errors.map((e) => [(e.obj as { panel: string }).panel, e.msg])).toEqual(backlog.map((k) => [k, 'dashboard panel not refreshed']));
      expect([...(await stored()).keys()].sort()).toEqual([...run.stored].sort());

      const registry = new JobRegistry();
      registerDashboardJobs({ config: ctx.config, database: ctx.database, jobs: registry });
      await ctx.database.db.execute(sql`UPDATE recurring_jobs SET next_run_at = now() WHERE name = ${DASHBOARD_REFRESH_JOB}`);
      await createJobRunner({ db: ctx.database.db, registry, log: recording().log }).runDue();
      const [job] = await rows<{ last_error: string }>(ctx.database.db, sql`SELECT last_error FROM recurring_jobs WHERE name = ${DASHBOARD_REFRESH_JOB}`);
      expect(job!.last_error).toContain(backlog.join(', '));
    } finally {
      await ctx.database.db.execute(sql`ALTER TABLE bot_inbox_away RENAME TO bot_inbox`);
    }
  });
});

describe('DASHBOARD_REFRESH_SECONDS', () => {
  const base = { BOT_TOKEN: '1:test', JWT_SECRET: 'secret' };
  it('is 300 unless set, 0 turns snapshots and the job off, anything but a whole number >= 0 stops the start', () => {
    expect(loadConfig(base).dashboardRefreshSeconds).toBe(300);
    expect(loadConfig({ ...base, DASHBOARD_REFRESH_SECONDS: '30' }).dashboardRefreshSeconds).toBe(30);
    const off = loadConfig({ ...base, DASHBOARD_REFRESH_SECONDS: '0' });
    const registry = new JobRegistry();
    registerDashboardJobs({ config: off, database: ctx.database, jobs: registry });
    expect(registry.recurringJob(DASHBOARD_REFRESH_JOB)).toBeUndefined();
    for (const bad of ['-1', '1.5', 'soon']) {
      expect(() => loadConfig({ ...base, DASHBOARD_REFRESH_SECONDS: bad })).toThrow(ConfigError);
    }
  });
});
