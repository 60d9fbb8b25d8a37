/**
 * An admin refunds a Stars top-up (docs/LEDGER.md "Refunding Stars"): the wallet is debited
 * once and never below zero, Telegram's refundStarPayment is asked over real HTTP (the fake
 * Bot API), and a refusal or a missing answer never leaves a debit without a refund.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type DepositRequest } from '@zalik/contract';
import { depositRefundedText } from '../src/modules/outbox/texts.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { rows } from '../src/db/client.js';
import { SYSTEM, post } from '../src/modules/ledger/service.js';
import { ADMIN_ID, auth } from './helpers.js';
import { balanceUah, expectLedgerBalanced, systemKopecks, transferCount } from './ledger-helpers.js';
import {
  createDeposit, depositStatus, history, login, newStarsDeposit, outboxOf, runDueJobs, startStarsWorld, transfersOfKind, waitFor,
  type StarsWorld,
} from './stars-helpers.js';
import { auditRows } from './audit-helpers.js';

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

let nextUser = 72_000;
/** A student whose Stars top-up of `amount` UAH was paid through the bot. */
async function paidTopUp(amount = 250) {
  const id = nextUser++;
  const token = await login(w.ctx.app, { id });
  const d = await newStarsDeposit(w.ctx, token, amount);
  const paid = await fake.pay(d.paymentLink, { id, first_name: 'Оля' });
  expect(paid.ok).toBe(true);
  await waitFor('the credit', async () => (await depositStatus(w.ctx, token, d.id)).json<DepositRequest>().status === 'PAID');
  return { id, token, d, payment: fake.payments.find((p) => p.chargeId === paid.payment!.chargeId)! };
}

const refund = (id: string, token = admin) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/v1/transactions/request/deposit/${id}/refund`, headers: auth(token) });
const refundsOf = async (id: string) => (await transfersOfKind(w.ctx, 'DEPOSIT_REFUND')).filter((t) => t.idempotency_key.startsWith(`deposit-refund:${id}`));
const refundCalls = (chargeId: string) => fake.calls.filter((c) => c.method === 'refundStarPayment' && c.params.telegram_payment_charge_id === chargeId);

describe('refunding a Stars top-up', () => {
  it('debits the wallet once, returns the Stars and tells the user; a second refund is refused', async () => {
    const s = await paidTopUp(250);
    const res = await refund(s.d.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: s.d.id, status: 'REFUNDED', credited: 250 });
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(0);
    expect(s.payment.refunded).toBe(true);
    expect(await refundsOf(s.d.id)).toEqual([{ idempotency_key: `deposit-refund:${s.d.id}`, amount: expect.anything() }]);
    expect((await outboxOf(w.ctx, 'deposit_refunded')).filter((m) => Number(m.chat_id) === s.id).map((m) => m.payload.text)).toEqual([
      depositRefundedText({ id: Number(s.d.id), stars: 550, amountUah: 250 }),
    ]);
    const rows = await history(w.ctx, s.token, s.id);
    expect(rows.map((r) => [r.transactionType, r.initials, r.amount])).toEqual([
      ['WITHDRAWAL', 'Повернення зірок Telegram', 250],
      ['DEPOSIT', 'Поповнення', 250],
    ]);

    const again = await refund(s.d.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: MSG.depositNotRefundable });
    expect(await refundsOf(s.d.id)).toHaveLength(1);
    expect(refundCalls(s.payment.chargeId)).toHaveLength(1);
    expect(await auditRows(w.ctx.deps, 'deposit.refund', `deposit:${s.d.id}`)).toEqual([
      { adminId: ADMIN_ID, target: `deposit:${s.d.id}`, userId: s.id, before: { state: 'PAID' }, after: { state: 'REFUNDING', stars: 550, amountUah: 250 } },
    ]);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('refuses when part of the money was spent, and changes nothing', async () => {
    const s = await paidTopUp(100);
    // Spent on something: 0.01 UAH less than the top-up is left.
    await w.ctx.deps.db.transaction((tx) =>
      post(tx, [{ from: { user: s.id, wallet: 'general' }, to: { system: SYSTEM.fees }, amount: 1, kind: 'PLATFORM_FEE', key: `test-spend:${s.id}` }]),
    );
    const transfers = await transferCount(w.ctx.deps);
    const res = await refund(s.d.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.depositRefundSpent });
    expect(await transferCount(w.ctx.deps)).toBe(transfers);
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(99.99);
    expect((await depositStatus(w.ctx, admin, s.d.id)).json()).toMatchObject({ status: 'PAID' });
    expect(refundCalls(s.payment.chargeId)).toEqual([]);
    expect(s.payment.refunded).toBe(false);
    expect(await auditRows(w.ctx.deps, 'deposit.refund', `deposit:${s.d.id}`)).toEqual([]);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('refunds once when two admins press at the same time', async () => {
    const s = await paidTopUp(500);
    const stars = await systemKopecks(w.ctx.deps, SYSTEM.stars);
    const answers = await Promise.all([refund(s.d.id), refund(s.d.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toSatisfy((codes: number[]) => codes.includes(200) && codes.every((c) => c === 200 || c === 400));
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(0);
    expect(await refundsOf(s.d.id)).toHaveLength(1);
    expect(await systemKopecks(w.ctx.deps, SYSTEM.stars)).toBe(stars + 50_000);
    expect(refundCalls(s.payment.chargeId).filter((c) => c.ok)).toHaveLength(1);
    expect((await outboxOf(w.ctx, 'deposit_refunded')).filter((m) => Number(m.chat_id) === s.id)).toHaveLength(1);
    expect((await depositStatus(w.ctx, admin, s.d.id)).json()).toMatchObject({ status: 'REFUNDED' });
    expect(await auditRows(w.ctx.deps, 'deposit.refund', `deposit:${s.d.id}`)).toHaveLength(1);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('records a refund once when Telegram says the charge was already refunded', async () => {
    const s = await paidTopUp(100);
    // Refunded through Telegram's own support, say.
    await w.ctx.deps.stars!.refund(s.id, s.payment.chargeId);
    const res = await refund(s.d.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REFUNDED' });
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(0);
    expect(await refundsOf(s.d.id)).toHaveLength(1);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('debits nothing when Telegram refuses, and can be refunded later', async () => {
    const s = await paidTopUp(250);
    fake.fail(1, 400, 'refundStarPayment');
    const res = await refund(s.d.id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: MSG.depositRefundFailed });
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(250);
    expect((await depositStatus(w.ctx, admin, s.d.id)).json()).toMatchObject({ status: 'PAID' });
    expect(s.payment.refunded).toBe(false);
    await expectLedgerBalanced(w.ctx.deps);

    const later = await refund(s.d.id);
    expect(later.statusCode).toBe(200);
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(0);
    expect(s.payment.refunded).toBe(true);
    expect((await history(w.ctx, s.token, s.id)).map((r) => r.initials)).toEqual([
      'Повернення зірок Telegram',
      'Повернення зірок не відбулося: кошти повернено',
      'Повернення зірок Telegram',
      'Поповнення',
    ]);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('keeps the debit when Telegram does not answer, and the recovery job finishes the refund once', async () => {
    const s = await paidTopUp(100);
    fake.fail(2, 'down', 'refundStarPayment');
    const res = await refund(s.d.id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: MSG.depositRefundPending });
    expect(await balanceUah(w.ctx.deps, s.id)).toBe(0);
    expect((await depositStatus(w.ctx, s.token, s.d.id)).json()).toMatchObject({ status: 'PAID' });
    await expectLedgerBalanced(w.ctx.deps);

    await runDueJobs(w.ctx);
    expect((await depositStatus(w.ctx, s.token, s.d.id)).json()).toMatchObject({ status: 'REFUNDED' });
    expect(s.payment.refunded).toBe(true);
    expect(await refundsOf(s.d.id)).toHaveLength(1);
    expect((await outboxOf(w.ctx, 'deposit_refunded')).filter((m) => Number(m.chat_id) === s.id)).toHaveLength(1);
    await runDueJobs(w.ctx);
    expect(await refundsOf(s.d.id)).toHaveLength(1);
    await expectLedgerBalanced(w.ctx.deps);
  });

  it('refuses what is not a paid Stars top-up, and answers 404 for what does not exist', async () => {
    const id = nextUser++;
    const token = await login(w.ctx.app, { id });
    const pending = await newStarsDeposit(w.ctx, token, 100);
    const bank = (await createDeposit(w.ctx, token, { amount: 100, provider: 'MONOBANK' })).json<DepositRequest>();
    for (const d of [pending, bank]) {
      const res = await refund(d.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.depositNotRefundable });
    }
    const missing = await refund('999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.depositNotFound });
    expect((await refund(pending.id, token)).statusCode).toBe(403);
    expect(await rows(w.ctx.deps.db, sql`SELECT id FROM deposit_requests WHERE status = 'REFUNDING'`)).toEqual([]);
  });
});
