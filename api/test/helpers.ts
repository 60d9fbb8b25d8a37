import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sign } from '@tma.js/init-data-node';
import type { FastifyInstance } from 'fastify';
import { buildApp, createDeps, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database, type OpenOptions } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createScratchDatabase, type ScratchDatabase } from '../src/db/scratch.js';
import { leasePglite, newPglite, PG_TEMPLATE_ENV } from './setup/template.js';
import { startS3, type S3Server } from './s3.js';

export const BOT_TOKEN = '123456:test-bot-token';
export const ADMIN_ID = 900001;

/** Which database this run uses: PGlite in memory, or a fresh PostgreSQL database when DATABASE_URL is set. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Which file store tests use when they do not choose: local disk, or (TEST_BLOB_STORE=s3, the
 * `s3` project in vitest.config.ts) a bucket on an s3rver started for each test context. Read at
 * each call: a worker keeps this module from one file to the next (`isolate: false`).
 */
export const testBlobStore = (): 'local' | 's3' => (process.env.TEST_BLOB_STORE === 's3' ? 's3' : 'local');

/**
 * A throwaway PostgreSQL database on the server of DATABASE_URL, dropped by `drop()`: a copy of
 * the run's migrated template (test/setup/template.ts), or empty when `empty` or run without one.
 */
export const createPgDatabase = (opts: { empty?: boolean } = {}): Promise<ScratchDatabase> =>
  createScratchDatabase(process.env.DATABASE_URL!, 'zalik_t', opts.empty ? undefined : process.env[PG_TEMPLATE_ENV]);

/**
 * A migrated database of its own: a copy of the run's template (PGlite in memory, or a new
 * PostgreSQL database when DATABASE_URL is set). `migrate()` on it finds nothing left to do.
 */
export async function openTestDatabase(): Promise<{ database: Database; url: string | undefined; close(): Promise<void> }> {
  const pgDb = onPostgres ? await createPgDatabase() : undefined;
  const database = pgDb ? await openDatabase({ databaseUrl: pgDb.url }) : await openDatabase({ pglite: await newPglite() });
  await migrate(database);
  return {
    database,
    url: pgDb?.url,
    async close() {
      await database.close();
      await pgDb?.drop();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  database: Database;
  /** For tests that start their own API processes against the same database. */
  databaseUrl: string | undefined;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestContext(
  env: Record<string, string> = {},
  opts: Pick<OpenOptions, 'logQuery'> = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-test-'));
  const pgDb = onPostgres ? await createPgDatabase() : undefined;
  // BLOB_STORE=s3 without an endpoint: this context gets a bucket of its own.
  const s3: S3Server | undefined = (env.BLOB_STORE ?? testBlobStore()) === 's3' && !env.S3_ENDPOINT ? await startS3() : undefined;
  const config = loadConfig({
    BOT_TOKEN,
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    ADMIN_TELEGRAM_IDS: String(ADMIN_ID),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://zalik.test',
    LOG_LEVEL: 'silent',
    // Load shedding is tested on its own (metrics.test.ts); elsewhere a loaded CI machine must not trip it.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    // Panels shared for a minute would hide what a test just did; shared-panels.test.ts turns it on.
    DASHBOARD_CACHE_SECONDS: '0',
    // Likewise stored snapshots (dashboard-snapshots.test.ts turns them on): every panel computed when asked.
    DASHBOARD_REFRESH_SECONDS: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...s3?.env,
    ...env,
  });
  const lease = config.databaseUrl ? undefined : await leasePglite();
  const opened = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, timeouts: config.dbTimeouts, analytics: config.analytics, ...opts } : { pglite: lease!.pglite, ...opts },
  );
  // A leased PGlite outlives this context: the worker's next one empties and reuses it.
  const database: Database = lease ? { ...opened, close: lease.release } : opened;
  await migrate(database);
  const deps = createDeps(config, database);
  const app = await buildApp(deps, { logger: false, serveWeb: false });
  await app.ready();
  return {
    app,
    deps,
    config,
    database,
    databaseUrl: pgDb?.url,
    dataDir,
    async close() {
      await app.close();
      await deps.dispose();
      await database.close();
      await pgDb?.drop();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TgUser {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
  photo_url?: string;
}

/** initData as Telegram would sign it for this bot. */
export function signInitData(
  user: TgUser | null,
  opts: { token?: string; authDate?: Date; startParam?: string } = {},
): string {
  return sign(
    {
      ...(user ? { user: { first_name: 'Тест', ...user } } : {}),
      query_id: 'AAH-test',
      ...(opts.startParam ? { start_param: opts.startParam } : {}),
    } as Parameters<typeof sign>[0],
    opts.token ?? BOT_TOKEN,
    opts.authDate ?? new Date(),
  );
}

/** Signs a user in through the real auth endpoint and returns the bearer token. */
export async function login(app: FastifyInstance, user: TgUser, startParam?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/auth',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(signInitData({ username: `user${user.id}`, ...user }, { startParam })),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ jwt: string }>().jwt;
}

export function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Decodes a JWT's payload without checking it (the tests check what the server put in). */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

/** Grants a role through the admin API, as an admin would. */
export async function grantRole(app: FastifyInstance, adminToken: string, telegramId: number, roleName: 'ROLE_ADMIN' | 'ROLE_DEVELOPER') {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${telegramId}/roles`,
    headers: auth(adminToken),
    payload: { roleName },
  });
  if (res.statusCode !== 200) throw new Error(`grant failed: ${res.statusCode} ${res.body}`);
}
