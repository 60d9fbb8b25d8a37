/**
 * The change feed going silent: the finding 5. Each instance keeps its signed-in users
 * in memory while its LISTEN connection is proven live (modules/users/auth-cache.ts). A LISTEN
 * connection whose peer froze says nothing, and with a 30 s heartbeat a user banned on another
 * instance went on buying for 30 s. Now the feed proves itself every second and memory is
 * trusted 3 s after the last proof: a ban or a role change holds on every instance within 5 s.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@zalik/contract';
import { buildApp, createDeps, type AppDeps } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { listenPostgres } from '../src/db/listen.js';
import { auth, BOT_TOKEN, createPgDatabase, createTestContext, grantRole, login, onPostgres, type TestContext } from './helpers.js';
import { TcpProxy, proxyTo } from './tcp-proxy.js';
import { sleep } from './api-process.js';

const STUDENT = 7701;
const OFFICER = 7702;
const ADMIN = 7700;

const orders = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(token) });
const users = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/v1/users?page=0', headers: auth(token) });

/** Polls `request` until it answers `status`; resolves with how long that took, or fails after `ms`. */
async function refusedWithin(request: () => Promise<{ statusCode: number }>, status: number, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await request()).statusCode === status) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`still not ${status} after ${ms} ms`);
    await sleep(100);
  }
}

describe('a feed that delivers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('stays live, without flapping, well past the 3 s a proof is trusted for', async () => {
    // The feed's first check (on LISTEN) may still be on its way back when this sync returns.
    await vi.waitFor(() => expect(ctx.deps.catalogue.isLive).toBe(true), { timeout: 5_000 });
    const gaps = ctx.deps.catalogue.epoch;
    for (let i = 0; i < 10; i++) {
      expect(ctx.deps.catalogue.isLive).toBe(true);
      await sleep(500);
    }
    expect(ctx.deps.catalogue.epoch).toBe(gaps);
  }, 30_000);
});

// A LISTEN connection that freezes exists only on PostgreSQL; on PGlite the feed is in-process
// and cannot go silent (the case above covers that it stays trusted there).
if (onPostgres) describe('an instance whose LISTEN connection froze', () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let database: Database;
  let proxy: TcpProxy;
  let frozenApp: { app: FastifyInstance; deps: AppDeps };
  let otherApp: { app: FastifyInstance; deps: AppDeps };
  let student: string;
  let officer: string;
  let admin: string;

  const appOn = async (db: Database) => {
    const config = loadConfig({
      BOT_TOKEN,
      JWT_SECRET: 'feed-test-secret-feed-test-secret-feed',
      ADMIN_TELEGRAM_IDS: String(ADMIN),
      PUBLIC_URL: 'https://zalik.test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: pgDb.url,
    });
    const deps = createDeps(config, db);
    const app = await buildApp(deps, { logger: false, serveWeb: false });
    await app.ready();
    return { app, deps };
  };

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    database = await openDatabase({ databaseUrl: pgDb.url });
    const proxied = await proxyTo(pgDb.url);
    proxy = proxied.proxy;
    const viaProxy = proxied.url;
    // Only this instance's change feed goes through the proxy; its pool talks to PostgreSQL directly.
    frozenApp = await appOn({ ...database, listen: (channel, on) => listenPostgres(viaProxy, channel, on) });
    otherApp = await appOn(database);
    admin = await login(otherApp.app, { id: ADMIN });
    student = await login(frozenApp.app, { id: STUDENT });
    officer = await login(frozenApp.app, { id: OFFICER });
    await grantRole(otherApp.app, admin, OFFICER, 'ROLE_ADMIN');
    await frozenApp.deps.catalogue.sync();
  }, 60_000);

  afterAll(async () => {
    for (const a of [frozenApp, otherApp]) {
      await a?.app.close();
      await a?.deps.dispose();
    }
    await proxy?.stop();
    await database?.close();
    await pgDb?.drop();
  });

  it('refuses a user banned, and an admin demoted, on another instance within 5 s', async () => {
    const { app } = frozenApp;
    expect((await orders(app, student)).statusCode).toBe(200);
    expect((await users(app, officer)).statusCode).toBe(200);
    // The instance answers from memory: a change nobody announces is not seen (this test could fail).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE users SET is_banned = true WHERE telegram_id = ${STUDENT}`);
    });
    expect((await orders(app, student)).statusCode).toBe(200);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE users SET is_banned = false WHERE telegram_id = ${STUDENT}`);
    });

    // Its LISTEN connections (the change feed's and the order threads' live streams') stop delivering, without closing.
    expect(proxy.freeze()).toBe(2);
    const banned = await otherApp.app.inject({ method: 'PATCH', url: `/api/v1/users/${STUDENT}/ban?value=true`, headers: auth(admin) });
    expect(banned.statusCode).toBe(200);
    await database.db.execute(sql`DELETE FROM user_roles WHERE telegram_id = ${OFFICER} AND role = 'ROLE_ADMIN'`);

    const [banMs, demoteMs] = await Promise.all([
      refusedWithin(() => orders(app, student), 403, 5_000),
      refusedWithin(() => users(app, officer), 403, 5_000),
    ]);
    expect(banMs).toBeLessThan(5_000);
    expect(demoteMs).toBeLessThan(5_000);
    const refused = await orders(app, student);
    expect(refused.json()).toEqual({ message: MSG.banned });

    // The silent connection is replaced, the feed proves itself live again, and delivers.
    await refusedWithin(async () => ({ statusCode: frozenApp.deps.catalogue.isLive ? 1 : 0 }), 1, 15_000);
    const unbanned = await otherApp.app.inject({ method: 'PATCH', url: `/api/v1/users/${STUDENT}/ban?value=false`, headers: auth(admin) });
    expect(unbanned.statusCode).toBe(200);
    await refusedWithin(() => orders(app, student), 200, 5_000);
  }, 60_000);
});
