import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, formatUah, type FeedPage, type Withdrawal, type WithdrawQueueItem } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { SYSTEM } from '../src/modules/ledger/service.js';
import { loadConfig } from '../src/config.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { balanceUah, expectLedgerBalanced, systemKopecks, transferCount } from './ledger-helpers.js';
import { CARD, TRON, payoutCalls } from './payout-helpers.js';

let ctx: TestContext;
let admin: string;
let student: string;
let api: ReturnType<typeof payoutCalls>;
let nextId = 8100;
const STUDENT = 8001;

beforeAll(async () => {
  ctx = await createTestContext();
  api = payoutCalls(ctx);
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  student = await login(ctx.app, { id: STUDENT, username: 'stud' });
});
afterAll(() => ctx.close());
afterEach(() => expectLedgerBalanced(ctx.deps));

const developer = (uah: number) => api.developer(admin, nextId++, uah);
const sealedOf = (id: number) => row<{ sealed: string; masked: string; type: string }>(ctx.deps.db, sql`SELECT sealed, masked, type FROM payout_details WHERE user_id = ${id}`);

describe('saved payout details', () => {
  it('saves a card sealed at rest and shows it masked in the wallet list', async () => {
    const d = await developer(0);
    const walletId = await api.devWalletId(d);
    const res = await api.saveDetails(d.token, { walletId, paymentDetails: '4111 1111 1111 1111', paymentDetailsType: 'BANK_CARD' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: walletId, walletType: 'DEVELOPER', paymentDetails: '•••• 1111', paymentDetailsType: 'BANK_CARD', balance: 0 });
    const stored = await sealedOf(d.id);
    expect(stored).toMatchObject({ masked: '•••• 1111', type: 'CARD' });
    expect(stored!.sealed).toMatch(/^v1:/);
    // Nowhere in the database is the number in clear.
    const clear = await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM payout_details WHERE sealed LIKE ${`%${CARD}%`} OR masked LIKE ${`%${CARD}%`}`);
    expect(Number(clear!.n)).toBe(0);

    const list = await api.wallets(d.token, d.id);
    expect(list.map((w) => w.walletType).sort()).toEqual(['DEFAULT', 'DEVELOPER']);
    expect(list.find((w) => w.walletType === 'DEFAULT')).toMatchObject({ paymentDetails: null, paymentDetailsType: null, balance: 0 });
    // The older clients' list keeps its shape.
    const old = (await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/user/${d.id}`, headers: auth(d.token) })).json();
    expect(old.map((w: { name: string }) => w.name)).toEqual(['Загальний гаманець', 'Dev гаманець']);
  });

  it('saves a USDT TRC-20 address, and CARD is taken as BANK_CARD', async () => {
    const d = await developer(0);
    const walletId = await api.devWalletId(d);
    const crypto = await api.saveDetails(d.token, { walletId, paymentDetails: ` ${TRON} `, paymentDetailsType: 'CRYPTO' });
    expect(crypto.json()).toMatchObject({ paymentDetails: 'TQn9…bLSE', paymentDetailsType: 'CRYPTO' });
    const card = await api.saveDetails(d.token, { walletId: Number(walletId), paymentDetails: '5555555555554444', paymentDetailsType: 'CARD' });
    expect(card.json()).toMatchObject({ paymentDetails: '•••• 4444', paymentDetailsType: 'BANK_CARD' });
  });

  it.each([
    [{ paymentDetails: '4111 1111 1111 1112', paymentDetailsType: 'BANK_CARD' }, MSG.cardInvalid],
    [{ paymentDetails: TRON.replace('T', 'X'), paymentDetailsType: 'CRYPTO' }, MSG.cryptoAddressInvalid('USDT (TRC-20)')],
    [{ paymentDetails: `${TRON}0`, paymentDetailsType: 'CRYPTO' }, MSG.cryptoAddressInvalid('USDT (TRC-20)')],
    [{ paymentDetails: '   ', paymentDetailsType: 'BANK_CARD' }, MSG.payoutDetailsEmpty],
    [{ paymentDetails: CARD, paymentDetailsType: 'PAYPAL' }, MSG.payoutDetailsType],
    [{ paymentDetails: CARD }, MSG.payoutDetailsType],
  ])('refuses %j with its message and keeps what was saved', async (body, message) => {
    const d = await developer(0);
    const walletId = await api.devWalletId(d);
    await api.saveDetails(d.token, { walletId, paymentDetails: CARD, paymentDetailsType: 'BANK_CARD' });
    const before = await sealedOf(d.id);
    const res = await api.saveDetails(d.token, { walletId, ...body });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await sealedOf(d.id)).toEqual(before);
  });

  it("refuses another developer's wallet, a general wallet and students", async () => {
    const [a, b] = [await developer(0), await developer(0)];
    const bWallet = await api.devWalletId(b);
    const foreign = await api.saveDetails(a.token, { walletId: bWallet, paymentDetails: CARD, paymentDetailsType: 'BANK_CARD' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, MSG.walletNotFound]);
    const general = (await api.wallets(a.token, a.id)).find((w) => w.walletType === 'DEFAULT')!.id;
    const notDev = await api.saveDetails(a.token, { walletId: general, paymentDetails: CARD, paymentDetailsType: 'BANK_CARD' });
    expect([notDev.statusCode, notDev.json().message]).toEqual([400, MSG.walletNotDev]);
    expect((await api.saveDetails(student, { walletId: general, paymentDetails: CARD, paymentDetailsType: 'BANK_CARD' })).statusCode).toBe(403);
    expect(await sealedOf(a.id)).toBeUndefined();
    expect(await sealedOf(b.id)).toBeUndefined();
    // Someone else's wallet list is an admin's business only.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/${b.id}`, headers: auth(a.token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/${b.id}`, headers: auth(admin) })).statusCode).toBe(200);
  });
});

describe('withdrawal rules', () => {
  it('refuses dust, anything under the minimum and a request without details, changing nothing', async () => {
    const d = await developer(5000);
    const walletId = await api.devWalletId(d);
    const before = await transferCount(ctx.deps);
    const none = await api.withdraw(d.token, { amount: 1000, encodedWalletId: walletId });
    expect([none.statusCode, none.json().message]).toEqual([400, MSG.payoutDetailsMissing]);
    await api.saveDetails(d.token, { walletId, paymentDetails: CARD, paymentDetailsType: 'BANK_CARD' });
    for (const amount of [0.01, '0.01', 999.99]) {
      const res = await api.withdraw(d.token, { amount, encodedWalletId: walletId });
      expect([res.statusCode, res.json().message]).toEqual([400, MSG.withdrawBelowMin(1000)]);
    }
    // 1 500 dust requests at once: each refused by the minimum or, past the rate limit, unread; no work for admins, no notice.
    const dust = await Promise.all(Array.from({ length: 1500 }, () => api.withdraw(d.token, { amount: 0.01, encodedWalletId: walletId })));
    const refusals = [`400 ${MSG.withdrawBelowMin(1000)}`, `429 ${MSG.tooManyRequests}`];
    for (const r of dust) expect(refusals).toContain(`${r.statusCode} ${r.json().message}`);
    expect(await transferCount(ctx.deps)).toBe(before);
    expect(await row(ctx.deps.db, sql`SELECT 1 AS one FROM withdrawals WHERE user_id = ${d.id}`)).toBeUndefined();
    expect(await row(ctx.deps.db, sql`SELECT 1 AS one FROM jobs WHERE name = 'wallets.announce' AND status = 'pending'`)).toBeUndefined();
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(5000);
  });

  it('takes the minimum with its fee, to the saved details, and allows one open request at a time', async () => {
    const d = await developer(2500);
    const walletId = await api.devWalletId(d);
    await api.saveDetails(d.token, { walletId, paymentDetails: TRON, paymentDetailsType: 'CRYPTO' });
    const res = await api.withdraw(d.token, { amount: '1000', encodedWalletId: walletId });
    expect(res.statusCode).toBe(201);
    expect(res.json<Withdrawal>()).toMatchObject({ amount: 1000, fee: 50, payout: 950, status: 'PENDING', paymentDetailsType: 'CRYPTO', cardNumber: 'TQn9…bLSE', reason: null });
    expect(res.json<Withdrawal>().deadlineAt).not.toBeNull();
    const second = await api.withdraw(d.token, { amount: 1000, encodedWalletId: walletId });
    expect([second.statusCode, second.json().message]).toEqual([409, MSG.withdrawOpenExists]);
    // The older clients' call is held to the same rule.
    const old = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/wallets/withdraw', headers: auth(d.token), payload: { cardNumber: CARD, amount: 1000 } });
    expect([old.statusCode, old.json().message]).toEqual([409, MSG.withdrawOpenExists]);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(1500);
    // The older call did not replace the saved address.
    expect(await sealedOf(d.id)).toMatchObject({ type: 'CRYPTO' });
  });

  it("refuses another developer's wallet id and the general wallet", async () => {
    const [a, b] = [await developer(2000), await developer(2000)];
    await api.saveDetails(a.token, { walletId: await api.devWalletId(a), paymentDetails: CARD, paymentDetailsType: 'BANK_CARD' });
    const foreign = await api.withdraw(a.token, { amount: 1000, encodedWalletId: await api.devWalletId(b) });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, MSG.walletNotFound]);
    const general = (await api.wallets(a.token, a.id)).find((w) => w.walletType === 'DEFAULT')!.id;
    const notDev = await api.withdraw(a.token, { amount: 1000, encodedWalletId: general });
    expect([notDev.statusCode, notDev.json().message]).toEqual([400, MSG.walletNotDev]);
    expect(await balanceUah(ctx.deps, a.id, 'dev')).toBe(2000);
    expect(await balanceUah(ctx.deps, b.id, 'dev')).toBe(2000);
  });
});

describe('the admin queue', () => {
  it('lists pending requests oldest first with the details in full, and SUCCESS pays them out', async () => {
    const first = await api.openRequest(admin, nextId++, 1000);
    const second = await api.openRequest(admin, nextId++, 1200);
    const queue = (await api.queue(admin)).json<WithdrawQueueItem[]>();
    const mine = queue.filter((q) => [first.w.id, second.w.id].includes(q.id));
    expect(mine.map((q) => q.id)).toEqual([first.w.id, second.w.id]);
    expect(mine[0]).toMatchObject({
      transactionId: first.w.id,
      type: 'WITHDRAW',
      status: 'PROCESSING',
      amount: 1000,
      fee: 50,
      payout: 950,
      source: { user: { telegramId: String(first.d.id), username: `dev${first.d.id}`, photo: '' }, paymentDetails: CARD, paymentDetailsType: 'BANK_CARD' },
    });
    expect((await api.queue(first.d.token)).statusCode).toBe(403);

    const payout = await systemKopecks(ctx.deps, SYSTEM.payout);
    const paid = await api.confirm(admin, { transactionId: first.w.id, status: 'SUCCESS', errorMessage: '' });
    expect(paid.json<Withdrawal>()).toMatchObject({ status: 'PAID', reason: null });
    expect(await systemKopecks(ctx.deps, SYSTEM.payout)).toBe(payout + 95000);
    expect((await api.queue(admin)).json<WithdrawQueueItem[]>().map((q) => q.id)).not.toContain(first.w.id);
  });

  it('FAILED needs a reason, returns the amount with its fee once, and the developer reads the reason in the app and the bot', async () => {
    const { d, w, walletId } = await api.openRequest(admin, nextId++, 1000);
    for (const body of [{ status: 'FAILED' }, { status: 'FAILED', errorMessage: '   ' }, { status: 'FAILED', errorMessage: 'x'.repeat(501) }]) {
      const res = await api.confirm(admin, { transactionId: w.id, ...body });
      expect([res.statusCode, res.json().message]).toEqual([400, MSG.withdrawRejectReason]);
    }
    const bad = await api.confirm(admin, { transactionId: w.id, status: 'DONE' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.withdrawConfirmStatus]);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(0);

    const reason = 'Картку заблоковано банком';
    const res = await api.confirm(admin, { transactionId: w.id, status: 'FAILED', errorMessage: reason });
    expect(res.json<Withdrawal>()).toMatchObject({ status: 'REJECTED', reason });
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(1000);
    const again = await api.confirm(admin, { transactionId: w.id, status: 'FAILED', errorMessage: reason });
    expect([again.statusCode, again.json().message]).toEqual([409, MSG.withdrawalResolved]);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(1000);

    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/v1/wallets/withdrawals/my', headers: auth(d.token) })).json<Withdrawal[]>();
    expect(mine[0]).toMatchObject({ id: w.id, status: 'REJECTED', reason });
    const feed = (await api.feed(d.token, walletId)).json<FeedPage>();
    expect(feed.content.find((i) => i.type === 'WITHDRAW')).toMatchObject({ status: 'FAILED', errorMessage: reason, amount: 1000 });
    const notes = await rows<{ text: string }>(ctx.deps.db, sql`SELECT payload->>'text' AS text FROM outbox WHERE dedupe_key = ${`withdrawal_resolved:${w.id}`}`);
    expect(notes.map((n) => n.text)).toEqual([
      `Заявку на виведення №${w.id} на ${formatUah(1000)} відхилено. Причина: ${reason}. Кошти повернено на ваш Dev гаманець.`,
    ]);
  });
});

describe("the newest client's transactions list", () => {
  it('maps the ledger to DEPOSIT / TRANSFER / WITHDRAW with states, pages with `last`, and is the owner’s or an admin’s', async () => {
    const { d, w, walletId } = await api.openRequest(admin, nextId++, 1000);
    const page = (await api.feed(d.token, walletId)).json<FeedPage>();
    expect(page.last).toBe(true);
    expect(page.content.map((i) => [i.type, i.status, i.amount, i.incoming])).toEqual([
      ['WITHDRAW', 'PROCESSING', 1000, false],
      ['DEPOSIT', 'SUCCESS', 1000, true],
    ]);
    expect(page.content[0]!.source.user).toEqual({ telegramId: String(d.id), username: `dev${d.id}`, photo: '' });
    await api.confirm(admin, { transactionId: w.id, status: 'SUCCESS' });
    const first = (await api.feed(d.token, walletId, 'page=0&limit=1')).json<FeedPage>();
    expect([first.content.map((i) => [i.type, i.status]), first.last]).toEqual([[['WITHDRAW', 'SUCCESS']], false]);
    const second = (await api.feed(d.token, walletId, 'page=1&limit=1')).json<FeedPage>();
    expect([second.content.map((i) => i.type), second.last]).toEqual([['DEPOSIT'], true]);
    expect((await api.feed(student, walletId)).statusCode).toBe(403);
    expect((await api.feed(admin, walletId)).statusCode).toBe(200);
    expect((await api.feed(d.token, '999999')).json().message).toBe(MSG.walletNotFound);
  });
});

describe('configuration', () => {
  it('reads the payout settings and refuses what cannot work', () => {
    const p = loadConfig({}).payouts;
    expect([p.minKop, p.timeoutHours, p.noticeMinutes, p.cryptoNetwork, p.detailsKey.length]).toEqual([100000, 24, 5, 'USDT-TRC20', 32]);
    expect(loadConfig({ WITHDRAW_MIN_UAH: '250.50', PAYOUT_DETAILS_KEY: 'ab'.repeat(32) }).payouts).toMatchObject({ minKop: 25050, detailsKey: Buffer.alloc(32, 0xab) });
    expect(() => loadConfig({ WITHDRAW_MIN_UAH: '0' })).toThrow(/WITHDRAW_MIN_UAH must be UAH/);
    expect(() => loadConfig({ WITHDRAW_TIMEOUT_HOURS: '0' })).toThrow(/WITHDRAW_TIMEOUT_HOURS must be a number of hours above 0/);
    expect(() => loadConfig({ PAYOUT_CRYPTO_NETWORK: 'BTC' })).toThrow(/PAYOUT_CRYPTO_NETWORK must be one of USDT-TRC20, USDT-ERC20/);
    expect(() => loadConfig({ PAYOUT_DETAILS_KEY: 'short' })).toThrow(/PAYOUT_DETAILS_KEY must be 32 bytes/);
    expect(() => loadConfig({ NODE_ENV: 'production', BOT_TOKEN: '1:x', JWT_SECRET: 's' })).toThrow(/PAYOUT_DETAILS_KEY is required/);
  });
});
