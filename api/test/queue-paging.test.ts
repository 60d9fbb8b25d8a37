/**
 * Issue 30, "Bounded reads": the developer's open orders page by page (`?page&limit`), as Zalik's
 * app and the newest client read them. The pages one after another are the whole queue, oldest
 * first, even when orders share a moment or one is delivered between two pages: the next page
 * starts after the last order the previous one showed, not `page × limit` further.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InProgressOrder, Page } from '@zalik/contract';
import { auth, type TestContext } from './helpers.js';
import type { World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { openOrderWorld, type OrderWorld } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: OrderWorld['o'];

beforeAll(async () => {
  ({ ctx, w, o } = await openOrderWorld(20_000));
  for (let i = 0; i < 8; i++) await o.newOrder(100 + i);
  // Moments shared by several orders (microseconds included), in an order unlike the ids': pages
  // must cut through ties.
  await ctx.database.db.execute(sql`
    UPDATE orders SET created_at = timestamptz '2026-11-20 10:00:00.123456+00' + make_interval(secs => (2 - id % 3))
    WHERE status = 'IN_PROGRESS'`);
});
afterAll(() => ctx.close());

const get = (query = '', token = w.dev) => ctx.app.inject({ method: 'GET', url: `/api/v1/histories/developer/in-progress${query}`, headers: auth(token) });

async function whole(): Promise<string[]> {
  const res = await get();
  expect(res.statusCode).toBe(200);
  return res.json<InProgressOrder[]>().map((q) => q.id);
}

async function page(n: number, limit: number): Promise<Page<InProgressOrder>> {
  const res = await get(`?page=${n}&limit=${limit}`);
  expect(res.statusCode).toBe(200);
  return res.json<Page<InProgressOrder>>();
}

describe('the developer\'s queue, paged', () => {
  it('pages through ties in the whole list\'s order', async () => {
    const all = await whole();
    expect(all).toHaveLength(8);
    const pages = [await page(0, 3), await page(1, 3), await page(2, 3)];
    expect(pages.map((p) => p.last)).toEqual([false, false, true]);
    expect(pages.flatMap((p) => p.content.map((q) => q.id))).toEqual(all);
  });

  it('an order delivered between two pages does not make the next page skip another', async () => {
    const before = await whole();
    const first = await page(0, 3);
    expect(first.content.map((q) => q.id)).toEqual(before.slice(0, 3));
    // The developer delivers the first order of the page just shown.
    expect((await o.deliver(before[0]!)).statusCode).toBe(200);
    const second = await page(1, 3);
    // By OFFSET the page would start at before[4]: before[3] would never be shown.
    expect(second.content.map((q) => q.id)).toEqual(before.slice(3, 6));
    const third = await page(2, 3);
    expect(third).toMatchObject({ last: true });
    expect(third.content.map((q) => q.id)).toEqual(before.slice(6));
    expect(await whole()).toEqual(before.slice(1));
    await expectLedgerBalanced(ctx.deps);
  });

  it('is the calling developer\'s own: a student gets 403, another developer an empty page', async () => {
    expect((await get('?page=0&limit=5', w.student)).statusCode).toBe(403);
    expect((await get('?page=0&limit=5', w.otherDev)).json()).toEqual({ content: [], last: true });
  });
});
