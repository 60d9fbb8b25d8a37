/**
 * Card top-ups through the Monobank jar, against a fake of the bank's personal API over real
 * HTTP: the statement reader credits a request whose code a payment's comment carries, once
 * and with the money that came; payments naming no request wait for an admin, who credits
 * them once; the webhook only brings a read forward; the bank is called once a minute at most,
 * by any number of instances; its refusals change nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type BankPayment, type DepositRequest, type Wallet } from '@zalik/contract';
import { openDatabase, row, rows, type Database } from '../src/db/client.js';
import { createDeps, createRunner, type AppDeps } from '../src/deps.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { startFakeMonobank, type FakeMonobank } from '../src/fakes/monobank.js';
import { expireDue } from '../src/modules/deposits/queries.js';
import { READ_JOB, SOON_JOB, readStatementOnce, setBankWebhook, statementReader, type ReadOutcome } from '../src/modules/deposits/monobank.js';
import { monobankApi } from '../src/ports/monobank.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { ADMIN_ID, auth, createTestContext, grantRole, login, onPostgres, type TestContext } from './helpers.js';
import { balanceUah, expectLedgerBalanced, transferCount } from './ledger-helpers.js';
import { auditRows } from './audit-helpers.js';

let bank: FakeMonobank;
let botApi: FakeBotApi;
let ctx: TestContext;
let admin: string;
let nextUser = 830_001;

const logs: { level: string; obj: object; msg?: string }[] = [];
const log = {
  info: (obj: object, msg?: string) => logs.push({ level: 'info', obj, msg }),
  warn: (obj: object, msg?: string) => logs.push({ level: 'warn', obj, msg }),
  error: (obj: object, msg?: string) => logs.push({ level: 'error', obj, msg }),
};

beforeAll(async () => {
  bank = await startFakeMonobank();
  botApi = await startFakeBotApi();
  ctx = await createTestContext({
    MONOBANK_TOKEN: bank.token,
    MONOBANK_JAR_ACCOUNT: bank.jarAccount,
    MONOBANK_API_ROOT: bank.apiRoot,
    MONOBANK_POLL_MS: '1000',
    JAR_URL: bank.jarUrl,
    BOT_API_ROOT: botApi.apiRoot,
    JOBS_POLL_MS: '50',
    RATE_LIMIT_PURCHASE: '1000/60',
  });
  admin = await login(ctx.app, { id: ADMIN_ID });
});
afterAll(async () => {
  await ctx?.close();
  await bank?.close();
  await botApi?.close();
});
afterEach(async () => {
  await expectLedgerBalanced(ctx.deps);
});

async function newStudent(): Promise<{ id: number; token: string }> {
  const id = nextUser++;
  return { id, token: await login(ctx.app, { id }) };
}

async function requestDeposit(token: string, amount: number): Promise<DepositRequest> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/transactions/request/deposit', headers: auth(token), payload: { amount, provider: 'MONOBANK' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DepositRequest>();
}

async function depositOf(token: string, id: string): Promise<DepositRequest> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/request/deposit/${id}`, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DepositRequest>();
}

/** As if the bank's minute since the last read had passed, for the app and for the bank. */
async function passMinute(db = ctx.deps.db): Promise<void> {
  await db.execute(sql`UPDATE bank_statement_reads SET read_at = read_at - interval '61 seconds'`);
  bank.resetRateLimit();
}

const reader = (deps: AppDeps = ctx.deps) => statementReader(deps)!;

async function read(): Promise<ReadOutcome> {
  await passMinute();
  return readStatementOnce({ ...reader(), log });
}

async function bankPayments(status?: string): Promise<BankPayment[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/bank-payments${status ? `?status=${status}` : ''}`, headers: auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BankPayment[]>();
}

const credit = (id: string, userTelegramId: number | string, token = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/transactions/bank-payments/${encodeURIComponent(id)}/credit`, headers: auth(token), payload: { userTelegramId } });

const receipts = (chatId: number) =>
  rows<{ dedupe_key: string; text: string }>(
    ctx.deps.db,
    sql`SELECT dedupe_key, payload->>'text' AS text FROM outbox WHERE kind = 'deposit_paid' AND chat_id = ${chatId} ORDER BY id`,
  );

const transfersKeyed = async (key: string) =>
  Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM transfers WHERE idempotency_key = ${key}`))!.n);

const monobankPaidOut = async () =>
  -Number((await row<{ b: number | string }>(ctx.deps.db, sql`SELECT balance AS b FROM account_balances WHERE code = 'external:monobank'`))!.b);

const pendingSoonJobs = async () =>
  Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM jobs WHERE name = ${SOON_JOB} AND status = 'pending'`))!.n);

describe('the jar statement reader', () => {
  it('credits a payment whose comment holds the code once, however often the statement is read', async () => {
    const s = await newStudent();
    const d = await requestDeposit(s.token, 250);
    expect(d.comment).toMatch(/^ZLK-[A-Z2-9]{5}$/);
    expect(d.paymentLink).toBe(`${bank.jarUrl}?a=250&t=${d.comment}`);
    // Typed by hand into the bank app: lower case, a space instead of the dash, words around it.
    const item = bank.pay(250, `поповнення zlk ${d.comment!.slice(4).toLowerCase()} дякую`);

    const first = await read();
    expect(first).toMatchObject({ status: 'read', matched: 1 });
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PAID', credited: 250, amount: 250 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(250);
    const history = await ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/history/user/${s.id}`, headers: auth(s.token) });
    expect(history.json()).toMatchObject([{ transactionType: 'DEPOSIT', initials: 'Поповнення', amount: 250, wallet: 'general' }]);
    expect(await receipts(s.id)).toEqual([
      { dedupe_key: `deposit_paid:MONOBANK:${item.id}`, text: `Гаманець поповнено на 250 грн (переказ на банку Monobank, код ${d.comment}). Баланс Загального гаманця: 250 грн.` },
    ]);

    const transfers = await transferCount(ctx.deps);
    for (let i = 0; i < 2; i++) expect(await read()).toMatchObject({ status: 'read', recorded: 0, matched: 0 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(250);
    expect(await transferCount(ctx.deps)).toBe(transfers);
    expect(await transfersKeyed(`deposit:MONOBANK:${item.id}`)).toBe(1);
    expect(await receipts(s.id)).toHaveLength(1);
    expect((await bankPayments('MATCHED')).find((p) => p.id === item.id)).toMatchObject({
      amount: 250, status: 'MATCHED', depositRequestId: d.id, creditedTo: null, comment: item.comment,
    });
  });

  it('credits the amount that came, not the one asked for, and a second payment with the same code as well', async () => {
    const s = await newStudent();
    const d = await requestDeposit(s.token, 250);
    bank.pay(137.5, d.comment);
    expect(await read()).toMatchObject({ matched: 1 });
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PAID', amount: 250, credited: 137.5 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(137.5);

    // The student paid the rest with the same code: money that came is never lost.
    const rest = bank.pay(112.5, d.comment);
    expect(await read()).toMatchObject({ matched: 1 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(250);
    expect((await bankPayments('MATCHED')).find((p) => p.id === rest.id)).toMatchObject({ depositRequestId: d.id });
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PAID', credited: 137.5 });
  });

  it('credits a late payment of an expired request and marks it paid', async () => {
    const s = await newStudent();
    const d = await requestDeposit(s.token, 100);
    await ctx.deps.db.execute(sql`UPDATE deposit_requests SET expires_at = now() - interval '1 minute' WHERE id = ${Number(d.id)}`);
    expect(await expireDue(ctx.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'EXPIRED' });

    bank.pay(100, `${d.comment}`);
    expect(await read()).toMatchObject({ matched: 1 });
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PAID', credited: 100 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(100);
  });

  it('leaves unmatched what names no request of the card path: no code, a refunded request, a Stars request', async () => {
    const s = await newStudent();
    await ctx.deps.db.execute(sql`INSERT INTO deposit_requests (user_id, provider, amount, stars, code, expires_at)
      VALUES (${s.id}, 'TELEGRAM_STARS', 10000, 250, 'ZLK-STAR2', now() + interval '1 hour')`);
    await ctx.deps.db.execute(sql`INSERT INTO deposit_requests (user_id, provider, amount, code, expires_at, status, credited, charge_id, paid_at, refunded_at)
      VALUES (${s.id}, 'MONOBANK', 10000, 'ZLK-REFN2', now() + interval '1 hour', 'REFUNDED', 10000, 'old-charge-refn2', now(), now())`);
    const items = [bank.pay(100, 'за курсову'), bank.pay(100, 'ZLK-STAR2'), bank.pay(100, 'ZLK-REFN2'), bank.pay(100)];
    const out = bank.withdraw(50);

    expect(await read()).toMatchObject({ recorded: 4, matched: 0 });
    const unmatched = await bankPayments('UNMATCHED');
    for (const item of items) expect(unmatched.find((p) => p.id === item.id)).toMatchObject({ status: 'UNMATCHED', amount: 100, depositRequestId: null });
    expect((await bankPayments()).some((p) => p.id === out.id)).toBe(false);
    expect(await balanceUah(ctx.deps, s.id)).toBe(0);
  });

  it('reads a full answer (500 items) on, a minute later, down to the start of its window', async () => {
    // A jar of its own: its 520 items stay out of the other tests' reads.
    const busy = await startFakeMonobank();
    const busyReader = { db: ctx.deps.db, bank: monobankApi(busy.apiRoot, busy.token), account: busy.jarAccount, log };
    const readBusy = async () => {
      await passMinute();
      busy.resetRateLimit();
      return readStatementOnce(busyReader);
    };
    try {
      expect(await readBusy()).toMatchObject({ status: 'read', items: 0 });
      const s = await newStudent();
      const d = await requestDeposit(s.token, 100);
      const start = Math.floor(Date.now() / 1000) - 600;
      // The oldest of 520 items carries the code: the newest 500 come back first.
      const coded = busy.pay(100, d.comment, { time: new Date(start * 1000) });
      for (let i = 1; i < 520; i++) busy.pay(1, `донат ${i}`, { time: new Date((start + i) * 1000) });

      expect(await readBusy()).toMatchObject({ status: 'read', items: 500, recorded: 500, more: true, matched: 0 });
      expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PENDING' });
      const paging = await row<{ page_from: Date; page_to: Date }>(ctx.deps.db, sql`SELECT page_from, page_to FROM bank_statement_reads WHERE account = ${busy.jarAccount}`);
      expect(new Date(paging!.page_to).getTime() / 1000).toBe(start + 20);

      expect(await readBusy()).toMatchObject({ status: 'read', items: 21, recorded: 20, more: false, matched: 1 });
      expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PAID', credited: 100 });
      expect((await bankPayments('MATCHED')).some((p) => p.id === coded.id)).toBe(true);
      expect(await row(ctx.deps.db, sql`SELECT page_from FROM bank_statement_reads WHERE account = ${busy.jarAccount} AND page_from IS NULL`)).toBeDefined();
      expect(busy.statementCalls().map((c) => c.status)).toEqual([200, 200, 200]);
    } finally {
      await busy.close();
    }
  });

  it('changes nothing when the bank refuses (429), fails (500) or refuses the token (403); a later read catches up', async () => {
    expect(await read()).toMatchObject({ status: 'read' });
    const s = await newStudent();
    const d = await requestDeposit(s.token, 300);
    bank.pay(300, d.comment);
    const state = () => row(ctx.deps.db, sql`SELECT cursor_at, page_from, page_to FROM bank_statement_reads WHERE account = ${bank.jarAccount}`);
    const before = await state();
    expect(before).toBeDefined();

    bank.fail(1, 500);
    expect(await read()).toMatchObject({ status: 'failed' });

    await passMinute();
    // Someone else used the bank's minute (another app with the same token).
    const other = await fetch(`${bank.apiRoot}/personal/statement/${bank.jarAccount}/${Math.floor(Date.now() / 1000) - 60}`, { headers: { 'X-Token': bank.token } });
    expect(other.status).toBe(200);
    await ctx.deps.db.execute(sql`UPDATE bank_statement_reads SET read_at = read_at - interval '61 seconds'`);
    expect(await readStatementOnce({ ...reader(), log })).toMatchObject({ status: 'failed', error: 'monobank 429: Too many requests' });

    await passMinute();
    expect(await readStatementOnce({ ...reader(), bank: monobankApi(bank.apiRoot, 'revoked-token'), log })).toMatchObject({ status: 'failed', error: expect.stringContaining('403') });

    expect(await state()).toEqual(before);
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PENDING' });
    expect(await balanceUah(ctx.deps, s.id)).toBe(0);
    expect(logs.filter((l) => l.level === 'warn').length).toBeGreaterThanOrEqual(3);

    // Through the job runner: a failing bank is logged, and the job is not marked failed.
    await passMinute();
    bank.fail(1, 500);
    await createRunner(ctx.deps, log).runDue();
    const job = await row<{ last_error: string | null; runs: number | string }>(ctx.deps.db, sql`SELECT last_error, runs FROM recurring_jobs WHERE name = ${READ_JOB}`);
    expect(job).toMatchObject({ last_error: null });
    expect(await balanceUah(ctx.deps, s.id)).toBe(0);

    expect(await read()).toMatchObject({ status: 'read', matched: 1 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(300);
  });

  it("a read due a moment before the bank's minute is up waits for it instead of skipping a whole interval", async () => {
    expect(await read()).toMatchObject({ status: 'read' });
    bank.resetRateLimit();
    await ctx.deps.db.execute(sql`UPDATE bank_statement_reads SET read_at = clock_timestamp() - interval '58.5 seconds' WHERE account = ${bank.jarAccount}`);
    expect(await readStatementOnce({ ...reader(), log })).toMatchObject({ status: 'read' });
    await ctx.deps.db.execute(sql`UPDATE bank_statement_reads SET read_at = clock_timestamp() - interval '50 seconds' WHERE account = ${bank.jarAccount}`);
    expect(await readStatementOnce({ ...reader(), log })).toMatchObject({ status: 'too-early', waitMs: expect.any(Number) });
  });

  it('two readers at once, in two app instances on one database: the bank is called once, the payment credited once', async () => {
    const s = await newStudent();
    const d = await requestDeposit(s.token, 150);
    bank.pay(150, d.comment);
    const second: Database = onPostgres ? await openDatabase({ databaseUrl: ctx.databaseUrl! }) : ctx.database;
    const deps2 = createDeps(ctx.config, second);
    try {
      await passMinute();
      const calls = bank.statementCalls().length;
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => readStatementOnce({ ...reader(i % 2 ? deps2 : ctx.deps), log })));
      expect(outcomes.filter((o) => o.status === 'read')).toHaveLength(1);
      expect(outcomes.filter((o) => o.status === 'too-early')).toHaveLength(5);
      expect(bank.statementCalls().slice(calls).map((c) => c.status)).toEqual([200]);
      expect(await balanceUah(ctx.deps, s.id)).toBe(150);
    } finally {
      await deps2.dispose();
      if (onPostgres) await second.close();
    }
  });
});

describe('the bank webhook', () => {
  const hook = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/transactions/monobank/webhook', headers, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  it("answers the bank's GET check and takes a POST quickly, whatever it says", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/transactions/monobank/webhook' })).json()).toEqual({ ok: true });
    expect((await hook({ type: 'StatementItem', data: { account: 'someone-elses-card', statementItem: {} } })).json()).toEqual({ ok: true });
    expect((await hook({})).statusCode).toBe(200);
    expect(await pendingSoonJobs()).toBe(0);

    const bad = await hook('{"type": "StatementItem", ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MSG.badJson });
    expect((await hook([1, 2])).statusCode).toBe(400);
    expect((await hook({ type: 'StatementItem', data: 'x'.repeat(20_000) })).statusCode).toBe(413);
    expect(await pendingSoonJobs()).toBe(0);
  });

  it('credits nothing from a forged notice: only the statement read that it brings forward does', async () => {
    const s = await newStudent();
    const d = await requestDeposit(s.token, 500);
    const forged = {
      type: 'StatementItem',
      data: { account: bank.jarAccount, statementItem: { id: 'forged-item-1', time: Math.floor(Date.now() / 1000), description: 'Від: Хтось', amount: 50000, comment: d.comment, balance: 50000 } },
    };
    await passMinute();
    for (let i = 0; i < 3; i++) expect((await hook(forged)).statusCode).toBe(200);
    // Many notices make one read, as soon as the bank allows.
    expect(await pendingSoonJobs()).toBe(1);
    const calls = bank.statementCalls().length;
    await createRunner(ctx.deps, log).runDue();
    expect(bank.statementCalls().length).toBe(calls + 1);
    expect(await row(ctx.deps.db, sql`SELECT id FROM bank_payments WHERE id = 'forged-item-1'`)).toBeUndefined();
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PENDING' });
    expect(await balanceUah(ctx.deps, s.id)).toBe(0);

    // A real payment, and the bank's notice of it: the read comes when the minute is up.
    bank.pay(500, d.comment);
    expect((await hook({ type: 'StatementItem', data: { account: bank.jarAccount } })).statusCode).toBe(200);
    const due = await row<{ wait: number | string }>(ctx.deps.db, sql`SELECT EXTRACT(EPOCH FROM run_at - now()) AS wait FROM jobs WHERE name = ${SOON_JOB} AND status = 'pending'`);
    expect(Number(due!.wait)).toBeGreaterThan(30);
    await passMinute();
    await ctx.deps.db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = ${SOON_JOB} AND status = 'pending'`);
    await createRunner(ctx.deps, log).runDue();
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PAID', credited: 500 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(500);
  });

  it('is set at the bank when MONOBANK_WEBHOOK is on, and the bank then posts each item to it', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const config = { ...ctx.config, publicUrl: `http://127.0.0.1:${port}`, deposits: { ...ctx.config.deposits, monobank: { ...ctx.config.deposits.monobank, webhook: true } } };
    await setBankWebhook({ config }, log);
    expect(bank.webhookUrl()).toBe(`http://127.0.0.1:${port}/api/v1/transactions/monobank/webhook`);

    const s = await newStudent();
    const d = await requestDeposit(s.token, 120);
    await passMinute();
    bank.pay(120, d.comment);
    for (let i = 0; i < 100 && (await pendingSoonJobs()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await createRunner(ctx.deps, log).runDue();
    expect(await depositOf(s.token, d.id)).toMatchObject({ status: 'PAID', credited: 120 });
  });
});

describe('bank payments for admins', () => {
  it('an admin credits an unmatched payment to a user once; a second credit, a matched one, an unknown one or user are refused', async () => {
    const s = await newStudent();
    // The bank's ids are base64: '/' and '+' must survive the path.
    const item = bank.pay(400, 'для Івана', { id: 'Ab/c+d9Qz0k=' });
    const matchedReq = await requestDeposit(s.token, 100);
    const matched = bank.pay(100, matchedReq.comment);
    expect(await read()).toMatchObject({ recorded: 2, matched: 1 });
    expect(await balanceUah(ctx.deps, s.id)).toBe(100);

    const student = await credit(item.id, s.id, s.token);
    expect(student.statusCode).toBe(403);
    const unknownUser = await credit(item.id, 999_999_001);
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json()).toEqual({ message: MSG.userNotFound });
    expect((await credit('no-such-item', s.id)).json()).toEqual({ message: MSG.bankPaymentNotFound });
    const taken = await credit(matched.id, s.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: MSG.bankPaymentTaken });
    expect((await credit(item.id, 'abc')).statusCode).toBe(400);
    expect(await balanceUah(ctx.deps, s.id)).toBe(100);

    const ok = await credit(item.id, s.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Wallet[]>()).toEqual([{ name: 'Загальний гаманець', balance: 500, kind: 'general', held: 0 }]);
    const again = await credit(item.id, s.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MSG.bankPaymentTaken });
    expect(await balanceUah(ctx.deps, s.id)).toBe(500);
    expect(await transfersKeyed(`bank-payment:${item.id}`)).toBe(1);
    expect((await bankPayments('CREDITED')).find((p) => p.id === item.id)).toMatchObject({
      status: 'CREDITED', amount: 400, creditedTo: { telegramId: String(s.id), username: `user${s.id}` }, depositRequestId: null,
    });
    expect((await bankPayments('UNMATCHED')).some((p) => p.id === item.id)).toBe(false);
    expect((await receipts(s.id)).map((r) => r.dedupe_key)).toEqual([`deposit_paid:MONOBANK:${matched.id}`, `deposit_paid:MONOBANK:${item.id}`]);
    const credited = await row<{ by: number | string; at: boolean }>(ctx.deps.db, sql`SELECT credited_by AS by, credited_at IS NOT NULL AS at FROM bank_payments WHERE id = ${item.id}`);
    expect({ by: Number(credited!.by), at: credited!.at }).toEqual({ by: ADMIN_ID, at: true });
    // One audit row, for the credit that happened; the refusals wrote none.
    expect(await auditRows(ctx.deps, 'bank.credit', `bank-payment:${item.id}`)).toEqual([
      { adminId: ADMIN_ID, target: `bank-payment:${item.id}`, userId: s.id, before: { status: 'UNMATCHED' }, after: { status: 'CREDITED', amountUah: 400 } },
    ]);
    expect(await auditRows(ctx.deps, 'bank.credit', `bank-payment:${matched.id}`)).toEqual([]);
  });

  it('two admins crediting one payment at once: one wins, the other is told it is taken', async () => {
    const [a, b] = [await newStudent(), await newStudent()];
    const second = 830_900;
    await login(ctx.app, { id: second });
    await grantRole(ctx.app, admin, second, 'ROLE_ADMIN');
    const relogged = await login(ctx.app, { id: second });
    const items = [bank.pay(250, 'без коду 1'), bank.pay(260, 'без коду 2'), bank.pay(270, 'без коду 3')];
    expect(await read()).toMatchObject({ recorded: 3 });

    for (const item of items) {
      const answers = await Promise.all([credit(item.id, a.id), credit(item.id, b.id, relogged), credit(item.id, a.id, relogged), credit(item.id, b.id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(await transfersKeyed(`bank-payment:${item.id}`)).toBe(1);
      expect(await auditRows(ctx.deps, 'bank.credit', `bank-payment:${item.id}`)).toHaveLength(1);
    }
    expect((await balanceUah(ctx.deps, a.id)) + (await balanceUah(ctx.deps, b.id))).toBe(780);
  });

  it('ledger:check notices a bank payment marked credited without its transfer', async () => {
    const s = await newStudent();
    const item = bank.pay(75, 'без коду');
    expect(await read()).toMatchObject({ recorded: 1 });
    await ctx.deps.db.execute(sql`UPDATE bank_payments SET credited_user_id = ${s.id}, credited_at = now() WHERE id = ${item.id}`);
    expect((await checkLedger(ctx.deps.db)).problems).toEqual([
      'external:monobank paid out ' + (await monobankPaidOut()) + ` kopecks but credited bank payments add up to ${(await monobankPaidOut()) + 7500}`,
      '1 matched or credited bank payments have no transfer of their amount',
    ]);
    await ctx.deps.db.execute(sql`UPDATE bank_payments SET credited_user_id = NULL, credited_at = NULL WHERE id = ${item.id}`);
  });

  it('lists the statement newest first, by status, a page at a time', async () => {
    const all = await bankPayments();
    const times = all.map((p) => p.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/transactions/bank-payments?status=UNMATCHED&page=1&limit=2', headers: auth(admin) });
    expect(page.json<BankPayment[]>()).toEqual((await bankPayments('UNMATCHED')).slice(2, 4));
    const badStatus = await ctx.app.inject({ method: 'GET', url: '/api/v1/transactions/bank-payments?status=LOST', headers: auth(admin) });
    expect(badStatus.statusCode).toBe(400);
  });
});

describe('without MONOBANK_TOKEN', () => {
  it('the jar works as before: a link with the code, nothing read from the bank, an admin records the top-up', async () => {
    const plain = await createTestContext({ JAR_URL: bank.jarUrl });
    try {
      expect(plain.deps.jobs.recurringJob(READ_JOB)).toBeUndefined();
      const me = await login(plain.app, { id: 830_777 });
      const options = await plain.app.inject({ method: 'GET', url: '/api/v1/transactions/request/deposit/options', headers: auth(me) });
      expect(options.json()).toMatchObject({ monobank: { available: true, automatic: false, jarLink: bank.jarUrl } });
      const d = await plain.app.inject({ method: 'POST', url: '/api/v1/transactions/request/deposit', headers: auth(me), payload: { amount: 100, provider: 'MONOBANK' } });
      expect(d.json()).toMatchObject({ paymentLink: expect.stringContaining('a=100&t=ZLK-'), status: 'PENDING' });
      const hook = await plain.app.inject({ method: 'POST', url: '/api/v1/transactions/monobank/webhook', payload: { type: 'StatementItem', data: {} } });
      expect(hook.statusCode).toBe(200);
      expect(await row(plain.deps.db, sql`SELECT id FROM jobs WHERE name LIKE 'deposits.%'`)).toBeUndefined();
      const adminToken = await login(plain.app, { id: ADMIN_ID });
      const topUp = await plain.app.inject({ method: 'PATCH', url: '/api/v1/wallets/deposit', headers: auth(adminToken), payload: { userTelegramId: '830777', amount: 100 } });
      expect(topUp.statusCode).toBe(200);
      await expectLedgerBalanced(plain.deps);
    } finally {
      await plain.close();
    }
  });
});
