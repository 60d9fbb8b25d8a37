/**
 * The database misbehaving: unreachable, its connections terminated under load, the server
 * "restarted". The API process must stay up, answer 503 in Ukrainian while the database is
 * away, report it on /healthz, and serve again (cache feed included) once it is back, with
 * no money moved twice or lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MSG } from '@zalik/contract';
import { buildApp, createDeps } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, rows } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createTokenService } from '../src/lib/jwt.js';
import { BOT_TOKEN, createPgDatabase, createTestContext, onPostgres } from './helpers.js';
import { NO_RATE_LIMITS } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { proxyTo } from './tcp-proxy.js';
import { seedBuyersMarket } from './buyers-market.js';
import { freePort, sleep, startApiProcess, waitFor, type ApiProcess } from './api-process.js';

const SECRET = 'outage-test-secret-outage-test-secret';

describe('the database cannot be reached', () => {
  it('answers 503 in Ukrainian at once, /healthz says the database is down, /livez stays up', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-outage-'));
    // Nothing listens on this port: every connect is refused, as while PostgreSQL restarts.
    const config = loadConfig({
      BOT_TOKEN,
      JWT_SECRET: SECRET,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://zalik.test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/gone`,
    });
    const database = await openDatabase({ databaseUrl: config.databaseUrl });
    const deps = createDeps(config, database);
    const app = await buildApp(deps, { logger: false, serveWeb: false });
    try {
      const token = await createTokenService(SECRET, 3600).sign({ sub: '7501', roles: ['ROLE_USER'], ban: false, courseNumber: 1 });
      const headers = { authorization: `Bearer ${token}` };
      for (const req of [
        { method: 'GET' as const, url: '/api/v1/subjects/course-number/2', headers },
        { method: 'GET' as const, url: '/api/v1/users/me', headers },
        { method: 'POST' as const, url: '/api/v1/tasks/process', headers: { ...headers, 'idempotency-key': randomUUID() }, payload: { taskId: '1', arguments: ['a', 'b'] } },
      ]) {
        const res = await app.inject(req);
        expect([req.url, res.statusCode, res.json()]).toEqual([req.url, 503, { message: MSG.unavailable }]);
        expect(res.headers['retry-after']).toBe('5');
      }
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect([health.statusCode, health.json()]).toEqual([503, { status: 'unavailable', database: 'down' }]);
      const live = await app.inject({ method: 'GET', url: '/livez' });
      expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('while the database answers, /healthz and /livez say ok', async () => {
    const ctx = await createTestContext();
    try {
      for (const url of ['/healthz', '/livez']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect([url, res.statusCode, res.json()]).toEqual([url, 200, { status: 'ok' }]);
      }
    } finally {
      await ctx.close();
    }
  }, 120_000);
});

// Terminating backends and cutting TCP connections exist only on PostgreSQL; PGlite is
// in-process, so this case is part of the PostgreSQL run only. The cases above cover the
// answers on both.
if (onPostgres) describe('an API process while PostgreSQL drops its connections and restarts', () => {
  const BUYERS = Array.from({ length: 16 }, (_, i) => 7510 + i);
  const TOPUP_KOPECKS = 10_000_000;
  let pgDb: { url: string; drop(): Promise<void> };
  let taskId: number;
  let subjectId: number;
  let tokens = new Map<number, string>();

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    const database = await openDatabase({ databaseUrl: pgDb.url });
    try {
      await migrate(database);
      const market = await seedBuyersMarket(database.db, { developer: 7500, buyers: BUYERS, topUpKopecks: TOPUP_KOPECKS, secret: SECRET });
      ({ taskId, subjectId } = market);
      tokens = market.tokens;
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    await pgDb?.drop();
  });

  it('stays up, answers 503 in Ukrainian while the database is away, and serves again once it is back', async () => {
    const { proxy, url: viaProxy } = await proxyTo(pgDb.url);

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-outage-'));
    // The cache logs each time its change feed (the LISTEN connection) is proven live again.
    let feedLive = 0;
    const api: ApiProcess = await startApiProcess(
      { JWT_SECRET: SECRET, DATA_DIR: dataDir, DATABASE_URL: viaProxy, LOG_LEVEL: 'info', ...NO_RATE_LIMITS },
      { onLine: (line) => void (line.includes('catalogue cache: change feed live') && feedLive++) },
    );
    const url = api.url;
    // Waits that fail at once, saying so, when the process died.
    const until = (what: string, check: () => boolean | Promise<boolean>, ms?: number) => waitFor(what, check, { ms, alive: [api] });
    const admin = new pg.Client({ connectionString: pgDb.url });
    admin.on('error', () => {});
    await admin.connect();

    type Outcome = { status: number; ms: number; body?: { message?: string }; retryAfter?: string | null; error?: string; phase: string };
    const outcomes: Outcome[] = [];
    const confirmed: string[] = [];
    let phase = 'start';
    let stop = false;
    const ok = () => outcomes.filter((o) => o.status === 200).length;
    const get = (p: string) =>
      fetch(url + p, { headers: { authorization: `Bearer ${tokens.get(BUYERS[0]!)}` }, signal: AbortSignal.timeout(20_000) });

    try {
      const loops = BUYERS.map(async (buyer) => {
        while (!stop) {
          const started = Date.now();
          const at = phase;
          const o: Outcome = await fetch(`${url}/api/v1/tasks/process`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens.get(buyer)}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({ taskId: String(taskId), arguments: ['Збій'] }),
            signal: AbortSignal.timeout(20_000),
          }).then(
            async (r) => ({ status: r.status, body: await r.json(), retryAfter: r.headers.get('retry-after'), ms: Date.now() - started, phase: at }),
            (e: Error) => ({ status: 0, error: e.message, ms: Date.now() - started, phase: at }),
          );
          outcomes.push(o);
          if (o.status === 200) confirmed.push(String((o.body as { id: string }).id));
          // A failed request is tried again soon, as a client would; not in a hot loop.
          if (o.status !== 200) await sleep(100);
        }
      });

      phase = 'normal';
      await until('purchases to go through', () => ok() >= 20);

      // What a failover or a pooler closing connections does, several times over.
      for (let round = 0; round < 4; round++) {
        phase = `terminate-${round}`;
        const { rows: killed } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        expect(killed.length).toBeGreaterThan(0);
        const before = ok();
        await until(`purchases after termination ${round}`, () => ok() >= before + 10);
      }
      expect(api.exit).toBeUndefined();

      // The server goes away: every connection cut, new ones refused.
      const feedBefore = feedLive;
      await proxy.stop();
      phase = 'outage';
      await until('/healthz to report the database down', async () => {
        const r = await get('/healthz');
        return r.status === 503 && JSON.stringify(await r.json()) === JSON.stringify({ status: 'unavailable', database: 'down' });
      });
      const live = await get('/livez');
      expect(live.status).toBe(200);
      await until('purchases started during the outage to be answered', () => outcomes.filter((o) => o.phase === 'outage').length >= 2 * BUYERS.length);
      const subjects = await get('/api/v1/subjects/course-number/2').then(async (r) => [r.status, await r.json()]);
      expect(subjects).toEqual([503, { message: MSG.unavailable }]);

      // ... and comes back.
      await proxy.start();
      phase = 'recovered';
      await until('/healthz to be ok again', () => get('/healthz').then((r) => r.status === 200, () => false));
      const after = ok();
      await until('purchases after the restart', () => ok() >= after + 20);
      await until('the catalogue cache change feed to be live again', () => feedLive > feedBefore);

      // The feed delivers: a change made behind the API's back is seen by its next read.
      const read = async () => (await (await get('/api/v1/subjects/course-number/2')).json()) as { id: string; name: string }[];
      // read twice: the second answer comes from memory when the cache is live
      for (let i = 0; i < 2; i++) expect((await read()).map((s) => s.name)).toEqual(['Фізика']);
      await admin.query(`UPDATE subjects SET name = 'Хімія' WHERE id = $1`, [subjectId]);
      await until('the change to reach the cache', async () => (await read())[0]?.name === 'Хімія', 10_000);

      stop = true;
      await Promise.all(loops);
      expect(api.exit).toBeUndefined();

      // Every request got an answer, within seconds: a purchase or a Ukrainian 503.
      const unexpected = outcomes.filter((o) => o.status !== 200 && !(o.status === 503 && o.body?.message === MSG.unavailable && o.retryAfter === '5'));
      expect(unexpected).toEqual([]);
      expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(15_000);
      expect(outcomes.filter((o) => o.phase === 'outage' && o.status === 503).length).toBeGreaterThan(0);
    } finally {
      stop = true;
      await api.stop();
      await proxy.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }

    // Money: balanced, every order paid exactly once, every confirmed purchase kept.
    const database = await openDatabase({ databaseUrl: pgDb.url });
    try {
      const db = database.db;
      await expectLedgerBalanced({ db });
      const ids = new Set((await rows<{ id: number }>(db, sql`SELECT id FROM orders`)).map((o) => String(o.id)));
      expect(confirmed.filter((id) => !ids.has(id))).toEqual([]);
      const notPaidOnce = await rows(db, sql`SELECT o.id, count(t.id) AS n FROM orders o
        LEFT JOIN transfers t ON t.reference = 'order:' || o.id AND t.kind = 'PURCHASE' GROUP BY o.id HAVING count(t.id) <> 1`);
      expect(notPaidOnce).toEqual([]);
      const orphanPayments = await rows(db, sql`SELECT id FROM transfers t WHERE kind = 'PURCHASE' AND NOT EXISTS
        (SELECT 1 FROM orders o WHERE 'order:' || o.id = t.reference)`);
      expect(orphanPayments).toEqual([]);
    } finally {
      await database.close();
      await admin.end().catch(() => {});
    }
  }, 300_000);
});
