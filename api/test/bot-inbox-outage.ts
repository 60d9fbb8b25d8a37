import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DepositRequest } from '@zalik/contract';
import { openDatabase, rows, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { createTokenService } from '../src/lib/jwt.js';
import { startApiProcess, sleep, waitFor, type ApiProcess } from './api-process.js';
import { BOT_TOKEN, createPgDatabase } from './helpers.js';
import { TcpProxy, proxyTo } from './tcp-proxy.js';

const SECRET = 'inbox-outage-secret-inbox-outage-secret';

/**
 * An API process long-polling a fake Bot API, its PostgreSQL behind a TCP proxy the test can
 * cut, and a direct connection to that database for checking what was credited.
 */
export interface OutageWorld {
  fake: FakeBotApi;
  proxy: TcpProxy;
  api: ApiProcess;
  database: Database;
  /** Lines of the API's log that say an update could not be stored (the fault was hit). */
  storeFailures(): number;
  /** What a failed check prints: the inbox's rows and the API's last log lines. */
  diagnosis(): Promise<string>;
  /** Creates a Stars top-up of `amount` UAH for `userId` through the API. */
  deposit(userId: number, amount: number): Promise<DepositRequest>;
  status(userId: number, id: string): Promise<string>;
  /** Every successful_payment Telegram hands out from now on comes with the database away for `ms`. */
  cutAroundPayments(ms: number): void;
  /** Resolves once the last cut has ended. */
  cutsDone(): Promise<void>;
  close(): Promise<void>;
}

export async function startOutageWorld(userIds: number[]): Promise<OutageWorld> {
  const pgDb = await createPgDatabase();
  const direct = await openDatabase({ databaseUrl: pgDb.url });
  await migrate(direct);
  for (const id of userIds) await direct.db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${id}, ${`u${id}`})`);

  const { proxy, url: viaProxy } = await proxyTo(pgDb.url);

  const fake = await startFakeBotApi(BOT_TOKEN);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-inbox-'));
  let storeFailures = 0;
  const logTail: string[] = [];
  const api = await startApiProcess(
    { JWT_SECRET: SECRET, DATA_DIR: dataDir, DATABASE_URL: viaProxy, BOT_API_ROOT: fake.apiRoot, LOG_LEVEL: 'warn' },
    {
      onLine: (line) => {
        if (line.includes('bot updates could not be stored')) storeFailures++;
        logTail.push(line.slice(0, 600));
        if (logTail.length > 60) logTail.shift();
      },
    },
  );
  const signer = createTokenService(SECRET, 3600);
  const headers = async (userId: number) => ({
    authorization: `Bearer ${await signer.sign({ sub: String(userId), roles: ['ROLE_USER'], ban: false })}`,
    'content-type': 'application/json',
  });

  let cuts: Promise<void> = Promise.resolve();
  return {
    fake,
    proxy,
    api,
    database: direct,
    storeFailures: () => storeFailures,
    async diagnosis() {
      const inbox = await rows(
        direct.db,
        sql`SELECT update_id, attempts, processed_at, failed_at, next_attempt_at, last_error, now() AS now FROM bot_inbox ORDER BY update_id`,
      );
      return [JSON.stringify(inbox), ...logTail].join('\n');
    },
    async deposit(userId, amount) {
      const res = await fetch(`${api.url}/api/v1/transactions/request/deposit`, {
        method: 'POST',
        headers: await headers(userId),
        body: JSON.stringify({ amount, provider: 'TELEGRAM_STARS' }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as DepositRequest;
    },
    async status(userId, id) {
      const res = await fetch(`${api.url}/api/v1/transactions/request/deposit/${id}`, { headers: await headers(userId) });
      return res.ok ? ((await res.json()) as DepositRequest).status : `HTTP ${res.status}`;
    },
    cutAroundPayments(ms) {
      fake.deliverTo((update) => {
        if (!(update.message as { successful_payment?: unknown } | undefined)?.successful_payment) {
          fake.pushUpdate(update);
          return;
        }
        // The database goes away just before the payment is handed out, and comes back `ms` later.
        cuts = (async () => {
          await proxy.stop();
          fake.pushUpdate(update);
          await sleep(ms);
          await proxy.start();
        })();
      });
    },
    cutsDone: () => cuts,
    async close() {
      await api.stop();
      await proxy.stop();
      await fake.close();
      await direct.close();
      await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const waitPaid = (w: OutageWorld, userId: number, id: string, ms = 30_000) =>
  waitFor(`top-up ${id} of ${userId} to be paid`, async () => (await w.status(userId, id)) === 'PAID', { ms, alive: [w.api] });
