/**
 * The bounded waits themselves (db/timeouts.ts): a request's statement is cancelled by
 * PostgreSQL after DB_STATEMENT_TIMEOUT_MS and answered 503; a connection that answers nothing
 * is given up after DB_QUERY_TIMEOUT_MS and destroyed, not handed to the next query; the
 * statements that may run long (migrations, the sweep) run with an hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MSG } from '@zalik/contract';
import { openDatabase, rows, type Database } from '../src/db/client.js';
import { isConnectionLost } from '../src/db/errors.js';
import { auth, createPgDatabase, createTestContext, onPostgres, type TestContext } from './helpers.js';
import { STUDENT, buy, createWorld, manualTask, topUp, type World } from './purchase-world.js';
import { TcpProxy, proxyTo } from './tcp-proxy.js';

/** The client's wait for an answer in the frozen-connection cases. */
const QUERY_MS = 600;

const show = async (database: Database, exec?: (text: string) => Promise<Record<string, unknown>[]>) =>
  String((exec ? await exec('SHOW statement_timeout') : await rows<Record<string, unknown>>(database.db, sql`SHOW statement_timeout`))[0]!.statement_timeout);

describe('the timeouts a connection carries', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('a request statement has 15 s, migrations and the sweep an hour (PGlite runs one process and sets none)', async () => {
    expect(await show(ctx.database)).toBe(onPostgres ? '15s' : '0');
    expect(await ctx.database.script((exec) => show(ctx.database, exec))).toBe(onPostgres ? '1h' : '0');
    // The long setting is local to the script's transaction: the pool's connections keep theirs.
    expect(await show(ctx.database)).toBe(onPostgres ? '15s' : '0');
  });
});

// Cancelling statements and freezing connections exist only on PostgreSQL.
if (onPostgres) describe('on PostgreSQL', () => {
  it('answers 503 with Retry-After when a statement is cancelled for running too long, and serves once it can', async () => {
    const ctx = await createTestContext({ DB_STATEMENT_TIMEOUT_MS: '1000', RATE_LIMIT_PURCHASE: '1000/60' });
    const locker = new pg.Client({ connectionString: ctx.databaseUrl });
    try {
      const w: World = await createWorld(ctx);
      const task = await manualTask(ctx, w);
      await topUp(ctx.deps.db, STUDENT, 1000);
      // Another session holds every account's row: the purchase's ledger write waits on it.
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM accounts FOR UPDATE');
      const started = Date.now();
      const res = await buy(ctx, w.student, task, ['Бойко О. О.', '1']);
      expect([res.statusCode, res.json(), res.headers['retry-after']]).toEqual([503, { message: MSG.unavailable }, '5']);
      expect(Date.now() - started).toBeLessThan(5_000);
      await locker.query('ROLLBACK');
      expect((await buy(ctx, w.student, task, ['Бойко О. О.', '2'])).statusCode).toBe(200);
      const orders = await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(w.student) });
      expect(orders.statusCode).toBe(200);
    } finally {
      await locker.end().catch(() => {});
      await ctx.close();
    }
  }, 60_000);

  describe('a connection that stops answering', () => {
    let pgDb: { url: string; drop(): Promise<void> };
    let proxy: TcpProxy;
    let database: Database;
    beforeAll(async () => {
      pgDb = await createPgDatabase();
      const proxied = await proxyTo(pgDb.url);
      proxy = proxied.proxy;
      database = await openDatabase({ databaseUrl: proxied.url, timeouts: { statementMs: QUERY_MS / 2, queryMs: QUERY_MS, idleInTransactionMs: 2_000 } });
    });
    afterAll(async () => {
      await database?.close();
      await proxy?.stop();
      await pgDb?.drop();
    });

    it('is given up after the query timeout and destroyed, not handed back to the pool', async () => {
      let frozenAt = 0;
      const err = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          expect(proxy.freeze()).toBe(1);
          frozenAt = Date.now();
          await tx.execute(sql`SELECT 1`);
        })
        .then(() => undefined, (e: unknown) => e);
      expect(isConnectionLost(err)).toBe(true);
      // One timeout: a ROLLBACK waiting on the dead connection would add a second.
      expect(Date.now() - frozenAt).toBeLessThan(QUERY_MS * 1.9);
      // Back in the pool, the frozen connection would fail the next query the same way.
      expect(await rows<{ one: number }>(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
      expect(database.poolStats()!.total).toBe(1);
    });

    it('closes within seconds when its connections froze (shutdown must not wait for a goodbye that never comes)', async () => {
      const { proxy: own, url: via } = await proxyTo(pgDb.url);
      const other = await openDatabase({ databaseUrl: via, timeouts: { statementMs: QUERY_MS / 2, queryMs: QUERY_MS, idleInTransactionMs: 2_000 } });
      let ready!: () => void;
      const listening = new Promise<void>((r) => (ready = r));
      const feed = other.listen('freeze_test', { message: () => {}, ready: () => ready(), lost: () => {} });
      await listening;
      await other.ping();
      await other.db.execute(sql`SELECT 1`);
      // The pool's, the probe's and the LISTEN connection.
      expect(own.freeze()).toBe(3);
      const started = Date.now();
      try {
        await feed.close();
        await other.close();
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await own.stop();
      }
    }, 30_000);

    it('keeps no pool slot when BEGIN itself gets no answer, more times than the pool has slots', async () => {
      // drizzle sends BEGIN before the code that releases its client: a timed-out BEGIN kept its slot.
      for (let i = 0; i < 25; i++) {
        await database.db.execute(sql`SELECT 1`);
        expect(proxy.freeze()).toBe(1);
        const err = await database.db.transaction(async (tx) => void (await tx.execute(sql`SELECT 1`))).then(() => undefined, (e: unknown) => e);
        expect(isConnectionLost(err)).toBe(true);
      }
      // A kept slot each time would leave none of the pool's 20: the query would wait for one and fail.
      expect(await rows<{ one: number }>(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
      expect(database.poolStats()!.total).toBe(1);
    }, 60_000);
  });
});
