/**
 * Issue 22, finding 7 (downloads): after a dispute resolved with a refund, or an order cancelled
 * and refunded, the buyer still downloaded the delivered work. The buyer has their money back,
 * so their links stop working and their history lists no file; admins and the developer keep them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type HistoryItem } from '@zalik/contract';
import { auth, type TestContext } from './helpers.js';
import { STUDENT, download, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { openOrderWorld, type OrderWorld } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: OrderWorld['o'];

beforeAll(async () => {
  ({ ctx, w, o } = await openOrderWorld(5_000));
});
afterAll(() => ctx.close());

/** The admin's view of the buyer's history item (admins read any user's history). */
async function adminItem(id: string): Promise<HistoryItem> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(w.admin) });
  return res.json<HistoryItem[]>().find((h) => h.id === id)!;
}

/** A delivered order with the buyer's link and the developer's (from the delivery's answer). */
async function deliveredWithLinks(): Promise<{ id: string; buyerLink: string; devLink: string }> {
  const id = await o.newOrder(200);
  const delivered = await o.deliver(id);
  expect(delivered.statusCode).toBe(200);
  const devLink = delivered.json<HistoryItem>().link!;
  const buyerLink = (await o.item(id)).link!;
  expect((await download(ctx, buyerLink)).statusCode).toBe(200);
  return { id, buyerLink, devLink };
}

async function expectOnlyStaffDownloads(id: string, buyerLink: string, devLink: string): Promise<void> {
  const refused = await download(ctx, buyerLink);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ message: MSG.fileOrderRefunded });
  // The buyer's history keeps the order, without files to download.
  expect(await o.item(id)).toMatchObject({ orderStatus: 'REFUNDED', fileName: null, link: null, files: [] });
  // A buyer's link cannot be turned into a staff one by adding the marker.
  expect((await download(ctx, `${buyerLink}&for=staff`)).statusCode).toBe(403);

  expect((await download(ctx, devLink)).statusCode).toBe(200);
  const admin = await adminItem(id);
  expect(admin.files).toHaveLength(1);
  expect((await download(ctx, admin.link!)).statusCode).toBe(200);
}

describe("a refunded order's files", () => {
  it('are refused to the buyer after a dispute resolved with a refund, kept for the admin and the developer', async () => {
    const { id, buyerLink, devLink } = await deliveredWithLinks();
    expect((await o.dispute(id, 'Не та робота')).statusCode).toBe(200);
    // While disputed the buyer still has the work (the money is still in escrow).
    expect((await download(ctx, buyerLink)).statusCode).toBe(200);
    const resolved = await o.resolve(id, 'REFUND');
    expect(resolved.statusCode).toBe(200);
    // The admin's answer to the resolution carries links that work.
    expect((await download(ctx, resolved.json<HistoryItem>().link!)).statusCode).toBe(200);
    await expectOnlyStaffDownloads(id, buyerLink, devLink);
    await expectLedgerBalanced(ctx.deps);
  });

  it('are refused to the buyer after a cancellation refund (an admin, or the developer after a revision)', async () => {
    const a = await deliveredWithLinks();
    expect((await o.refund(a.id)).statusCode).toBe(200);
    await expectOnlyStaffDownloads(a.id, a.buyerLink, a.devLink);

    const b = await deliveredWithLinks();
    expect((await o.revise(b.id, 'Додайте висновки')).statusCode).toBe(200);
    const cancelled = await o.devCancel(b.id, 'Не встигаю');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<HistoryItem>().files).toHaveLength(1);
    await expectOnlyStaffDownloads(b.id, b.buyerLink, b.devLink);
    await expectLedgerBalanced(ctx.deps);
  });

  it('still download for the buyer of an order accepted and done', async () => {
    const { id, buyerLink } = await deliveredWithLinks();
    expect((await o.accept(id)).statusCode).toBe(200);
    expect((await download(ctx, buyerLink)).statusCode).toBe(200);
    expect((await o.item(id)).files).toHaveLength(1);
  });
});
