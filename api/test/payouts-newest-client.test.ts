/**
 * The newest client's wallet and payout calls, sent as it builds them (its entities' api
 * files: the same paths, bodies and headers), checked for the fields its pages read. Part of
 * the compatibility suite of that client.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMonobank, type FakeMonobank } from '../src/fakes/monobank.js';
import { ADMIN_ID, createTestContext, login, type TestContext } from './helpers.js';
import { expectLedgerBalanced, topUpApi } from './ledger-helpers.js';
import { payoutCalls } from './payout-helpers.js';

let ctx: TestContext;
let bank: FakeMonobank;
let admin: string;
const DEV = 8801;

beforeAll(async () => {
  bank = await startFakeMonobank();
  ctx = await createTestContext({ MONOBANK_API_ROOT: bank.apiRoot });
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
});
afterAll(async () => {
  await ctx.close();
  await bank.close();
});
afterEach(() => expectLedgerBalanced(ctx.deps));

/** Its axios calls: a bearer token and a JSON content type on every call. */
const call = (token: string, method: 'GET' | 'PATCH' | 'POST', url: string, data?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(data ? { 'content-type': 'application/json' } : {}) },
    ...(data ? { payload: JSON.stringify(data) } : {}),
  });

describe('the newest client (1.21.5) against the payout desk', () => {
  it('wallet list, payout settings, withdraw, the admin queue, confirm, transactions and rates', async () => {
    const dev = await payoutCalls(ctx).developer(admin, DEV, 3000);
    // getWallet(telegramId): the pages find the wallet by walletType and keep it in localStorage.
    const wallets = (await call(dev.token, 'GET', `/api/v1/wallets/${DEV}`)).json();
    const devWallet = wallets.find((w: { walletType: string }) => w.walletType === 'DEVELOPER');
    expect(devWallet).toMatchObject({ id: expect.any(String), balance: 3000, paymentDetails: null, paymentDetailsType: null });
    expect(wallets.find((w: { walletType: string }) => w.walletType === 'DEFAULT')).toMatchObject({ id: expect.any(String), balance: 0 });

    // patchPaymentDetails(walletId, digits, 'BANK_CARD'): the settings page sends 16 digits.
    expect((await call(dev.token, 'PATCH', '/api/v1/wallets/payment_details', { walletId: devWallet.id, paymentDetails: '4111111111111111', paymentDetailsType: 'BANK_CARD' })).statusCode).toBe(200);
    const after = (await call(dev.token, 'GET', `/api/v1/wallets/${DEV}`)).json();
    expect(after.find((w: { walletType: string }) => w.walletType === 'DEVELOPER')).toMatchObject({ paymentDetails: '•••• 1111', paymentDetailsType: 'BANK_CARD' });

    // postWithdraw(amount, developerWallet.id): the amount as a Number of whole hryvnias.
    expect((await call(dev.token, 'POST', '/api/v1/transactions/withdraw', { amount: 1000, encodedWalletId: devWallet.id })).statusCode).toBe(201);

    // getTransactionsWithdraw(): the requests page lists them, the process page reads transactionId and source.
    const queue = (await call(admin, 'GET', '/api/v1/transactions/withdraw/processing')).json();
    const item = queue.find((q: { source: { user: { username: string } } }) => q.source.user.username === `dev${DEV}`);
    expect(item).toMatchObject({
      id: expect.any(String),
      transactionId: item.id,
      amount: 1000,
      type: 'WITHDRAW',
      status: 'PROCESSING',
      createdAt: expect.any(String),
      source: { user: { username: `dev${DEV}`, photo: '' }, paymentDetails: '4111111111111111', paymentDetailsType: 'BANK_CARD' },
    });

    // getTransactions(walletId, page): `content` and `last`, items by type and status.
    const page = (await call(dev.token, 'GET', `/api/v1/transactions/transaction/${devWallet.id}?page=0&limit=10`)).json();
    expect(page.last).toBe(true);
    expect(page.content[0]).toMatchObject({ type: 'WITHDRAW', status: 'PROCESSING', amount: 1000, createdAt: expect.any(String), source: { user: { username: `dev${DEV}` } } });

    // patchConfirmWithdraw({id: transactionId, errorMessage: '', status: 'SUCCESS'}).
    expect((await call(admin, 'PATCH', '/api/v1/transactions/confirm-withdraw', { transactionId: item.transactionId, errorMessage: '', status: 'SUCCESS' })).statusCode).toBe(200);
    const paid = (await call(dev.token, 'GET', `/api/v1/transactions/transaction/${devWallet.id}?page=0&limit=10`)).json();
    expect(paid.content[0]).toMatchObject({ type: 'WITHDRAW', status: 'SUCCESS' });

    // getCurrencyRates(): /exchange-rates/rate/978/980.
    const rates = await call(dev.token, 'GET', '/api/v1/exchange-rates/rate/978/980');
    expect(rates.statusCode).toBe(200);
    expect(rates.json()).toMatchObject({ currencyCodeA: 978, currencyCodeB: 980, rate: expect.any(Number) });
  });

  it("pages a wallet's transactions one after another (keyset) exactly as one long page, `last` on the final one", async () => {
    const STUDENT = 8802;
    const student = await login(ctx.app, { id: STUDENT, username: 'reader' });
    for (let i = 1; i <= 7; i++) await topUpApi(ctx.app, admin, STUDENT, 100 + i);
    const wallet = (await call(student, 'GET', `/api/v1/wallets/${STUDENT}`)).json().find((w: { walletType: string }) => w.walletType === 'DEFAULT');
    const read = async (page: number, limit: number) => (await call(student, 'GET', `/api/v1/transactions/transaction/${wallet.id}?page=${page}&limit=${limit}`)).json<{ content: { id: string; amount: number }[]; last: boolean }>();
    const whole = await read(0, 50);
    expect(whole.content.map((t) => t.amount)).toEqual([107, 106, 105, 104, 103, 102, 101]);
    const jumped = await read(2, 3);
    expect(jumped).toEqual({ content: whole.content.slice(6), last: true });
    const pages = [await read(0, 3), await read(1, 3), await read(2, 3)];
    expect(pages.map((p) => p.last)).toEqual([false, false, true]);
    expect(pages.flatMap((p) => p.content)).toEqual(whole.content);
  });
});

