/**
 * Connections that stop answering without closing (a frozen TCP peer): the finding 2.
 * Without bounded waits every pooled connection hung for ever with its request, and the
 * instance answered 503 for good while PostgreSQL took new connections at once and /healthz
 * said ok. Now each wait is bounded (db/timeouts.ts), a connection whose query timed out is
 * destroyed, /readyz fails meanwhile, and the instance serves again by itself within 30 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase, rows } from '../src/db/client.js';
import { DEFAULT_DB_TIMEOUTS } from '../src/db/timeouts.js';
import { createPgDatabase, onPostgres } from './helpers.js';
import { NO_RATE_LIMITS } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { proxyTo } from './tcp-proxy.js';
import { seedBuyersMarket } from './buyers-market.js';
import { sleep, startApiProcess, waitFor } from './api-process.js';

const SECRET = 'freeze-test-secret-freeze-test-secret';

describe('the database timeouts (DB_STATEMENT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS)', () => {
  it('default to 15 s, 17 s and 10 s, follow the statement timeout, and refuse a client timeout not above it', () => {
    expect(loadConfig({}).dbTimeouts).toEqual(DEFAULT_DB_TIMEOUTS);
    expect(DEFAULT_DB_TIMEOUTS).toEqual({ statementMs: 15_000, queryMs: 17_000, idleInTransactionMs: 10_000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '30000' }).dbTimeouts).toEqual({ statementMs: 30_000, queryMs: 32_000, idleInTransactionMs: 10_000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '1000', DB_QUERY_TIMEOUT_MS: '1500', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000' }).dbTimeouts).toEqual({
      statementMs: 1000,
      queryMs: 1500,
      idleInTransactionMs: 2000,
    });
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '5000', DB_QUERY_TIMEOUT_MS: '5000' })).toThrow(ConfigError);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });
});

// Freezing TCP connections exists only between processes; PGlite is in-process, so this case is
// part of the PostgreSQL run only (the case above runs on both).
if (onPostgres) describe('an API process whose PostgreSQL connections freeze under 30 buyers', () => {
  const BUYERS = Array.from({ length: 30 }, (_, i) => 7610 + i);
  const TOPUP_KOPECKS = 10_000_000;
  let pgDb: { url: string; drop(): Promise<void> };
  let taskId: number;
  let tokens = new Map<number, string>();

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    const database = await openDatabase({ databaseUrl: pgDb.url });
    try {
      const market = await seedBuyersMarket(database.db, { developer: 7600, buyers: BUYERS, topUpKopecks: TOPUP_KOPECKS, secret: SECRET });
      taskId = market.taskId;
      tokens = market.tokens;
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    await pgDb?.drop();
  });

  it('answers 503 meanwhile, fails /readyz, and serves again within 30 s by itself, the ledger clean', async () => {
    const { proxy, url: viaProxy } = await proxyTo(pgDb.url);
    let stoppedIn = 0;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-freeze-'));
    // The configured defaults: what an operator gets without setting anything.
    const api = await startApiProcess({ JWT_SECRET: SECRET, DATA_DIR: dataDir, DATABASE_URL: viaProxy, ...NO_RATE_LIMITS });
    const until = (what: string, check: () => boolean | Promise<boolean>, ms?: number) => waitFor(what, check, { ms, alive: [api] });

    type Outcome = { status: number; started: number; ms: number; body?: { message?: string; id?: string }; retryAfter?: string | null; error?: string };
    const outcomes: Outcome[] = [];
    const readiness: { at: number; status: number; failing?: string[] }[] = [];
    let stop = false;
    const okSince = (t: number) => outcomes.filter((o) => o.status === 200 && o.started >= t).length;

    try {
      const buyers = BUYERS.map(async (buyer) => {
        while (!stop) {
          const started = Date.now();
          const o: Outcome = await fetch(`${api.url}/api/v1/tasks/process`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens.get(buyer)}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({ taskId: String(taskId), arguments: ['Заморожено'] }),
            signal: AbortSignal.timeout(60_000),
          }).then(
            async (r) => ({ status: r.status, body: await r.json(), retryAfter: r.headers.get('retry-after'), started, ms: Date.now() - started }),
            (e: Error) => ({ status: 0, error: e.message, started, ms: Date.now() - started }),
          );
          outcomes.push(o);
          if (o.status !== 200) await sleep(100);
        }
      });
      const probe = (async () => {
        while (!stop) {
          const at = Date.now();
          const r = await fetch(`${api.url}/readyz`, { signal: AbortSignal.timeout(10_000) }).then(
            async (res) => ({ failing: ((await res.json()) as { failing?: string[] }).failing, at, status: res.status }),
            () => ({ at, status: 0 }),
          );
          readiness.push(r);
          await sleep(250);
        }
      })();

      await until('purchases to go through', () => okSince(0) >= 60);
      expect(readiness.at(-1)?.status).toBe(200);
      // Every pooled connection is open and busy: the freeze catches the whole pool.
      await until('the pool to be full', () => proxy.carrying >= 20);

      const frozeAt = Date.now();
      const frozen = proxy.freeze();
      expect(frozen).toBeGreaterThanOrEqual(20);

      await until('purchases to succeed again', () => okSince(frozeAt + 1_000) >= 30, 60_000);
      const firstSaleAfter = Math.min(...outcomes.filter((o) => o.status === 200 && o.started >= frozeAt + 1_000).map((o) => o.started + o.ms));
      await until('/readyz to be ok again', () => readiness.some((r) => r.at > frozeAt && r.status === 200 && readiness.some((f) => f.at > frozeAt && f.at < r.at && f.status === 503)), 30_000);
      stop = true;
      await Promise.all([...buyers, probe]);

      // The instance served again by itself, within 30 s of the freeze.
      expect(firstSaleAfter - frozeAt).toBeLessThan(30_000);
      const failedReady = readiness.filter((r) => r.at > frozeAt && r.status === 503);
      expect(failedReady.length).toBeGreaterThan(0);
      // The pool is what fails; the probe's own connection may freeze too, and its answer say `database` alone.
      expect(failedReady.some((r) => r.failing?.includes('pool'))).toBe(true);
      expect(failedReady.filter((r) => !r.failing?.some((f) => f === 'pool' || f === 'database'))).toEqual([]);
      const readyAgain = readiness.find((r) => r.at > failedReady.at(-1)!.at && r.status === 200)!;
      expect(readyAgain.at - frozeAt).toBeLessThan(30_000);
      // Meanwhile buyers were told, never left hanging, and never saw a 500.
      const unexpected = outcomes.filter((o) => o.status !== 200 && !(o.status === 503 && o.body?.message === MSG.unavailable && o.retryAfter === '5'));
      expect(unexpected).toEqual([]);
      expect(outcomes.filter((o) => o.started >= frozeAt && o.status === 503).length).toBeGreaterThan(0);
      expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(25_000);
      expect(api.exit).toBeUndefined();
    } finally {
      stop = true;
      const stopping = Date.now();
      await api.stop();
      // SIGTERM ends the process even with frozen connections in its pools (main.ts's deadline).
      stoppedIn = Date.now() - stopping;
      await proxy.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }

    expect(stoppedIn).toBeLessThan(35_000);

    // Money: balanced, every order paid exactly once, every confirmed purchase kept.
    const database = await openDatabase({ databaseUrl: pgDb.url });
    try {
      const db = database.db;
      await expectLedgerBalanced({ db });
      const ids = new Set((await rows<{ id: number }>(db, sql`SELECT id FROM orders`)).map((o) => String(o.id)));
      const confirmed = outcomes.filter((o) => o.status === 200).map((o) => String(o.body!.id));
      expect(confirmed.filter((id) => !ids.has(id))).toEqual([]);
      const notPaidOnce = await rows(db, sql`SELECT o.id, count(t.id) AS n FROM orders o
        LEFT JOIN transfers t ON t.reference = 'order:' || o.id AND t.kind = 'PURCHASE' GROUP BY o.id HAVING count(t.id) <> 1`);
      expect(notPaidOnce).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
