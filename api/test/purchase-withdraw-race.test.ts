/**
 * Issue 4: "a withdraw racing a purchase on the same wallet → never negative".
 *
 * A purchase debits the buyer's general wallet and a withdrawal the developer's dev wallet,
 * so a student buying while withdrawing would race on two different rows and prove nothing.
 * The one wallet that purchases and withdrawals both move is the developer's dev wallet:
 * every sale of their auto-generated task credits it (buyer → escrow → dev, in the purchase's
 * transaction) while the developer's withdraw requests debit it. So here sales pour into an
 * empty dev wallet while the developer keeps asking to withdraw: each request may only take
 * money that has already arrived (and only while no other request of theirs is open), and at
 * the end every kopeck is accounted for exactly.
 * Truly parallel on PostgreSQL (a pool of connections); serialised on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { SYSTEM } from '../src/modules/ledger/service.js';
import { auth, type TestContext } from './helpers.js';
import { DEV, STUDENT, autoTask, balanceOf, buy, count, openWorld, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced, systemKopecks } from './ledger-helpers.js';

let ctx: TestContext;
let w: World;

beforeAll(async () => ({ ctx, w } = await openWorld({ WITHDRAW_MIN_UAH: '1' })));
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const CARD = '4111111111111111';
const withdraw = (amount: number) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/v1/wallets/withdraw', headers: auth(w.dev), payload: { cardNumber: CARD, amount } });
/** An admin pays the developer's open request, so the next one may be made. */
const payOpen = async () => {
  const open = await row<{ id: number | string }>(db(), sql`SELECT id FROM withdrawals WHERE user_id = ${DEV} AND status = 'PENDING'`);
  if (!open) return;
  const res = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/transactions/confirm-withdraw', headers: auth(w.admin), payload: { transactionId: String(open.id), status: 'SUCCESS' } });
  expect(res.statusCode).toBe(200);
};

describe('sales credit a dev wallet while its developer withdraws from it', () => {
  it('never lets the dev wallet below zero and accounts for every kopeck', async () => {
    const SALES = 24;
    const PRICE = 100; // UAH; no platform fee here, so each sale credits the developer 100 UAH
    const ASK = 50; // UAH per withdraw request: the sales can fund exactly 48 of them
    const REQUESTS = 60;
    const taskId = await autoTask(ctx, w, { price: PRICE });
    await topUp(db(), STUDENT, SALES * PRICE);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(0);
    const payoutBefore = await systemKopecks(ctx.deps, SYSTEM.payout);

    // Interleave the two kinds of request so withdrawals keep arriving while sales commit.
    const calls: Promise<{ kind: 'sale' | 'withdraw'; status: number; message?: string }>[] = [];
    for (let i = 0; i < Math.max(SALES, REQUESTS); i++) {
      if (i < SALES) calls.push(buy(ctx, w.student, taskId, ['Бойко О. О.', String(i)]).then((r) => ({ kind: 'sale', status: r.statusCode })));
      if (i < REQUESTS) calls.push(withdraw(ASK).then((r) => ({ kind: 'withdraw', status: r.statusCode, message: r.json().message })));
    }
    const results = await Promise.all(calls);

    const sales = results.filter((r) => r.kind === 'sale');
    const asks = results.filter((r) => r.kind === 'withdraw');
    expect(sales.every((r) => r.status === 200)).toBe(true);
    // A request took money that had arrived, or was refused: no money yet, or one already open.
    const granted = asks.filter((r) => r.status === 200).length;
    expect(granted).toBeLessThanOrEqual(1);
    for (const r of asks.filter((a) => a.status !== 200)) {
      expect([[400, MSG.withdrawInsufficient], [409, MSG.withdrawOpenExists]]).toContainEqual([r.status, r.message]);
    }
    expect(await balanceOf(db(), DEV, 'dev')).toBe((SALES * PRICE - granted * ASK) * 100);

    // Drain what is left one request at a time, each paid before the next: exactly the rest of the 48 fit, then refused.
    await payOpen();
    let drained = 0;
    for (;;) {
      const res = await withdraw(ASK);
      if (res.statusCode !== 200) {
        expect(res.json().message).toBe(MSG.withdrawInsufficient);
        break;
      }
      drained++;
      await payOpen();
    }
    expect(granted + drained).toBe((SALES * PRICE) / ASK);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(0);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(0);
    // Each request paid out its amount less the 5 % fee.
    expect(await systemKopecks(ctx.deps, SYSTEM.payout)).toBe(payoutBefore + SALES * PRICE * 95);
    expect(await count(db(), 'orders', sql`task_id = ${taskId} AND status = 'DONE'`)).toBe(SALES);
    const paid = await row<{ n: number | string }>(db(), sql`SELECT count(*) AS n FROM withdrawals WHERE user_id = ${DEV} AND status = 'PAID'`);
    expect(Number(paid!.n)).toBe((SALES * PRICE) / ASK);
    await expectLedgerBalanced({ db: db() });
  });
});
