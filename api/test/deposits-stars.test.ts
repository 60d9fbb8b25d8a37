/**
 * Stars top-ups end to end (docs/LEDGER.md "Deposits"): the create call, the invoice the fake
 * Bot API makes, the bot's pre-checkout answer and its credit on successful_payment, against
 * the fake over real HTTP with the bot long-polling it, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type DepositRequest } from '@zalik/contract';
import { createBot } from '../src/bot/bot.js';
import { rows } from '../src/db/client.js';
import { BOT_TEXT, depositPaidText, starsReturnedText } from '../src/modules/outbox/texts.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { ADMIN_ID } from './helpers.js';
import { balanceUah, expectLedgerBalanced, transferCount } from './ledger-helpers.js';
import {
  createDeposit, depositCount, depositStatus, handled, history, login, newStarsDeposit, outboxOf, recordingLog, runDueJobs, startStarsWorld,
  transfersOfKind, waitFor, type StarsWorld,
} from './stars-helpers.js';

let fake: FakeBotApi;
let w: StarsWorld;
let admin: string;

beforeAll(async () => {
  fake = await startFakeBotApi();
  w = await startStarsWorld(fake);
  admin = await login(w.ctx.app, { id: ADMIN_ID });
});
afterAll(async () => {
  await w.close();
  await fake.close();
});

let nextUser = 71_000;
async function student() {
  const id = nextUser++;
  return { id, token: await login(w.ctx.app, { id }), from: { id, first_name: 'Оля' } };
}

const statusOf = async (token: string, id: string) => (await depositStatus(w.ctx, token, id)).json<DepositRequest>().status;

describe('creating a Stars top-up', () => {
  it.each([
    [{ amount: 99.99, provider: 'TELEGRAM_STARS' }, MSG.depositTooSmall(100)],
    [{ amount: '99', provider: 'TELEGRAM_STARS' }, MSG.depositTooSmall(100)],
    [{ amount: 2500.01, provider: 'TELEGRAM_STARS' }, MSG.amountTooLarge(2500)],
    [{ amount: '100.123', provider: 'TELEGRAM_STARS' }, MSG.amountInvalid],
    [{ amount: 'сто', provider: 'TELEGRAM_STARS' }, MSG.amountInvalid],
    [{ amount: -150, provider: 'TELEGRAM_STARS' }, MSG.amountInvalid],
    [{ provider: 'TELEGRAM_STARS' }, MSG.amountInvalid],
    [{ amount: 250, provider: 'PAYPAL' }, MSG.depositProvider],
    [{ amount: 250 }, MSG.depositProvider],
  ])('refuses %j with a Ukrainian message and creates nothing', async (body, message) => {
    const s = await student();
    const invoices = fake.invoices.length;
    const before = await depositCount(w.ctx);
    const res = await createDeposit(w.ctx, s.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await depositCount(w.ctx)).toBe(before);
    expect(fake.invoices).toHaveLength(invoices);
  });

  it('answers an invoice link made with currency XTR, no provider token and the Stars price of the amount', async () => {
    const s = await student();
    const d = await newStarsDeposit(w.ctx, s.token, 250);
    // 250 UAH at 0.50 UAH a Star is 500 Stars, plus the 10 % fee.
    expect(d).toMatchObject({ provider: 'TELEGRAM_STARS', amount: 250, stars: 550, status: 'PENDING', credited: null, paidAt: null });
    expect(d).not.toHaveProperty('comment');
    const invoice = fake.invoice(d.paymentLink)!;
    expect(d.paymentLink).toMatch(/^https:\/\/t\.me\/\$/);
    expect(invoice).toMatchObject({ currency: 'XTR', providerToken: '', payload: `deposit:${d.id}`, totalAmount: 550 });
    expect(invoice.prices).toHaveLength(1);
  });

  it('takes numeric strings with two decimals and rounds the Stars price up', async () => {
    const s = await student();
    const d = await newStarsDeposit(w.ctx, s.token, '100.5');
    expect(d).toMatchObject({ amount: 100.5, stars: 222 });
    expect(fake.invoice(d.paymentLink)!.totalAmount).toBe(222);
  });

  it('refuses a sixth open top-up with 409 and creates nothing', async () => {
    const s = await student();
    for (let i = 0; i < 5; i++) await newStarsDeposit(w.ctx, s.token, 100);
    const before = await depositCount(w.ctx);
    const res = await createDeposit(w.ctx, s.token, { amount: 100, provider: 'TELEGRAM_STARS' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.depositTooManyOpen(5) });
    expect(await depositCount(w.ctx)).toBe(before);
  });

  it('answers 503 and leaves no request when Telegram does not make the invoice', async () => {
    const s = await student();
    const before = await depositCount(w.ctx);
    fake.fail(1, 'error', 'createInvoiceLink');
    const res = await createDeposit(w.ctx, s.token, { amount: 250, provider: 'TELEGRAM_STARS' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: MSG.depositStarsUnavailable });
    expect(await depositCount(w.ctx)).toBe(before);
    const mine = await w.ctx.app.inject({ method: 'GET', url: '/api/v1/transactions/request/deposit/my', headers: { authorization: `Bearer ${s.token}` } });
    expect(mine.json()).toEqual([]);
  });

  it('shows the status to its owner and admins only', async () => {
    const s = await student();
    const other = await student();
    const d = await newStarsDeposit(w.ctx, s.token);
    expect((await depositStatus(w.ctx, s.token, d.id)).json()).toEqual(d);
    const theirs = await depositStatus(w.ctx, other.token, d.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: MSG.depositNotFound });
    expect((await depositStatus(w.ctx, admin, d.id)).json()).toMatchObject({ id: d.id, user: { telegramId: String(s.id) } });
  });
});

describe('paying', () => {
  it('credits a paid top-up once even when successful_payment arrives twice, and tells the payer', async () => {
    const s = await student();
    const d = await newStarsDeposit(w.ctx, s.token, 250);
    const paid = await fake.pay(d.paymentLink, s.from);
    expect(paid).toMatchObject({ ok: true, answered: true });
    await waitFor('the credit', async () => (await statusOf(s.token, d.id)) === 'PAID');
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(250);

    const again = fake.redeliver(paid.payment!.chargeId);
    await handled(fake, again, w.ctx);
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(250);
    expect((await transfersOfKind(w.ctx, 'DEPOSIT')).filter((t) => t.idempotency_key.includes(paid.payment!.chargeId))).toEqual([
      { idempotency_key: `deposit:TELEGRAM_STARS:${paid.payment!.chargeId}`, amount: expect.anything() },
    ]);
    const status = (await depositStatus(w.ctx, s.token, d.id)).json<DepositRequest>();
    expect(status).toMatchObject({ status: 'PAID', credited: 250 });
    expect(status.paidAt).not.toBeNull();

    const told = (await outboxOf(w.ctx, 'deposit_paid')).filter((m) => Number(m.chat_id) === s.id);
    expect(told.map((m) => m.payload.text)).toEqual([depositPaidText({ amountUah: 250, balanceUah: 250 })]);
    expect((await history(w.ctx, s.token, s.id))[0]).toMatchObject({ transactionType: 'DEPOSIT', initials: 'Поповнення', amount: 250, wallet: 'general' });
    // No generic "open the app" reply to the payment message.
    expect(fake.delivered('sendMessage').filter((c) => c.params.chat_id === s.id)).toEqual([]);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it("refuses a checkout of another user's top-up, a wrong Stars amount and an expired or paid top-up", async () => {
    const s = await student();
    const other = await student();
    const d = await newStarsDeposit(w.ctx, s.token, 100);
    const transfers = await transferCount(w.ctx.deps);

    expect(await fake.pay(d.paymentLink, other.from)).toMatchObject({ ok: false, errorMessage: BOT_TEXT.checkoutUnknown });
    expect(await fake.pay(d.paymentLink, s.from, { totalAmount: d.stars! - 1 })).toMatchObject({ ok: false, errorMessage: BOT_TEXT.checkoutAmount });
    expect(await fake.pay(d.paymentLink, s.from, { payload: 'deposit:999999' })).toMatchObject({ ok: false, errorMessage: BOT_TEXT.checkoutUnknown });
    expect(await fake.pay(d.paymentLink, s.from, { payload: 'topup' })).toMatchObject({ ok: false, errorMessage: BOT_TEXT.checkoutUnknown });

    await w.ctx.deps.db.execute(sql`UPDATE deposit_requests SET expires_at = now() - interval '1 minute' WHERE id = ${Number(d.id)}`);
    expect(await fake.pay(d.paymentLink, s.from)).toMatchObject({ ok: false, errorMessage: BOT_TEXT.checkoutExpired });
    expect(await statusOf(s.token, d.id)).toBe('EXPIRED');

    const fresh = await newStarsDeposit(w.ctx, s.token, 100);
    expect((await fake.pay(fresh.paymentLink, s.from)).ok).toBe(true);
    await waitFor('the credit', async () => (await statusOf(s.token, fresh.id)) === 'PAID');
    expect(await fake.pay(fresh.paymentLink, s.from)).toMatchObject({ ok: false, errorMessage: BOT_TEXT.checkoutPaid });

    expect(await transferCount(w.ctx.deps)).toBe(transfers + 1);
    expect(await balanceUah(w.ctx.deps, other.id)).toBe(0);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('credits a payment that arrives after its request expired (the Stars were taken)', async () => {
    const s = await student();
    const d = await newStarsDeposit(w.ctx, s.token, 100);
    // The checkout passed in time; the expiry job ran before the payment message came.
    fake.deliverTo(async (u) => {
      if (u.pre_checkout_query) await w.bot.handleUpdate(u as never);
    });
    const paid = await fake.pay(d.paymentLink, s.from);
    fake.deliverTo(null);
    await w.ctx.deps.db.execute(sql`UPDATE deposit_requests SET status = 'EXPIRED', expires_at = now() WHERE id = ${Number(d.id)}`);
    await handled(fake, fake.redeliver(paid.payment!.chargeId), w.ctx);
    expect(await statusOf(s.token, d.id)).toBe('PAID');
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(100);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('credits 30 concurrent deliveries of one payment once', async () => {
    const s = await student();
    const d = await newStarsDeposit(w.ctx, s.token, 500);
    // A second bot on the same deps, as another API process would run it; the copies are handled in parallel.
    const bot = createBot(w.ctx.deps, { botConfig: { client: { apiRoot: fake.apiRoot } } });
    await bot.init();
    let payment: Record<string, unknown> | undefined;
    fake.deliverTo(async (u) => {
      if (u.pre_checkout_query) await bot.handleUpdate(u as never);
      else payment = u;
    });
    const paid = await fake.pay(d.paymentLink, s.from);
    fake.deliverTo(null);
    expect(paid.ok).toBe(true);
    await waitFor('the payment update', () => payment !== undefined);
    await Promise.all(Array.from({ length: 30 }, (_, i) => bot.handleUpdate({ ...payment!, update_id: 900_000 + i } as never)));

    expect(await balanceUah(w.ctx.deps, s.id)).toBe(500);
    expect((await transfersOfKind(w.ctx, 'DEPOSIT')).filter((t) => t.idempotency_key.endsWith(paid.payment!.chargeId))).toHaveLength(1);
    expect((await outboxOf(w.ctx, 'deposit_paid')).filter((m) => Number(m.chat_id) === s.id)).toHaveLength(1);
    expect(await statusOf(s.token, d.id)).toBe('PAID');
    await expectLedgerBalanced(w.ctx.deps);
  });
});

describe('a payment no top-up of its payer takes', () => {
  it('is not credited, is logged as an error, and its Stars go back to the payer once', async () => {
    const s = await student();
    const other = await student();
    const theirs = await newStarsDeposit(w.ctx, other.token, 100);
    const transfers = await transferCount(w.ctx.deps);
    // Telegram took these Stars (say a checkout that another process answered wrongly).
    const p = fake.forgePayment(s.from, { payload: `deposit:${theirs.id}`, totalAmount: theirs.stars!, real: true });
    await handled(fake, p.update, w.ctx);
    await handled(fake, fake.redeliver(p.chargeId), w.ctx);

    expect(await transferCount(w.ctx.deps)).toBe(transfers);
    expect(await statusOf(other.token, theirs.id)).toBe('PENDING');
    expect(w.log.errors.filter((e) => JSON.stringify(e.obj).includes(p.chargeId)).length).toBeGreaterThan(0);

    await runDueJobs(w.ctx);
    expect(fake.payments.find((x) => x.chargeId === p.chargeId)!.refunded).toBe(true);
    expect(fake.delivered('refundStarPayment').filter((c) => c.params.telegram_payment_charge_id === p.chargeId)).toHaveLength(1);
    expect((await outboxOf(w.ctx, 'stars_returned')).filter((m) => Number(m.chat_id) === s.id).map((m) => m.payload.text)).toEqual([
      starsReturnedText({ stars: theirs.stars! }),
    ]);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('is a second payment of a top-up already paid: the Stars go back, the wallet keeps one credit', async () => {
    const s = await student();
    const d = await newStarsDeposit(w.ctx, s.token, 100);
    expect((await fake.pay(d.paymentLink, s.from)).ok).toBe(true);
    await waitFor('the credit', async () => (await statusOf(s.token, d.id)) === 'PAID');
    // Two checkouts of one invoice that both passed before either payment arrived.
    const second = fake.forgePayment(s.from, { payload: `deposit:${d.id}`, totalAmount: d.stars!, real: true });
    await handled(fake, second.update, w.ctx);
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(100);
    await runDueJobs(w.ctx);
    expect(fake.payments.find((x) => x.chargeId === second.chargeId)!.refunded).toBe(true);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('is a forgery Telegram never took: nothing is credited and the refusal is logged, not retried', async () => {
    const s = await student();
    const d = await newStarsDeposit(w.ctx, s.token, 100);
    const forged = fake.forgePayment(s.from, { payload: `deposit:${d.id}`, totalAmount: 1 });
    await handled(fake, forged.update, w.ctx);
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(0);
    const log = recordingLog();
    await runDueJobs(w.ctx, log);
    expect(log.errors.map((e) => e.msg)).toContain('Telegram refused to return the Stars of an unmatched payment');
    expect(await rows(w.ctx.deps.db, sql`SELECT status FROM jobs WHERE name = 'deposits.return-stars' AND key = ${forged.chargeId}`)).toEqual([
      { status: 'done' },
    ]);
  });
});

describe('/paysupport', () => {
  it('answers in Ukrainian how to get help and a refund, with the app button', async () => {
    const s = await student();
    const u = fake.pushUpdate({
      message: {
        message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: s.id, type: 'private', first_name: 'Оля' },
        from: { id: s.id, is_bot: false, first_name: 'Оля' }, text: '/paysupport', entities: [{ type: 'bot_command', offset: 0, length: 11 }],
      },
    });
    await handled(fake, u, w.ctx);
    const reply = fake.delivered('sendMessage').filter((c) => c.params.chat_id === s.id);
    expect(reply.map((c) => c.params.text)).toEqual([BOT_TEXT.paySupport]);
    expect(JSON.stringify(reply[0]!.params.reply_markup)).toContain('web_app');
    expect(fake.delivered('setMyCommands').at(-1)!.params.commands).toEqual([
      { command: 'start', description: 'Відкрити Залік' },
      { command: 'paysupport', description: 'Допомога з оплатою і повернення зірок' },
    ]);
  });
});
