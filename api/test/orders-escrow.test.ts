/**
 * Issue 15, a manual order's life through its API: delivery into escrow, acceptance,
 * revisions, disputes and their resolution, every refusal (wrong person, wrong state, twice,
 * too late) with its Ukrainian message, each followed by the ledger check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { ADMIN_ID, type TestContext } from './helpers.js';
import { DEV, STUDENT, balanceOf, systemBalance, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { PDF, openOrderWorld, type OrderWorld } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: OrderWorld['o'];

beforeAll(async () => {
  // A 10 % platform fee, so every release is split; the defaults otherwise (24 h, 72 h, 2 revisions).
  ({ ctx, w, o } = await openOrderWorld(20_000, { PLATFORM_FEE_PERCENT: '10' }));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const refusal = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { message: string }).message];
const HOUR = 3_600_000;

describe('delivery and acceptance', () => {
  it("the wallets say what escrow holds: the buyer's paid orders until accepted, the developer's share of delivered ones and when it comes", async () => {
    const wallets = async (id: number, token: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/user/${id}`, headers: { authorization: `Bearer ${token}` } })).json<
        { kind: string; held?: number; incoming?: number; incomingFrom?: string | null }[]
      >();
    const heldBefore = (await wallets(STUDENT, w.student))[0]!.held!;
    const incomingBefore = (await wallets(DEV, w.dev)).find((x) => x.kind === 'dev')!.incoming!;
    const id = await o.newOrder(150);
    expect((await wallets(STUDENT, w.student))[0]!.held).toBe(heldBefore + 150);
    expect((await wallets(DEV, w.dev)).find((x) => x.kind === 'dev')!.incoming).toBe(incomingBefore);

    const delivered = (await o.deliver(id)).json<{ acceptUntil: string }>();
    const dev = (await wallets(DEV, w.dev)).find((x) => x.kind === 'dev')!;
    // 150 less the 10 % fee; the first window to end is this order's or an earlier one's.
    expect(dev.incoming).toBe(incomingBefore + 135);
    expect(Date.parse(dev.incomingFrom!)).toBeLessThanOrEqual(Date.parse(delivered.acceptUntil));

    expect((await o.accept(id)).statusCode).toBe(200);
    expect((await wallets(STUDENT, w.student))[0]!.held).toBe(heldBefore);
    expect((await wallets(DEV, w.dev)).find((x) => x.kind === 'dev')!.incoming).toBe(incomingBefore);
  });

  it('a delivery holds the money; the buyer accepts and escrow pays the developer once', async () => {
    const id = await o.newOrder(200);
    const bought = await o.item(id);
    expect(bought).toMatchObject({ orderStatus: 'IN_PROGRESS', overdue: false, deliveredAt: null, acceptUntil: null, revisionsLeft: 2, allowedReprocess: false });
    // ORDER_DEADLINE_HOURS (24) from the purchase.
    expect(Date.parse(bought.deadlineAt as string) - Date.parse(bought.createdAt as string)).toBeCloseTo(24 * HOUR, -3);
    expect(await o.pending(id)).toEqual(['orders.overdue', 'orders.remind']);

    const escrow = await systemBalance(db(), 'escrow:orders');
    const devBefore = await balanceOf(db(), DEV, 'dev');
    const delivered = await o.deliver(id, [
      { name: 'file', filename: 'Курсова.pdf', value: PDF },
      { name: 'message', value: 'Готово.' },
    ]);
    expect(delivered.statusCode).toBe(200);
    const item = delivered.json();
    expect(item).toMatchObject({ orderStatus: 'DELIVERED', fileName: 'Курсова.pdf', message: 'Готово.', revisionsLeft: 2 });
    expect(item.link).toBe(item.files[0].link);
    expect(Date.parse(item.acceptUntil) - Date.parse(item.deliveredAt)).toBeCloseTo(72 * HOUR, -3);
    expect(await o.pending(id)).toEqual(['orders.release']);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore);
    expect(await systemBalance(db(), 'escrow:orders')).toBe(escrow);
    const [chat, text] = (await o.messages('order_delivered', id))[0] ?? [];
    expect(chat).toBe(STUDENT);
    expect(text).toContain('Перевірте відповідь до ');
    await expectLedgerBalanced(ctx.deps);

    // Somebody else cannot accept it: not the developer, not another user, not an admin.
    for (const token of [w.dev, w.otherDev, w.admin]) expect(refusal(await o.accept(id, token))).toEqual([403, MSG.orderNotYourPurchase]);
    const accepted = await o.accept(id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ orderStatus: 'DONE', fileName: 'Курсова.pdf', acceptUntil: null, completedAt: expect.any(String) });
    expect(refusal(await o.accept(id))).toEqual([409, MSG.orderClosed]);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + 180_00);
    expect(await o.transfers(id)).toEqual([
      ['PURCHASE', 200_00, 'payment'],
      ['ESCROW_RELEASE', 180_00, 'payout'],
      ['PLATFORM_FEE', 20_00, 'fee'],
    ]);
    expect(await o.pending(id)).toEqual([]);
    expect(await o.messages('order_released', id)).toEqual([
      [DEV, `Замовлення №${id} «Курсова робота» (Вища математика) прийнято студентом. 180 грн зараховано на ваш Dev гаманець.`],
    ]);
    expect(await o.events(id)).toEqual([
      ['PURCHASE', null, 'IN_PROGRESS', 'STUDENT', null],
      ['DELIVERY', 'IN_PROGRESS', 'DELIVERED', 'DEVELOPER', 'Готово.'],
      ['ACCEPT', 'DELIVERED', 'DONE', 'STUDENT', null],
    ]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('cannot be accepted before delivery, nor a missing order', async () => {
    const id = await o.newOrder(100);
    expect(refusal(await o.accept(id))).toEqual([409, MSG.orderNotDelivered]);
    expect(refusal(await o.accept('987654'))).toEqual([404, MSG.orderNotFound]);
    expect(refusal(await o.accept('нуль'))).toEqual([400, MSG.invalidField('id')]);
    expect(await o.status(id)).toBe('IN_PROGRESS');
    await expectLedgerBalanced(ctx.deps);
  });

  it('two accepts at once pay once', async () => {
    const id = await o.delivered(100);
    const both = await Promise.all([o.accept(id), o.accept(id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await o.transfers(id)).filter(([k]) => k === 'ESCROW_RELEASE')).toHaveLength(1);
    await expectLedgerBalanced(ctx.deps);
  });
});

describe('revisions', () => {
  it('send a delivery back with a new deadline and the comment, the next delivery replaces the files, at most ORDER_MAX_REVISIONS', async () => {
    const id = await o.delivered(300);
    const escrow = await systemBalance(db(), 'escrow:orders');

    expect(refusal(await o.revise(id, '   '))).toEqual([400, MSG.revisionCommentRequired]);
    expect(refusal(await o.revise(id, 'x'.repeat(2001)))).toEqual([400, MSG.textTooLong(2000)]);
    expect(refusal(await o.revise(id, 'Додайте висновки', w.otherDev))).toEqual([403, MSG.orderNotYourPurchase]);
    expect(await o.status(id)).toBe('DELIVERED');

    const first = await o.revise(id, 'Додайте висновки');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ orderStatus: 'IN_PROGRESS', revisionsLeft: 1, revisionComment: 'Додайте висновки', acceptUntil: null });
    expect(Date.parse(first.json().deadlineAt)).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect(await o.pending(id)).toEqual(['orders.overdue', 'orders.remind']);
    // The developer has it in the queue again, with what to change, and is told by the bot.
    expect((await o.queue()).json().find((q: { id: string }) => q.id === id)).toMatchObject({ revisions: 1, revisionComment: 'Додайте висновки' });
    const [chat, text] = (await o.messages('order_revision', id))[0] ?? [];
    expect(chat).toBe(DEV);
    expect(text).toContain('Додайте висновки');
    // Twice: the order is no longer delivered.
    expect(refusal(await o.revise(id, 'Ще раз'))).toEqual([409, MSG.orderNotDelivered]);

    const second = await o.deliver(id, [{ name: 'file', filename: 'Виправлено.pdf', value: PDF }]);
    expect(second.statusCode).toBe(200);
    expect(second.json().files.map((f: { fileName: string }) => f.fileName)).toEqual(['Виправлено.pdf']);
    expect(await o.messages('order_delivered', id)).toHaveLength(2);

    expect((await o.revise(id, 'Оформлення')).json()).toMatchObject({ orderStatus: 'IN_PROGRESS', revisionsLeft: 0 });
    expect((await o.deliver(id)).statusCode).toBe(200);
    expect(refusal(await o.revise(id, 'Третій раз'))).toEqual([409, MSG.revisionsExhausted(2)]);
    expect(await o.status(id)).toBe('DELIVERED');

    // Nothing moved all along: the price is still in escrow.
    expect(await systemBalance(db(), 'escrow:orders')).toBe(escrow);
    expect(await o.transfers(id)).toEqual([['PURCHASE', 300_00, 'payment']]);
    expect((await o.events(id)).map(([kind]) => kind)).toEqual(['PURCHASE', 'DELIVERY', 'REVISION', 'DELIVERY', 'REVISION', 'DELIVERY']);
    await expectLedgerBalanced(ctx.deps);
  });

  it('is too late once the acceptance window has ended', async () => {
    const id = await o.delivered(100);
    await o.endWindow(id);
    expect(refusal(await o.revise(id, 'Пізно'))).toEqual([409, MSG.orderAcceptExpired]);
    expect(refusal(await o.dispute(id, 'Пізно'))).toEqual([409, MSG.orderAcceptExpired]);
    // Accepting late is the same outcome as the timer's: it is allowed.
    expect((await o.accept(id)).statusCode).toBe(200);
    await expectLedgerBalanced(ctx.deps);
  });
});

describe('disputes', () => {
  it('hold the money with no automatic release, reach the developer and admins, and block the buyer’s other actions', async () => {
    const id = await o.delivered(150);
    expect(refusal(await o.dispute(id, ''))).toEqual([400, MSG.disputeReasonRequired]);
    expect(refusal(await o.dispute(id, 'Не той варіант', w.dev))).toEqual([403, MSG.orderNotYourPurchase]);
    const opened = await o.dispute(id, 'Не той варіант');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ orderStatus: 'DISPUTED', disputeReason: 'Не той варіант', disputeOutcome: null, acceptUntil: null });
    expect(await o.pending(id)).toEqual([]);
    const told = await o.messages('order_disputed', id);
    expect(told.map(([chat]) => chat).sort()).toEqual([ADMIN_ID, DEV].sort());
    expect(told.every(([, text]) => text.includes('Не той варіант'))).toBe(true);

    expect(refusal(await o.dispute(id, 'Ще раз'))).toEqual([409, MSG.orderDisputed]);
    expect(refusal(await o.accept(id))).toEqual([409, MSG.orderDisputed]);
    expect(refusal(await o.revise(id, 'Виправте'))).toEqual([409, MSG.orderDisputed]);
    expect(refusal(await o.cancel(id))).toEqual([409, MSG.orderAlreadyDelivered]);
    expect((await o.transfers(id)).map(([k]) => k)).toEqual(['PURCHASE']);

    const list = (await o.disputes()).json();
    expect(list.find((d: { id: string }) => d.id === id)).toMatchObject({
      taskTitle: 'Курсова робота',
      price: 150,
      buyer: { telegramId: String(STUDENT), username: 'olena' },
      developer: { telegramId: String(DEV), username: 'taras' },
      disputeReason: 'Не той варіант',
      files: [{ fileName: 'Відповідь.pdf', link: expect.stringMatching(/^https:\/\/zalik\.test\/api\/v1\/files\//) }],
      events: [
        expect.objectContaining({ kind: 'PURCHASE', to: 'IN_PROGRESS', actor: 'STUDENT', actorId: String(STUDENT) }),
        expect.objectContaining({ kind: 'DELIVERY', from: 'IN_PROGRESS', to: 'DELIVERED', actor: 'DEVELOPER' }),
        expect.objectContaining({ kind: 'DISPUTE', from: 'DELIVERED', to: 'DISPUTED', note: 'Не той варіант' }),
      ],
    });
    await expectLedgerBalanced(ctx.deps);
  });

  it('an admin resolves one once: RELEASE pays the developer, REFUND returns the price', async () => {
    const released = await o.delivered(100);
    const refunded = await o.delivered(100);
    for (const id of [released, refunded]) expect((await o.dispute(id, 'Спір')).statusCode).toBe(200);
    expect(refusal(await o.resolve(released, 'HALF'))).toEqual([400, MSG.disputeOutcome]);
    expect(refusal(await o.resolve('987654', 'RELEASE'))).toEqual([404, MSG.orderNotFound]);

    const devBefore = await balanceOf(db(), DEV, 'dev');
    const ok = await o.resolve(released, 'RELEASE');
    expect(ok.json()).toMatchObject({ orderStatus: 'DONE', disputeOutcome: 'RELEASE' });
    expect(refusal(await o.resolve(released, 'REFUND'))).toEqual([409, MSG.disputeNotOpen]);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + 90_00);
    expect((await o.messages('order_dispute_resolved', released)).map(([chat]) => chat).sort()).toEqual([STUDENT, DEV].sort());

    const studentBefore = await balanceOf(db(), STUDENT, 'general');
    const back = await o.resolve(refunded, 'REFUND');
    expect(back.json()).toMatchObject({ orderStatus: 'REFUNDED', disputeOutcome: 'REFUND', cancelledBy: 'ADMIN' });
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(studentBefore + 100_00);
    expect((await o.transfers(refunded)).map(([k, , key]) => `${k}:${key}`)).toEqual(['PURCHASE:payment', 'REFUND:refund']);
    expect((await o.events(refunded)).at(-1)).toEqual(['RESOLVE_REFUND', 'DISPUTED', 'REFUNDED', 'ADMIN', null]);

    const open = (await o.disputes()).json().map((d: { id: string }) => d.id);
    expect(open).not.toContain(released);
    expect(open).not.toContain(refunded);
    // A delivered order that nobody disputed is not an admin's to resolve.
    expect(refusal(await o.resolve(await o.delivered(100), 'RELEASE'))).toEqual([409, MSG.disputeNotOpen]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('the existing admin refund works on a disputed order and resolves it', async () => {
    const id = await o.delivered(120);
    await o.dispute(id, 'Спір');
    const res = await o.refund(id);
    expect(res.json()).toMatchObject({ orderStatus: 'REFUNDED', cancelledBy: 'ADMIN', disputeOutcome: 'REFUND' });
    expect(refusal(await o.resolve(id, 'RELEASE'))).toEqual([409, MSG.disputeNotOpen]);
    await expectLedgerBalanced(ctx.deps);
  });
});

describe("the developer's record", () => {
  it('lists delivered and closed orders, newest first, with what each earned, a page at a time', async () => {
    const done = await o.delivered(100);
    await o.accept(done);
    const waiting = await o.delivered(50);
    const page = (await o.completed('?page=0&limit=2')).json();
    expect(page).toHaveLength(2);
    expect(page[0]).toMatchObject({ id: waiting, orderStatus: 'DELIVERED', price: 50, earned: 0, user: { telegramId: String(STUDENT), username: 'olena' } });
    expect(page[1]).toMatchObject({ id: done, orderStatus: 'DONE', price: 100, earned: 90, completedAt: expect.any(String) });
    const next = (await o.completed('?page=1&limit=2')).json();
    expect(next.map((d: { id: string }) => d.id)).not.toContain(done);
    expect((await o.completed('', w.otherDev)).json()).toEqual([]);
    expect(refusal(await o.completed('?page=-1'))).toEqual([400, MSG.pageInvalid]);
    expect(refusal(await o.completed('?limit=500'))).toEqual([400, MSG.limitInvalid]);
  });
});

describe("a task's own deadline", () => {
  it('sets the deadline of its orders and the developer is told it', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tasks/task',
      headers: { authorization: `Bearer ${w.admin}` },
      payload: { title: 'Експрес', price: 80, type: 'REGULAR', developerTelegramId: String(DEV), autoGenerate: false, teacherId: String(w.teacherId), args: w.argIds.map(String), deadlineHours: 6 },
    });
    expect(created.statusCode).toBe(201);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tasks/process',
      headers: { authorization: `Bearer ${w.student}` },
      payload: { taskId: created.json().id, arguments: ['Бойко О. О.', '3'] },
    });
    expect(res.statusCode).toBe(200);
    const bought = res.json();
    expect(Date.parse(bought.deadlineAt) - Date.parse(bought.createdAt)).toBeCloseTo(6 * HOUR, -3);
    const [chat, text] = (await o.messages('order_created', bought.id))[0] ?? [];
    expect([chat, text]).toEqual([DEV, expect.stringContaining('Виконати до ')]);
    await expectLedgerBalanced(ctx.deps);
  });

});
