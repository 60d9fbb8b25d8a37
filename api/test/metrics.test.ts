/**
 * `/metrics`: refused without the token and served with it; every family an operator reads is
 * there with the values the data says after a purchase, a delivery and a failed job; ten scrapers
 * at once cost the database one read of the deployment's figures; and load shedding answers the
 * Ukrainian 503 while the event loop lags, probes still served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { JobRegistry, createJobRunner } from '../src/jobs/index.js';
import { serveMetricsPort } from '../src/plugins/metrics.js';
import { createTestContext, onPostgres, type TestContext } from './helpers.js';
import { STUDENT, openWorld, topUp, type World } from './purchase-world.js';
import { orderCalls } from './escrow-helpers.js';
import { freePort } from './api-process.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

declare module '../src/jobs/registry.js' {
  interface JobPayloads {
    /** A job of this file that always fails. */
    't.broken': Record<string, never>;
  }
}

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series of the exposition text, e.g. `zalik_jobs_failed{job="t.flaky"}`. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let ctx: TestContext;
  let w: World;
  const scrape = async (authorization = `Bearer ${TOKEN}`) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
    return { status: res.statusCode, type: res.headers['content-type'], text: res.body };
  };

  beforeAll(async () => {
    ({ ctx, w } = await openWorld({ METRICS_TOKEN: TOKEN, METRICS_INTERVAL_MS: '100' }));
  });
  afterAll(() => ctx.close());

  it('is refused without the token or with a wrong one', async () => {
    expect((await scrape('')).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}x`)).status).toBe(401);
    expect(JSON.parse((await scrape('Bearer nope')).text)).toEqual({ message: MSG.tokenInvalid });
  });

  it('says what a purchase, a delivery and a failed job did', async () => {
    await topUp(ctx.deps.db, STUDENT, 500);
    const orders = orderCalls(ctx, w);
    const delivered = await orders.delivered(120);
    await orders.newOrder(80);
    const registry = new JobRegistry().define('t.broken', async () => {
      throw new Error('the bank is down');
    }, { maxAttempts: 1 });
    await registry.schedule(ctx.deps.db, 't.broken', { key: 'one' });
    await createJobRunner({ db: ctx.deps.db, registry, log: { info() {}, warn() {}, error() {} } }).runDue();
    await new Promise((r) => setTimeout(r, 150));

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    // Requests by their endpoint's pattern: the delivery's order id is not in any label.
    expect(valueOf(text, 'zalik_http_requests_total{route="/api/v1/histories/history/:id/developer/save-file",method="PATCH",status_class="2xx"}')).toBe(1);
    expect(text).not.toContain(`/histories/history/${delivered}`);
    expect(text).toMatch(/zalik_http_request_duration_seconds_bucket\{le="0\.5",route="\/api\/v1\/histories\/history\/:id\/developer\/save-file"/);
    // Money: both orders wait in escrow (120 + 80 UAH); no fee earned yet.
    expect(valueOf(text, 'zalik_escrow_uah')).toBe(200);
    expect(valueOf(text, 'zalik_revenue_today_uah')).toBe(0);
    expect(valueOf(text, 'zalik_orders_disputed')).toBe(0);
    expect(valueOf(text, 'zalik_orders_overdue')).toBe(0);
    // The notices of the purchases and the delivery wait for the bot (no sender runs here).
    expect(valueOf(text, 'zalik_outbox_backlog')).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'zalik_outbox_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'zalik_jobs_failed{job="t.broken"}')).toBe(1);
    // The delivery's timers are scheduled ahead, not due.
    expect(valueOf(text, 'zalik_jobs_due{job="order.release"}') ?? 0).toBe(0);
    expect(valueOf(text, 'zalik_bot_inbox_backlog')).toBe(0);
    expect(valueOf(text, 'zalik_withdrawals_pending')).toBe(0);
    expect(valueOf(text, 'zalik_deposit_requests_pending')).toBe(0);
    expect(valueOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (onPostgres) {
      expect(valueOf(text, 'zalik_db_pool_max')).toBe(20);
      expect(valueOf(text, 'zalik_db_pool_total')).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toMatch(/^zalik_db_pool_total \d/m);
    }
    await expectLedgerBalanced(ctx.deps);
  });
});

describe('ten scrapers at once', () => {
  it('cost the database one read of the deployment figures per interval', async () => {
    const ctx = await createTestContext({ METRICS_TOKEN: TOKEN, METRICS_INTERVAL_MS: '60000' });
    try {
      const scrape = () => ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const first = await Promise.all(Array.from({ length: 10 }, scrape));
      expect(first.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(first.map((r) => valueOf(r.body, 'zalik_metrics_database_reads_total'))).toEqual(Array(10).fill(1));
      const later = await Promise.all(Array.from({ length: 10 }, scrape));
      expect(later.map((r) => valueOf(r.body, 'zalik_metrics_database_reads_total'))).toEqual(Array(10).fill(1));
    } finally {
      await ctx.close();
    }
  });
});

describe('metrics on their own port', () => {
  it('serves /metrics on localhost without a token, and nothing else', async () => {
    const ctx = await createTestContext({ METRICS_PORT: '1' });
    const port = await freePort();
    const stop = await serveMetricsPort(ctx.app.metrics!, port);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^zalik_escrow_uah 0$/m);
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/users`)).status).toBe(404);
    } finally {
      await stop();
      await ctx.close();
    }
  });

  it('is off, with no /metrics, unless configured', async () => {
    const ctx = await createTestContext();
    try {
      expect(ctx.app.metrics).toBeNull();
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe('load shedding', () => {
  it('answers the Ukrainian 503 with Retry-After while the event loop lags, and the probes still', async () => {
    const ctx = await createTestContext({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '40', METRICS_TOKEN: TOKEN });
    try {
      // The bank's check of its webhook: a public call that answers 200.
      const call = () => ctx.app.inject({ method: 'GET', url: '/api/v1/transactions/monobank/webhook' });
      expect((await call()).statusCode).toBe(200);
      // A blocked loop, as a runaway computation or a flood of work leaves it.
      const until = Date.now() + 1_200;
      while (Date.now() < until) {
        /* busy */
      }
      let shed: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < 40 && !shed; i++) {
        const res = await call();
        if (res.statusCode === 503) shed = res;
        else await new Promise((r) => setTimeout(r, 25));
      }
      expect(shed?.json()).toEqual({ message: MSG.unavailable });
      expect(shed?.headers['retry-after']).toBe('5');
      for (const url of ['/livez', '/healthz']) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
      // Once the loop keeps time again, requests are served.
      let served = false;
      for (let i = 0; i < 100 && !served; i++) {
        served = (await call()).statusCode === 200;
        if (!served) await new Promise((r) => setTimeout(r, 50));
      }
      expect(served).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
