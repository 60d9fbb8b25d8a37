import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { newPglite } from './pglite.js';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import { listenPostgres, type ChannelHandlers, type Subscription } from './listen.js';
import { CONNECT_TIMEOUT_MS, createProber } from './probe.js';
import { Pool } from './pool.js';
import { DEFAULT_ANALYTICS, DEFAULT_DB_TIMEOUTS, LONG_DB_TIMEOUTS, QUERY_TIMEOUT_MARGIN_MS, type AnalyticsPool, type DbTimeouts } from './timeouts.js';

/**
 * No table schema: the SQL migrations are the schema, and every query is written in SQL with
 * drizzle's `sql` template (parameters bound, never spliced), one queries file per area.
 */
export type Schema = Record<string, never>;
/** One type for both drivers: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or a transaction in progress. */
export type Executor = Db | Tx;

/**
 * Runs raw SQL (several statements allowed) in one transaction on the driver itself, with the
 * long timeouts (`LONG_DB_TIMEOUTS`): migrations, and the orphan sweep, which holds its lock's
 * transaction open while it lists the file store.
 */
export type ScriptRunner = <T>(fn: (exec: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>) => Promise<T>;

export interface Database {
  db: Db;
  /**
   * Where the dashboard's panels and the CSV exports read: on PostgreSQL a small pool of its own
   * (or a read replica's, `ANALYTICS_DATABASE_URL`) with its own statement timeout, so admins
   * scanning months of orders never take the connections students' requests wait for; on
   * PGlite the one engine.
   */
  analytics: Db;
  kind: 'pglite' | 'postgres';
  script: ScriptRunner;
  /** Subscribes to a NOTIFY channel (see db/listen.ts for what the handlers hear and when). */
  listen(channel: string, on: ChannelHandlers): Subscription;
  /**
   * Sends a notification on the driver itself, past drizzle and its `logQuery`: the instance's own
   * round trips (the change feed's heartbeat, every second on PostgreSQL) are no request's
   * statements, so nothing counting a request's statements ever sees them.
   */
  notify(channel: string, payload: string): Promise<void>;
  /** Rejects when the database cannot answer `SELECT 1` within a few seconds (readiness probes). */
  ping(): Promise<void>;
  /** The pool's connections now (metrics); null on PGlite, which has one engine and no pool. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  close(): Promise<void>;
}

// int8 as a JS number: every bigint here (ids, kopecks) stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  /** Hears every query drizzle sends (tests derive what a read depends on from it). */
  logQuery?: (query: string, params: unknown[]) => void;
  /** PostgreSQL only; default `DEFAULT_DB_TIMEOUTS` (main.ts passes the configured ones, scripts the long ones). */
  timeouts?: DbTimeouts;
  /** PostgreSQL only: the analytics pool (`Database.analytics`); default `DEFAULT_ANALYTICS`. */
  analytics?: AnalyticsPool;
}


export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const logger = opts.logQuery ? { logQuery: opts.logQuery } : undefined;
  if (opts.databaseUrl) {
    const timeouts = opts.timeouts ?? DEFAULT_DB_TIMEOUTS;
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: 20,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      // While the server is unreachable a request fails within seconds instead of hanging.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanished without a word (failover, dropped NAT entry) surfaces as an error.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const db = drizzlePg(pool, { logger }) as unknown as Db;
    const script: ScriptRunner = async (fn) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        await c.query(`SET LOCAL statement_timeout = ${LONG_DB_TIMEOUTS.statementMs}; SET LOCAL idle_in_transaction_session_timeout = ${LONG_DB_TIMEOUTS.idleInTransactionMs}`);
        // Without parameters pg uses the simple protocol, which takes several statements at once.
        const result = await fn(async (text) => (await c.query(longQuery(text))).rows);
        await c.query(longQuery('COMMIT'));
        c.release();
        return result;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {});
        // Not back into the pool: after a failure its state is unknown.
        c.release(e instanceof Error ? e : new Error(String(e)));
        throw e;
      }
    };
    const listen = (channel: string, on: ChannelHandlers) => listenPostgres(opts.databaseUrl!, channel, on);
    const prober = createProber(opts.databaseUrl);
    const a = opts.analytics ?? DEFAULT_ANALYTICS;
    const analyticsPool = new Pool({
      connectionString: a.databaseUrl ?? opts.databaseUrl,
      max: a.max,
      statement_timeout: a.statementMs,
      query_timeout: a.statementMs + QUERY_TIMEOUT_MARGIN_MS,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    return {
      db,
      analytics: drizzlePg(analyticsPool, { logger }) as unknown as Db,
      kind: 'postgres',
      script,
      listen,
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      ping: prober.ping,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
      close: async () => {
        await prober.close();
        await Promise.all([pool.end(), analyticsPool.end()]);
      },
    };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = opts.dataDir ? path.join(opts.dataDir, 'pgdata') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = newPglite(dir ? { dataDir: dir } : {});
  }
  const owned = client;
  await owned.waitReady;
  const db = drizzlePglite(owned, { logger }) as unknown as Db;
  const script: ScriptRunner = (fn) =>
    owned.transaction((tx) =>
      fn(async (text) => {
        const results = await tx.exec(text);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    );
  // One process owns a PGlite, and it hands notifications to listeners before the committing
  // query resolves, so this subscription can never miss one or lag behind.
  const listen = (channel: string, on: ChannelHandlers): Subscription => {
    let closed = false;
    const unlisten = owned.listen(channel, on.message).then(
      (stop) => {
        if (!closed) on.ready();
        return stop;
      },
      (e: unknown) => {
        on.lost(e);
        return undefined;
      },
    );
    return {
      reconnect() {},
      async close() {
        closed = true;
        if (owned.closed) return;
        await (await unlisten)?.().catch(() => {});
      },
    };
  };
  const notify = async (channel: string, payload: string) => {
    await owned.query('SELECT pg_notify($1, $2)', [channel, payload]);
  };
  const ping = async () => {
    await owned.query('SELECT 1');
  };
  return { db, analytics: db, kind: 'pglite', script, listen, notify, ping, poolStats: () => null, close: () => owned.close() };
}

/** pg takes a per-query `query_timeout`, which its types do not list. */
const longQuery = (text: string) => ({ text, query_timeout: LONG_DB_TIMEOUTS.queryMs }) as pg.QueryConfig;

/** Rows of a raw SQL query, the same for both drivers (both answer `{ rows }`). */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const r = (await ex.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** The first row of a raw SQL query, or undefined. */
export async function row<T>(ex: Executor, query: SQL): Promise<T | undefined> {
  return (await rows<T>(ex, query))[0];
}
