/**
 * Issue 15, cancelling before delivery: the buyer after the deadline, the developer with a
 * reason. A full refund at once, told by the bot, written in the history; every refusal with
 * its message; each followed by the ledger check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import type { TestContext } from './helpers.js';
import { DEV, STUDENT, balanceOf, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { openOrderWorld, type OrderWorld } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: OrderWorld['o'];

beforeAll(async () => {
  ({ ctx, w, o } = await openOrderWorld(10_000));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const refusal = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { message: string }).message];

describe('the buyer cancels an overdue order', () => {
  it('only after the deadline, then gets the whole price back at once, once', async () => {
    const id = await o.newOrder(250);
    expect(refusal(await o.cancel(id))).toEqual([409, MSG.orderNotOverdue]);
    expect(await o.status(id)).toBe('IN_PROGRESS');

    await o.passDeadline(id);
    expect(await o.item(id)).toMatchObject({ orderStatus: 'IN_PROGRESS', overdue: true });
    for (const token of [w.dev, w.otherDev, w.admin]) expect(refusal(await o.cancel(id, token))).toEqual([403, MSG.orderNotYourPurchase]);

    const before = await balanceOf(db(), STUDENT, 'general');
    const res = await o.cancel(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: 'REFUNDED', cancelledBy: 'STUDENT', overdue: false, completedAt: expect.any(String) });
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before + 250_00);
    expect(refusal(await o.cancel(id))).toEqual([409, MSG.orderClosed]);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before + 250_00);
    expect(await o.pending(id)).toEqual([]);
    expect(await o.messages('order_cancelled', id)).toEqual([
      [DEV, `Студент скасував замовлення №${id} «Курсова робота» (Вища математика): строк виконання минув, а відповіді не було. Кошти повернено студенту.`],
    ]);
    expect((await o.events(id)).at(-1)).toEqual(['STUDENT_CANCEL', 'IN_PROGRESS', 'REFUNDED', 'STUDENT', null]);
    // Too late to deliver it now.
    expect(refusal(await o.deliver(id))).toEqual([409, MSG.orderClosed]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('not once it is delivered, even late', async () => {
    const id = await o.newOrder(100);
    await o.passDeadline(id);
    expect((await o.deliver(id)).statusCode).toBe(200);
    expect(refusal(await o.cancel(id))).toEqual([409, MSG.orderAlreadyDelivered]);
    expect(refusal(await o.cancel('987654'))).toEqual([404, MSG.orderNotFound]);
    expect((await o.transfers(id)).map(([k]) => k)).toEqual(['PURCHASE']);
    await expectLedgerBalanced(ctx.deps);
  });
});

describe('the developer cancels', () => {
  it('before delivery with a reason: a full refund, and the reason reaches the buyer by the bot and in the history', async () => {
    const id = await o.newOrder(180);
    expect(refusal(await o.devCancel(id, 'x'.repeat(1001)))).toEqual([400, MSG.textTooLong(1000)]);
    expect(refusal(await o.devCancel(id, 'Не встигаю', w.otherDev))).toEqual([403, MSG.orderNotYours]);
    expect(refusal(await o.devCancel('987654', 'Не встигаю'))).toEqual([404, MSG.orderNotFound]);
    expect(await o.status(id)).toBe('IN_PROGRESS');

    const before = await balanceOf(db(), STUDENT, 'general');
    const res = await o.devCancel(id, 'Захворів, не встигну вчасно');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: 'REFUNDED', status: 'FAILED', cancelledBy: 'DEVELOPER', cancelReason: 'Захворів, не встигну вчасно' });
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before + 180_00);
    expect(await o.item(id)).toMatchObject({ orderStatus: 'REFUNDED', cancelReason: 'Захворів, не встигну вчасно' });
    expect(await o.messages('order_cancelled', id)).toEqual([
      [STUDENT, `Розробник скасував замовлення №${id} «Курсова робота» (Вища математика).\nПричина: Захворів, не встигну вчасно\n180 грн повернено на ваш Загальний гаманець.`],
    ]);
    expect((await o.queue()).json().map((q: { id: string }) => q.id)).not.toContain(id);
    expect(refusal(await o.devCancel(id, 'Ще раз'))).toEqual([409, MSG.orderClosed]);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before + 180_00);
    await expectLedgerBalanced(ctx.deps);
  });

  it('before delivery without a reason (the newest client sends ""): the buyer is told without one', async () => {
    const id = await o.newOrder(90);
    const res = await o.devCancel(id, '  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: 'REFUNDED', cancelledBy: 'DEVELOPER', cancelReason: null });
    expect(await o.messages('order_cancelled', id)).toEqual([
      [STUDENT, `Розробник скасував замовлення №${id} «Курсова робота» (Вища математика).\n90 грн повернено на ваш Загальний гаманець.`],
    ]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('after delivery only with a reason: the money still in escrow goes back to the buyer', async () => {
    const id = await o.delivered(100);
    expect(refusal(await o.devCancel(id, ''))).toEqual([400, MSG.cancelReasonRequired]);
    expect(await o.status(id)).toBe('DELIVERED');
    const before = await balanceOf(db(), STUDENT, 'general');
    expect((await o.devCancel(id, 'Помилка у розв’язку')).json()).toMatchObject({ orderStatus: 'REFUNDED', cancelReason: 'Помилка у розв’язку' });
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before + 100_00);
    expect(await o.pending(id)).toEqual([]);
    await expectLedgerBalanced(ctx.deps);
  });
});
