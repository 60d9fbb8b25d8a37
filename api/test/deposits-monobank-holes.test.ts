/**
 * Issue 22, findings 4 and 7 (bank part): one statement item that cannot be stored stopped card
 * top-ups for ever; an item in another currency was credited as hryvnias; an item dated before
 * the reads' overlap was never recorded. Against the fake bank over real HTTP.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type BankPayment, type DepositRequest } from '@zalik/contract';
import { startFakeMonobank, type FakeMonobank } from '../src/fakes/monobank.js';
import { readStatementOnce, statementReader, type ReadOutcome } from '../src/modules/deposits/monobank.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { balanceUah, expectLedgerBalanced } from './ledger-helpers.js';

let bank: FakeMonobank;
let ctx: TestContext;
let admin: string;
let nextUser = 860_001;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  bank = await startFakeMonobank();
  ctx = await createTestContext({
    MONOBANK_TOKEN: bank.token,
    MONOBANK_JAR_ACCOUNT: bank.jarAccount,
    MONOBANK_API_ROOT: bank.apiRoot,
    JAR_URL: bank.jarUrl,
    RATE_LIMIT_PURCHASE: '1000/60',
  });
  admin = await login(ctx.app, { id: ADMIN_ID });
});
afterAll(async () => {
  await ctx?.close();
  await bank?.close();
});
afterEach(async () => {
  await expectLedgerBalanced(ctx.deps);
});

async function student(): Promise<{ id: number; token: string }> {
  const id = nextUser++;
  return { id, token: await login(ctx.app, { id }) };
}

async function requestDeposit(token: string, amount: number): Promise<DepositRequest> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/transactions/request/deposit', headers: auth(token), payload: { amount, provider: 'MONOBANK' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DepositRequest>();
}

async function read(): Promise<ReadOutcome> {
  await ctx.deps.db.execute(sql`UPDATE bank_statement_reads SET read_at = read_at - interval '61 seconds'`);
  bank.resetRateLimit();
  return readStatementOnce({ ...statementReader(ctx.deps)!, log: silent });
}

/** Reads until the window is read to its end (a full answer pages on). */
async function readAll(): Promise<void> {
  for (let i = 0; i < 5; i++) if (!((await read()) as { more?: boolean }).more) return;
}

async function listed(id: string, status = 'UNMATCHED'): Promise<BankPayment | undefined> {
  for (let page = 0; page < 20; page++) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/bank-payments?status=${status}&limit=50&page=${page}`, headers: auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<BankPayment[]>();
    const hit = found.find((p) => p.id === id);
    if (hit || found.length < 50) return hit;
  }
  return undefined;
}

const credit = (id: string, userTelegramId: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/transactions/bank-payments/${encodeURIComponent(id)}/credit`, headers: auth(admin), payload: { userTelegramId } });

describe('items the reader cannot credit by itself', () => {
  it('quarantines an item with a NUL inside a full 500-item page, credits the valid payment beside it, and reads on', async () => {
    await readAll();
    const s = await student();
    const d = await requestDeposit(s.token, 150);
    const at = new Date(Date.now() - 60_000);
    for (let i = 0; i < 497; i++) bank.pay(1, `кава ${i}`, { time: at });
    const bad = bank.pay(100, `ZLK\u0000 кава`, { time: at });
    bank.payRaw({ id: 'odd-shape', time: Math.floor(at.getTime() / 1000), amount: 'сто', comment: 'x\u0000y' }, at);
    bank.pay(150, d.comment!, { time: at });

    const first = await read();
    expect(first).toMatchObject({ status: 'read', items: 500 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(150);
    const held = await listed(bad.id);
    expect(held).toMatchObject({ hold: 'QUARANTINED', status: 'UNMATCHED', amount: 100 });
    expect(held!.raw).toContain(bad.id);
    expect(held!.raw).not.toContain('\u0000');
    expect(held!.raw).not.toContain('\\u0000');
    expect(await listed('odd-shape')).toMatchObject({ hold: 'QUARANTINED', amount: 0 });
    expect((await credit(bad.id, s.id)).json()).toEqual({ message: MSG.bankPaymentHeld });

    // The reader moved on: a later payment with a valid code is credited within a few reads.
    await readAll();
    const d2 = await requestDeposit(s.token, 200);
    bank.pay(200, d2.comment!);
    await readAll();
    expect(await balanceUah(ctx.deps, s.id)).toBe(350);
  });

  it('records a payment in another currency without crediting it, for an admin', async () => {
    const s = await student();
    const d = await requestDeposit(s.token, 100);
    const usd = bank.pay(100, d.comment!, { currencyCode: 840 });
    await readAll();
    expect(await balanceUah(ctx.deps, s.id)).toBe(0);
    expect(await listed(usd.id)).toMatchObject({ hold: 'FOREIGN_CURRENCY', currencyCode: 840, status: 'UNMATCHED', depositRequestId: null });
    const refused = await credit(usd.id, s.id);
    expect(refused.statusCode).toBe(409);
    expect(await balanceUah(ctx.deps, s.id)).toBe(0);
  });

  it('leaves a comment naming two top-up codes to an admin, who may credit it', async () => {
    const s = await student();
    const [a, b] = [await requestDeposit(s.token, 100), await requestDeposit(s.token, 100)];
    const both = bank.pay(200, `${a.comment} ${b.comment}`);
    await readAll();
    expect(await balanceUah(ctx.deps, s.id)).toBe(0);
    expect(await listed(both.id)).toMatchObject({ hold: 'SEVERAL_CODES', currencyCode: 980 });
    expect((await credit(both.id, s.id)).statusCode).toBe(200);
    expect(await balanceUah(ctx.deps, s.id)).toBe(200);
  });

  it('records, by its id, an item that shows up dated before the overlap of the reads', async () => {
    const s = await student();
    const d = await requestDeposit(s.token, 120);
    // The reader has been running for a day (it never looks back before it started).
    await ctx.deps.db.execute(sql`UPDATE bank_statement_reads SET since = since - interval '1 day'`);
    await readAll();
    const late = bank.pay(120, d.comment!, { time: new Date(Date.now() - 40 * 60_000) });
    await readAll();
    expect(await balanceUah(ctx.deps, s.id)).toBe(0);
    // The minute's reads start 15 minutes back: the next look-back read (hourly) finds it.
    await ctx.deps.db.execute(sql`UPDATE bank_statement_reads SET swept_at = swept_at - interval '2 hours'`);
    await readAll();
    expect(await balanceUah(ctx.deps, s.id)).toBe(120);
    await readAll();
    await ctx.deps.db.execute(sql`UPDATE bank_statement_reads SET swept_at = swept_at - interval '2 hours'`);
    await readAll();
    expect(await balanceUah(ctx.deps, s.id)).toBe(120);
    expect(await listed(late.id, 'MATCHED')).toMatchObject({ amount: 120, status: 'MATCHED', depositRequestId: d.id });
  });
});
