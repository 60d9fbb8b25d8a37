/**
 * `GET /readyz`, what a load balancer routes by: 503 naming what fails while the database is
 * down, the pool cannot hand out a working connection, or shutdown has begun, 200 otherwise
 * (the file store's check is in blob-store-full.test.ts). And a request that waits for a pool
 * with no free connection gives up with the Ukrainian 503 and Retry-After within seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { buildApp, createDeps } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { auth, BOT_TOKEN, createTestContext, login, onPostgres, type TestContext } from './helpers.js';
import { freePort } from './api-process.js';

const UNAVAILABLE = { status: 503, retryAfter: '5' };
const ready = async (ctx: Pick<TestContext, 'app'>) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() as { status: string; failing?: string[] }, retryAfter: res.headers['retry-after'] };
};

/** Holds `n` transactions open (each on a pooled connection on PostgreSQL; PGlite runs one at a time) until `release()`. */
function holdTransactions(ctx: TestContext, n: number) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const done = Array.from({ length: n }, () =>
    ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await gate;
    }),
  );
  return { release, done: Promise.allSettled(done) };
}

describe('GET /readyz', () => {
  let ctx: TestContext;
  const STUDENT = 7901;
  let student: string;
  beforeAll(async () => {
    // Transactions held on purpose here must outlive the test, not the server's idle timeout.
    ctx = await createTestContext({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '120000' });
    student = await login(ctx.app, { id: STUDENT });
  });
  afterAll(() => ctx.close());

  it('is ok while the database, the pool and the file store serve', async () => {
    expect(await ready(ctx)).toEqual({ status: 200, body: { status: 'ok' }, retryAfter: undefined });
    // /healthz and /livez keep their documented answers.
    for (const url of ['/healthz', '/livez']) expect((await ctx.app.inject({ method: 'GET', url })).json()).toEqual({ status: 'ok' });
  });

  it('fails while no statement can get through the pool, and recovers once one can', async () => {
    // Every connection of the pool (20) busy in a transaction that does not end.
    const held = holdTransactions(ctx, 20);
    try {
      await vi.waitFor(async () => {
        const r = await ready(ctx);
        expect({ status: r.status, retryAfter: r.retryAfter }).toEqual(UNAVAILABLE);
        // On PostgreSQL the database itself still answers (its probe has a connection of its
        // own): only the pool is stuck. PGlite has one engine for both.
        expect(r.body).toEqual({ status: 'unavailable', failing: onPostgres ? ['pool'] : ['database', 'pool'] });
      }, { timeout: 10_000, interval: 500 });

      if (onPostgres) {
        // A request waiting for a connection gives up after 5 s with the Ukrainian 503.
        const started = Date.now();
        const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(student) });
        const ms = Date.now() - started;
        expect([res.statusCode, res.json(), res.headers['retry-after']]).toEqual([503, { message: MSG.unavailable }, '5']);
        expect(ms).toBeGreaterThanOrEqual(4_500);
        expect(ms).toBeLessThan(9_000);
      }
    } finally {
      held.release();
      await held.done;
    }
    await vi.waitFor(async () => expect(await ready(ctx)).toMatchObject({ status: 200, body: { status: 'ok' } }), { timeout: 5_000, interval: 250 });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(student) });
    expect(res.statusCode).toBe(200);
  }, 60_000);

  it('fails once shutdown has begun (main.ts marks the instance draining on SIGTERM)', async () => {
    ctx.deps.readiness.draining = true;
    try {
      const r = await ready(ctx);
      expect(r).toEqual({ status: 503, body: { status: 'unavailable', failing: ['shutdown'] }, retryAfter: '5' });
      // Liveness and the requests already coming in are untouched: the instance drains.
      expect((await ctx.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(student) })).statusCode).toBe(200);
    } finally {
      ctx.deps.readiness.draining = false;
    }
    expect((await ready(ctx)).status).toBe(200);
  });
});

describe('GET /readyz while the database cannot be reached', () => {
  it('fails naming the database and the pool, within seconds', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-readyz-'));
    const config = loadConfig({
      BOT_TOKEN,
      JWT_SECRET: 'readyz-test-secret-readyz-test-secret',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://zalik.test',
      LOG_LEVEL: 'silent',
      // Nothing listens there: every connect is refused, as while PostgreSQL restarts.
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/gone`,
    });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, timeouts: config.dbTimeouts });
    const app = await buildApp(createDeps(config, database), { logger: false, serveWeb: false });
    try {
      const started = Date.now();
      const r = await ready({ app });
      expect(r).toEqual({ status: 503, body: { status: 'unavailable', failing: ['database', 'pool'] }, retryAfter: '5' });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
