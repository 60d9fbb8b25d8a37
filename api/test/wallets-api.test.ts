import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MIN_TOPUP_UAH, MSG, WALLET_NAMES } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { SYSTEM, post } from '../src/modules/ledger/service.js';
import { ADMIN_ID, auth, createTestContext, grantRole, login, type TestContext } from './helpers.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { balanceUah, expectLedgerBalanced, topUpApi, transferCount } from './ledger-helpers.js';

let ctx: TestContext;
let admin: string;
let student: string;
let other: string;
let dev: string;
const STUDENT = 7101;
const OTHER = 7102;
const DEV = 7103;

beforeAll(async () => {
  ctx = await createTestContext({ JAR_URL: 'https://send.monobank.ua/jar/test' });
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  student = await login(ctx.app, { id: STUDENT, username: 'stud' });
  other = await login(ctx.app, { id: OTHER, username: 'other' });
  dev = await login(ctx.app, { id: DEV, username: 'dev' });
  await grantRole(ctx.app, admin, DEV, 'ROLE_DEVELOPER');
});
afterAll(() => ctx.close());
afterEach(() => expectLedgerBalanced(ctx.deps));

const call = (method: 'GET' | 'PATCH', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...auth(token), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const deposit = (payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  call('PATCH', '/api/v1/wallets/deposit', token, payload, headers);
const wallets = (id: number, token: string) => call('GET', `/api/v1/wallets/user/${id}`, token);
const historyOf = (id: number, token: string, query = '') => call('GET', `/api/v1/transactions/history/user/${id}${query}`, token);

describe('wallets', () => {
  it('a new student has one general wallet with 0, balance a bare number', async () => {
    const res = await wallets(STUDENT, student);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ name: WALLET_NAMES.general, balance: 0, kind: 'general', held: 0 }]);
  });

  it('a developer also has the dev wallet, opened when the role was granted', async () => {
    const opened = await row(ctx.deps.db, sql`SELECT 1 AS one FROM accounts WHERE code = ${`user:${DEV}:dev`}`);
    expect(opened).toBeTruthy();
    const res = await wallets(DEV, dev);
    expect(res.json()).toEqual([
      { name: WALLET_NAMES.general, balance: 0, kind: 'general', held: 0 },
      { name: WALLET_NAMES.dev, balance: 0, kind: 'dev', pending: 0, incoming: 0, incomingFrom: null },
    ]);
  });

  it("a student cannot read another user's wallets or history; an admin can read anyone's", async () => {
    for (const res of [await wallets(OTHER, student), await historyOf(OTHER, student)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
    expect((await wallets(OTHER, other)).statusCode).toBe(200);
    expect((await historyOf(OTHER, other)).statusCode).toBe(200);
    expect((await wallets(OTHER, admin)).statusCode).toBe(200);
    expect((await historyOf(OTHER, admin)).statusCode).toBe(200);
  });

  it('answers 404 in Ukrainian for a user who does not exist', async () => {
    const res = await wallets(123456789, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.userNotFound);
  });

  it('gives the jar link and the 100 UAH minimum', async () => {
    const res = await call('GET', '/api/v1/wallets/jar', student);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ link: 'https://send.monobank.ua/jar/test', minAmount: MIN_TOPUP_UAH });
  });
});

describe('deposit', () => {
  it('an admin tops up a general wallet (numeric strings too) and gets the wallets back', async () => {
    const res = await deposit({ userTelegramId: STUDENT, amount: 300 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ name: WALLET_NAMES.general, balance: 300, kind: 'general', held: 0 }]);
    await topUpApi(ctx.app, admin, STUDENT, '20.50');
    expect((await wallets(STUDENT, student)).json()[0].balance).toBe(320.5);
  });

  it.each([0, -5, 'abc', 1.005, '1.005', '', null, 100_000.01, 'Infinity'])('refuses amount %s with a Ukrainian 400 and changes nothing', async (amount) => {
    const before = await transferCount(ctx.deps);
    const balance = await balanceUah(ctx.deps, STUDENT);
    const res = await deposit({ userTelegramId: STUDENT, amount });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[А-Яа-яІіЇї]/);
    expect(await transferCount(ctx.deps)).toBe(before);
    expect(await balanceUah(ctx.deps, STUDENT)).toBe(balance);
  });

  it('refuses a student, and an unknown user', async () => {
    const before = await transferCount(ctx.deps);
    const asStudent = await deposit({ userTelegramId: STUDENT, amount: 100 }, student);
    expect(asStudent.statusCode).toBe(403);
    const unknown = await deposit({ userTelegramId: 555555555, amount: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.userNotFound);
    expect(await transferCount(ctx.deps)).toBe(before);
  });

  it('credits once per Idempotency-Key, and refuses the key for a different top-up', async () => {
    const start = await balanceUah(ctx.deps, OTHER);
    const headers = { 'idempotency-key': 'topup-key-0001' };
    const results = await Promise.all([1, 2, 3].map(() => deposit({ userTelegramId: OTHER, amount: 150 }, admin, headers)));
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(await balanceUah(ctx.deps, OTHER)).toBe(start + 150);
    const reused = await deposit({ userTelegramId: OTHER, amount: 999 }, admin, headers);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(MSG.idempotencyKeyReused);
    const bad = await deposit({ userTelegramId: OTHER, amount: 150 }, admin, { 'idempotency-key': 'no spaces allowed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.idempotencyKeyInvalid);
    expect(await balanceUah(ctx.deps, OTHER)).toBe(start + 150);
  });
});

describe('transaction history', () => {
  const HIST = 7201;
  let hist: string;

  beforeAll(async () => {
    hist = await login(ctx.app, { id: HIST, username: 'hist' });
    // Seven top-ups in order: 101..107 UAH.
    for (let i = 1; i <= 7; i++) await topUpApi(ctx.app, admin, HIST, 100 + i);
  });

  it('is a plain array, newest first, page size 5, stable pages', async () => {
    const first = await historyOf(HIST, hist, '?page=0&limit=5');
    expect(first.statusCode).toBe(200);
    const rows = first.json<{ transactionId: string; transactionType: string; initials: string; createdTimeStamp: string; amount: number }[]>();
    expect(rows.map((r) => r.amount)).toEqual([107, 106, 105, 104, 103]);
    expect(rows[0]).toEqual({
      transactionId: expect.stringMatching(/^\d+$/),
      transactionType: 'DEPOSIT',
      initials: 'Поповнення',
      createdTimeStamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      amount: 107,
      wallet: 'general',
    });
    const second = await historyOf(HIST, hist, '?page=1&limit=5');
    expect(second.json<{ amount: number }[]>().map((r) => r.amount)).toEqual([102, 101]);
    expect((await historyOf(HIST, hist, '?page=2&limit=5')).json()).toEqual([]);
    expect((await historyOf(HIST, hist)).json()).toHaveLength(5);
  });

  it('pages one after another (keyset) exactly as the whole list, moves between own wallets and one-transaction ties included', async () => {
    const KEYS = 7202;
    const keysToken = await login(ctx.app, { id: KEYS, username: 'keys' });
    await grantRole(ctx.app, admin, KEYS, 'ROLE_DEVELOPER');
    await topUpApi(ctx.app, admin, KEYS, 300);
    // One transaction: equal created_at; two moves between the user's own wallets (each listed
    // twice, outgoing then incoming), and one in from the referral account.
    await ctx.deps.db.transaction(async (tx) => {
      const general = { user: KEYS, wallet: 'general' } as const;
      const devWallet = { user: KEYS, wallet: 'dev' } as const;
      await post(tx, [{ from: general, to: devWallet, amount: 1000, kind: 'TOPUP', key: 'keys:1', reference: 'test:keys' }]);
      await post(tx, [{ from: devWallet, to: general, amount: 500, kind: 'TOPUP', key: 'keys:2', reference: 'test:keys' }]);
      await post(tx, [{ from: { system: SYSTEM.referral }, to: general, amount: 700, kind: 'REFERRAL_BONUS', key: 'keys:3', reference: `referral:${KEYS}` }]);
    });
    for (let i = 1; i <= 4; i++) await topUpApi(ctx.app, admin, KEYS, 100 + i);
    const rowsOf = async (query: string) => (await historyOf(KEYS, keysToken, query)).json<{ transactionId: string; amount: number; wallet: string }[]>();
    const whole = await rowsOf('?limit=50');
    expect(whole).toHaveLength(10);

    for (const limit of [2, 3]) {
      // A jump first (no page before it was served: OFFSET), then page after page (keyset).
      const jumped = await rowsOf(`?page=2&limit=${limit}`);
      expect(jumped).toEqual(whole.slice(2 * limit, 3 * limit));
      const pages = [];
      for (let page = 0; page * limit < whole.length + limit; page++) pages.push(...(await rowsOf(`?page=${page}&limit=${limit}`)));
      expect(pages).toEqual(whole);
    }
  });

  it('continues after the row the previous page ended on when money arrives in between (nothing shown twice)', async () => {
    const LIVE = 7203;
    const liveToken = await login(ctx.app, { id: LIVE, username: 'live' });
    for (let i = 1; i <= 4; i++) await topUpApi(ctx.app, admin, LIVE, 100 + i);
    const amounts = async (query: string) => (await historyOf(LIVE, liveToken, query)).json<{ amount: number }[]>().map((r) => r.amount);
    expect(await amounts('?page=0&limit=2')).toEqual([104, 103]);
    await topUpApi(ctx.app, admin, LIVE, 150);
    expect(await amounts('?page=1&limit=2')).toEqual([102, 101]);
  });

  it.each(['?page=-1', '?limit=0', '?limit=51', '?page=abc', '?limit=2.5'])('refuses %s with a Ukrainian 400', async (q) => {
    const res = await historyOf(HIST, hist, q);
    expect(res.statusCode).toBe(400);
    expect([MSG.pageInvalid, MSG.limitInvalid]).toContain(res.json().message);
  });

  it('is empty for a user without transfers', async () => {
    expect((await historyOf(OTHER + 1000, admin)).json()).toEqual([]);
  });

  it('labels purchases, sales, refunds and bonuses, with both wallets of a developer', async () => {
    const BUYER = 7301;
    const SELLER = 7302;
    await login(ctx.app, { id: BUYER, username: 'buyer' });
    const seller = await login(ctx.app, { id: SELLER, username: 'seller' });
    await grantRole(ctx.app, admin, SELLER, 'ROLE_DEVELOPER');
    await topUpApi(ctx.app, admin, BUYER, 500);
    await topUpApi(ctx.app, admin, SELLER, 50);
    const subject = await makeSubject(ctx.deps.db);
    const teacher = await makeTeacher(ctx.deps.db, subject);
    const task = await makeTask(ctx.deps.db, { teacherId: teacher, developerId: SELLER, title: 'Курсова робота', price: 120 });

    // What the orders module does with `post`: purchase into escrow, then delivery or refund.
    const order = async (status: string) =>
      (await row<{ id: number }>(
        ctx.deps.db,
        sql`INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, task_title, subject_name, teacher_name,
                                developer_name, auto_generate, full_price, price, status)
            VALUES (${BUYER}, ${task}, ${SELLER}, ${`k-${Math.random()}`}, 'Курсова робота', 'Вища математика', 'Іваненко І. І.',
                    'seller', false, 12000, 12000, ${status}) RETURNING id`,
      ))!.id;
    const delivered = await order('DONE');
    const refunded = await order('REFUNDED');
    await ctx.deps.db.transaction(async (tx) => {
      const buyer = { user: BUYER, wallet: 'general' } as const;
      const escrow = { system: SYSTEM.escrow } as const;
      for (const id of [delivered, refunded]) {
        await post(tx, [{ from: buyer, to: escrow, amount: 12000, kind: 'PURCHASE', key: `order:${id}:charge`, reference: `order:${id}` }]);
      }
      await post(tx, [{ from: escrow, to: { user: SELLER, wallet: 'dev' }, amount: 12000, kind: 'SALE', key: `order:${delivered}:sale`, reference: `order:${delivered}` }]);
      await post(tx, [{ from: escrow, to: buyer, amount: 12000, kind: 'REFUND', key: `order:${refunded}:refund`, reference: `order:${refunded}` }]);
      await post(tx, [{ from: { system: SYSTEM.referral }, to: buyer, amount: 10000, kind: 'REFERRAL_BONUS', key: `referral-bonus:${BUYER}`, reference: `referral:${BUYER}` }]);
    });

    const buyerRows = (await historyOf(BUYER, admin, '?limit=50')).json<{ transactionType: string; initials: string; amount: number }[]>();
    expect(buyerRows.map((r) => [r.transactionType, r.initials, r.amount])).toEqual([
      ['DEPOSIT', 'Бонус за запрошення', 100],
      ['DEPOSIT', 'Повернення коштів: Курсова робота', 120],
      ['PURCHASE', 'Покупка: Курсова робота', 120],
      ['PURCHASE', 'Покупка: Курсова робота', 120],
      ['DEPOSIT', 'Поповнення', 500],
    ]);
    expect(await balanceUah(ctx.deps, BUYER)).toBe(500 - 120 + 100);

    const sellerRows = (await historyOf(SELLER, seller)).json<{ transactionType: string; initials: string; amount: number; wallet: string }[]>();
    expect(sellerRows.map((r) => [r.transactionType, r.initials, r.amount, r.wallet])).toEqual([
      ['DEPOSIT', 'Продаж: Курсова робота', 120, 'dev'],
      ['DEPOSIT', 'Поповнення', 50, 'general'],
    ]);
    const devOnly = (await historyOf(SELLER, seller, '?wallet=dev')).json<{ wallet: string }[]>();
    expect(devOnly.map((r) => r.wallet)).toEqual(['dev']);
    expect((await wallets(SELLER, seller)).json()).toEqual([
      { name: WALLET_NAMES.general, balance: 50, kind: 'general', held: 0 },
      { name: WALLET_NAMES.dev, balance: 120, kind: 'dev', pending: 0, incoming: 0, incomingFrom: null },
    ]);
  });
});
