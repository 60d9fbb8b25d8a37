/**
 * Issue 15, races: an acceptance racing the automatic release (two sweeps at once, as two
 * instances), a cancel racing a delivery, two admins resolving one dispute. Every order ends
 * in exactly one state and its money moves once. Truly parallel on PostgreSQL (a pool of
 * connections); serialised on PGlite, where the same assertions hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { auth, grantRole, login, type TestContext } from './helpers.js';
import { STUDENT, blobCount, openWorld, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { orderCalls, orderRunner } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: ReturnType<typeof orderCalls>;
const N = 8;

beforeAll(async () => {
  ({ ctx, w } = await openWorld({ PLATFORM_FEE_PERCENT: '10' }));
  o = orderCalls(ctx, w);
  await topUp(ctx.database.db, STUDENT, 50_000);
});
afterAll(() => ctx.close());

const message = (r: { json(): unknown }) => (r.json() as { message?: string }).message;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
/** Moves of escrow for an order: how many payouts and refunds it got. */
async function moves(id: string) {
  const t = await o.transfers(id);
  return { payout: t.filter(([, , key]) => key === 'payout').length, refund: t.filter(([, , key]) => key === 'refund').length };
}

describe('racing changes of one order', () => {
  it('accepts racing the automatic release on two runners: one wins per order, the money moves once', async () => {
    const ids = await times(N, () => o.delivered(100));
    for (const id of ids) await o.endWindow(id);
    const [a, b] = [orderRunner(ctx), orderRunner(ctx)];
    // The sweeps start first and the clicks follow one by one, so both sides win some orders.
    const [, , accepts] = await Promise.all([a.runDue(), b.runDue(), times(N, (i) => pause(i * 3).then(() => o.accept(ids[i]!)))]);

    for (const r of accepts) expect([200, 409]).toContain(r.statusCode);
    for (const r of accepts.filter((x) => x.statusCode === 409)) expect(message(r)).toBe(MSG.orderClosed);
    let clicked = 0;
    for (const [i, id] of ids.entries()) {
      expect(await o.status(id)).toBe('DONE');
      expect(await moves(id)).toEqual({ payout: 1, refund: 0 });
      const closing = (await o.events(id)).filter(([kind]) => kind === 'ACCEPT' || kind === 'AUTO_RELEASE');
      expect(closing).toHaveLength(1);
      expect(closing[0]![0] === 'ACCEPT').toBe(accepts[i]!.statusCode === 200);
      if (accepts[i]!.statusCode === 200) clicked++;
      expect(await o.messages('order_released', id)).toHaveLength(1);
    }
    expect(clicked).toBeLessThanOrEqual(N);
    await expectLedgerBalanced(ctx.deps);
  });

  it('a cancel racing a delivery: the order ends refunded or delivered, its money moves once, and a refused delivery leaves no file', async () => {
    const ids = await times(N, () => o.newOrder(100));
    for (const id of ids) await o.passDeadline(id);
    const blobs = await blobCount(ctx);
    // Half are cancelled by the buyer (overdue), half by the developer (with a reason).
    const cancel = (i: number) => (i % 2 === 0 ? o.cancel(ids[i]!) : o.devCancel(ids[i]!, 'Не встигаю'));
    // The deliveries start first and the cancels follow one by one, so both sides win some orders.
    const results = await times(N, (i) => Promise.all([pause(i * 8).then(() => cancel(i)), o.deliver(ids[i]!)]));

    let filesKept = 0;
    for (const [i, id] of ids.entries()) {
      const [cancelled, delivery] = results[i]!;
      const status = await o.status(id);
      if (delivery.statusCode !== 200) {
        // The cancel came first: the delivery is refused and its files removed.
        expect([cancelled.statusCode, delivery.statusCode, message(delivery), status]).toEqual([200, 409, MSG.orderClosed, 'REFUNDED']);
      } else if (cancelled.statusCode !== 200) {
        // The delivery came first: the buyer can no longer cancel, and a developer's cancel that read the old state is refused.
        expect(message(cancelled)).toBe(i % 2 === 0 ? MSG.orderAlreadyDelivered : MSG.orderChangedMeanwhile);
        expect(status).toBe('DELIVERED');
        filesKept++;
      } else {
        // The developer cancelled the delivered order (with its reason): refunded from escrow.
        expect(i % 2).toBe(1);
        expect(status).toBe('REFUNDED');
        filesKept++;
      }
      expect(await moves(id)).toEqual(status === 'REFUNDED' ? { payout: 0, refund: 1 } : { payout: 0, refund: 0 });
      if (status === 'REFUNDED') expect(await o.pending(id)).toEqual([]);
    }
    expect(await blobCount(ctx)).toBe(blobs + filesKept);
    await expectLedgerBalanced(ctx.deps);
  });

  it('two admins resolving one dispute: one decides, the other is refused, the money moves once', async () => {
    const second = await login(ctx.app, { id: 7100, username: 'boss2' });
    await grantRole(ctx.app, w.admin, 7100, 'ROLE_ADMIN');
    const ids = await times(N, () => o.delivered(100));
    for (const id of ids) expect((await o.dispute(id, 'Спір')).statusCode).toBe(200);
    const results = await times(N, (i) => Promise.all([o.resolve(ids[i]!, 'RELEASE', w.admin), o.resolve(ids[i]!, 'REFUND', second)]));

    for (const [i, id] of ids.entries()) {
      const [release, refund] = results[i]!;
      expect([release.statusCode, refund.statusCode].sort()).toEqual([200, 409]);
      expect(message(release.statusCode === 409 ? release : refund)).toBe(MSG.disputeNotOpen);
      expect(await o.status(id)).toBe(release.statusCode === 200 ? 'DONE' : 'REFUNDED');
      expect(await moves(id)).toEqual(release.statusCode === 200 ? { payout: 1, refund: 0 } : { payout: 0, refund: 1 });
    }
    const open = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/disputes', headers: auth(second) });
    expect(open.json().map((d: { id: string }) => d.id).filter((id: string) => ids.includes(id))).toEqual([]);
    await expectLedgerBalanced(ctx.deps);
  });
});
