/**
 * Real API processes reading one jar through the fake bank, each with its own job runner:
 * whatever the number of processes, recurring reads every second and webhook notices posted to
 * every process, the bank is called once in its minute and a payment is credited once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DepositRequest } from '@zalik/contract';
import { openDatabase, row, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createTokenService } from '../src/lib/jwt.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { startFakeMonobank, type FakeMonobank } from '../src/fakes/monobank.js';
import { BOT_TOKEN, createPgDatabase, onPostgres } from './helpers.js';
import { NO_RATE_LIMITS } from './purchase-world.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRET = 'monobank-process-secret-monobank-process';
const STUDENT = 7501;

let dataDir: string;
let pgDb: { url: string; drop(): Promise<void> } | undefined;
let bank: FakeMonobank;
let botApi: FakeBotApi;
let token: string;

const open = (): Promise<Database> => openDatabase(pgDb ? { databaseUrl: pgDb.url } : { dataDir });

async function withDb<T>(fn: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startApi(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      BOT_TOKEN,
      JWT_SECRET: SECRET,
      DATA_DIR: dataDir,
      DATABASE_URL: pgDb?.url ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: '',
      BOT_API_ROOT: botApi.apiRoot,
      MONOBANK_TOKEN: bank.token,
      MONOBANK_JAR_ACCOUNT: bank.jarAccount,
      MONOBANK_API_ROOT: bank.apiRoot,
      MONOBANK_POLL_MS: '1000',
      JOBS_POLL_MS: '100',
      ...NO_RATE_LIMITS,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    const up = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (up) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('API did not start');
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }
};

/** A MONOBANK request of the student, made straight in the database (the processes are not up yet). */
async function newRequest(code: string, amountKop: number): Promise<string> {
  return withDb(async (db) => {
    const r = await row<{ id: number | string }>(
      db,
      sql`INSERT INTO deposit_requests (user_id, provider, amount, code, payment_link, expires_at)
          VALUES (${STUDENT}, 'MONOBANK', ${amountKop}, ${code}, ${`${bank.jarUrl}?t=${code}`}, now() + interval '1 hour') RETURNING id`,
    );
    return String(r!.id);
  });
}

const depositOf = (url: string, id: string) =>
  fetch(`${url}/api/v1/transactions/request/deposit/${id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<DepositRequest>);

const webhook = (url: string) =>
  fetch(`${url}/api/v1/transactions/monobank/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'StatementItem', data: { account: bank.jarAccount, statementItem: { id: 'hint' } } }),
  }).then((r) => r.status);

/** Runs the processes until the request is paid and for a few more polls of each, posting the webhook to all of them. */
async function runUntilPaid(urls: string[], id: string): Promise<DepositRequest> {
  let paid: DepositRequest | undefined;
  for (let i = 0; i < 200 && !paid; i++) {
    expect(await Promise.all(urls.map(webhook))).toEqual(urls.map(() => 200));
    const d = await depositOf(urls[i % urls.length]!, id);
    if (d.status === 'PAID') paid = d;
    else await new Promise((r) => setTimeout(r, 100));
  }
  // More occurrences of the recurring read and more notices: none may call the bank within its minute.
  for (let i = 0; i < 10; i++) {
    await Promise.all(urls.map(webhook));
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(paid).toBeDefined();
  return paid!;
}

async function expectCreditedOnce(chargeKeys: string[], balanceKop: number) {
  await withDb(async (db) => {
    expect((await checkLedger(db)).problems).toEqual([]);
    for (const key of chargeKeys) {
      const n = await row<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM transfers WHERE idempotency_key = ${key}`);
      expect(Number(n!.n)).toBe(1);
    }
    const wallet = await row<{ balance: number | string }>(db, sql`SELECT balance FROM account_balances WHERE code = ${`user:${STUDENT}:general`}`);
    expect(Number(wallet!.balance)).toBe(balanceKop);
  });
}

/** As if the bank's minute had passed since the last read, for the app and for the bank. */
async function passMinute() {
  await withDb((db) => db.execute(sql`UPDATE bank_statement_reads SET read_at = read_at - interval '61 seconds'`));
  bank.resetRateLimit();
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-mono-'));
  pgDb = onPostgres ? await createPgDatabase() : undefined;
  bank = await startFakeMonobank();
  botApi = await startFakeBotApi();
  const database = await open();
  try {
    await migrate(database);
    await database.db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${STUDENT}, 'student7501')`);
  } finally {
    await database.close();
  }
  token = await createTokenService(SECRET, 3600).sign({ sub: String(STUDENT), roles: ['ROLE_USER'], ban: false });
});

afterAll(async () => {
  await bank?.close();
  await botApi?.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('API processes reading the jar', () => {
  it('one process: a payment is credited once, the bank is called once in its minute', async () => {
    const id = await newRequest('ZLK-PRC2A', 25_000);
    const item = bank.pay(250, 'ZLK-PRC2A');
    const calls = bank.statementCalls().length;
    const api = await startApi();
    try {
      expect(await runUntilPaid([api.url], id)).toMatchObject({ status: 'PAID', credited: 250 });
    } finally {
      await stop(api.child);
    }
    expect(bank.statementCalls().slice(calls).map((c) => c.status)).toEqual([200]);
    await expectCreditedOnce([`deposit:MONOBANK:${item.id}`], 25_000);
  }, 120_000);

  // PGlite is one process's embedded database (its data directory is never opened twice), so
  // several API processes exist only on PostgreSQL; deposits-monobank.test.ts covers two app
  // instances on one database in one process on both.
  if (onPostgres) it('three processes on one PostgreSQL: one bank call in its minute, the payment credited once', async () => {
    await passMinute();
    const id = await newRequest('ZLK-PRC2B', 40_000);
    const item = bank.pay(410.5, 'оплата ZLK-PRC2B');
    const calls = bank.statementCalls().length;
    const apis = await Promise.all([startApi(), startApi(), startApi()]);
    try {
      expect(await runUntilPaid(apis.map((a) => a.url), id)).toMatchObject({ status: 'PAID', credited: 410.5 });
    } finally {
      await Promise.all(apis.map((a) => stop(a.child)));
    }
    expect(bank.statementCalls().slice(calls).map((c) => c.status)).toEqual([200]);
    await expectCreditedOnce([`deposit:MONOBANK:${item.id}`], 25_000 + 41_050);
  }, 120_000);
});
