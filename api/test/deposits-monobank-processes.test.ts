/**
 * Real API processes reading one jar through the fake bank, each with its own job runner:
 * whatever the number of processes, recurring reads every second and webhook notices posted to
 * every process, the bank is called once in its minute and a payment is credited once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DepositRequest } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { createTokenService } from '../src/lib/jwt.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { startFakeMonobank, type FakeMonobank } from '../src/fakes/monobank.js';
import { onPostgres } from './helpers.js';
import { NO_RATE_LIMITS } from './purchase-world.js';
import { processDatabase, startApiProcess, type ApiProcess, type ProcessDatabase } from './api-process.js';

const SECRET = 'monobank-process-secret-monobank-process';
const STUDENT = 7501;

let pdb: ProcessDatabase;
let bank: FakeMonobank;
let botApi: FakeBotApi;
let token: string;

/** An API process that reads the jar every second and runs due jobs every 100 ms. */
const startApi = (): Promise<ApiProcess> =>
  startApiProcess(
    {
      JWT_SECRET: SECRET,
      ...pdb.env,
      BOT_API_ROOT: botApi.apiRoot,
      MONOBANK_TOKEN: bank.token,
      MONOBANK_JAR_ACCOUNT: bank.jarAccount,
      MONOBANK_API_ROOT: bank.apiRoot,
      MONOBANK_POLL_MS: '1000',
      JOBS_POLL_MS: '100',
      ...NO_RATE_LIMITS,
    },
    { startMs: 30_000 },
  );

/** A MONOBANK request of the student, made straight in the database (the processes are not up yet). */
async function newRequest(code: string, amountKop: number): Promise<string> {
  return pdb.use(async (db) => {
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
  await pdb.use(async (db) => {
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
  await pdb.use((db) => db.execute(sql`UPDATE bank_statement_reads SET read_at = read_at - interval '61 seconds'`));
  bank.resetRateLimit();
}

beforeAll(async () => {
  pdb = await processDatabase('mono');
  bank = await startFakeMonobank();
  botApi = await startFakeBotApi();
  await pdb.use((db) => db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${STUDENT}, 'student7501')`));
  token = await createTokenService(SECRET, 3600).sign({ sub: String(STUDENT), roles: ['ROLE_USER'], ban: false });
});

afterAll(async () => {
  await bank?.close();
  await botApi?.close();
  await pdb?.drop();
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
      await api.stop();
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
      await Promise.all(apis.map((a) => a.stop()));
    }
    expect(bank.statementCalls().slice(calls).map((c) => c.status)).toEqual([200]);
    await expectCreditedOnce([`deposit:MONOBANK:${item.id}`], 25_000 + 41_050);
  }, 120_000);
});
