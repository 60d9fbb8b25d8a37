/**
 * Issue 30, "Bounded reads": the admin's open disputes page by page (`?page&limit`). Without
 * either the answer stays the whole list as a plain array; with them one page `{content, last}`,
 * oldest first, and the pages one after another are that list, even when disputes share a moment
 * or one is resolved between two pages (the next page starts after the previous one's last
 * dispute, not `page × limit` further).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DISPUTE_PAGE_SIZE, MSG, type Dispute, type Page } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { auth, type TestContext } from './helpers.js';
import type { World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { openOrderWorld, type OrderWorld } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: OrderWorld['o'];

/** Open disputes made through the API (each delivered with a file, then disputed). */
async function openDisputes(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await o.delivered(100 + i);
    expect((await o.dispute(id, `Не той варіант ${i}`)).statusCode).toBe(200);
    ids.push(id);
  }
  return ids;
}

beforeAll(async () => {
  ({ ctx, w, o } = await openOrderWorld(20_000));
  await openDisputes(9);
  // Three moments shared by three disputes each (microseconds included), in an order unlike the ids':
  // pages must cut through ties and keys must keep the fraction.
  await ctx.database.db.execute(sql`
    UPDATE orders SET disputed_at = timestamptz '2026-11-20 10:00:00.123456+00' + make_interval(secs => (id % 3) * 0.000001 + (2 - id % 3))
    WHERE status = 'DISPUTED'`);
});
afterAll(() => ctx.close());

const get = (query = '', token = w.admin) => ctx.app.inject({ method: 'GET', url: `/api/v1/histories/disputes${query}`, headers: auth(token) });
/** A signed link's expiry moves in steps; compare files by name and path. */
const plain = (list: Dispute[]) => list.map((d) => ({ ...d, files: d.files.map((f) => ({ ...f, link: f.link.split('?')[0] })) }));

async function whole(): Promise<Dispute[]> {
  const res = await get();
  expect(res.statusCode).toBe(200);
  const list = res.json<Dispute[]>();
  expect(Array.isArray(list)).toBe(true);
  return list;
}

async function page(n: number, limit: number): Promise<Page<Dispute>> {
  const res = await get(`?page=${n}&limit=${limit}`);
  expect(res.statusCode).toBe(200);
  return res.json<Page<Dispute>>();
}

/** Pages 0, 1, ... of `limit` until one says it is the last. */
async function everyPage(limit: number): Promise<Dispute[][]> {
  const pages: Dispute[][] = [];
  for (let n = 0; ; n++) {
    const p = await page(n, limit);
    pages.push(p.content);
    if (p.last) return pages;
    expect(p.content).toHaveLength(limit);
  }
}

const openIds = async () =>
  (await rows<{ id: number | string }>(ctx.database.db, sql`SELECT id FROM orders WHERE status = 'DISPUTED' ORDER BY disputed_at, id`)).map((r) => String(r.id));

describe('open disputes, page by page', () => {
  it('without page or limit: the whole list as a plain array, oldest first, each with its story', async () => {
    const list = await whole();
    expect(list.map((d) => d.id)).toEqual(await openIds());
    expect(list).toHaveLength(9);
    for (const d of list) {
      expect(d.disputeReason).toMatch(/^Не той варіант \d$/);
      expect(d.files).toEqual([{ fileName: 'Відповідь.pdf', link: expect.stringContaining('&for=staff') }]);
      expect(d.events.map((e) => e.kind)).toEqual(['PURCHASE', 'DELIVERY', 'DISPUTE']);
    }
    // The ties are real: three disputes share each second.
    expect(new Set(list.map((d) => d.disputedAt.slice(0, 19))).size).toBe(3);
  });

  it('page after page is the whole list: same disputes, same order, same content, through ties', async () => {
    const all = plain(await whole());
    for (const limit of [1, 2, 4, 9, 50]) {
      const pages = await everyPage(limit);
      expect(plain(pages.flat())).toEqual(all);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(all.length / limit)));
    }
    // Past the end: an empty last page.
    expect(await page(5, 9)).toEqual({ content: [], last: true });
  });

  it('a page opened directly (no page before it from this admin) is read by OFFSET, and still right', async () => {
    const all = plain(await whole());
    expect(plain((await page(1, 3)).content)).toEqual(all.slice(3, 6));
    expect(plain((await page(2, 3)).content)).toEqual(all.slice(6, 9));
  });

  it('only page or only limit asks for a page too (DISPUTE_PAGE_SIZE or page 0)', async () => {
    const all = await whole();
    const first = (await get('?page=0')).json<Page<Dispute>>();
    expect(first.content.map((d) => d.id)).toEqual(all.slice(0, DISPUTE_PAGE_SIZE).map((d) => d.id));
    expect(first.last).toBe(all.length <= DISPUTE_PAGE_SIZE);
    const two = (await get('?limit=2')).json<Page<Dispute>>();
    expect(two).toMatchObject({ last: false });
    expect(two.content.map((d) => d.id)).toEqual(all.slice(0, 2).map((d) => d.id));
  });

  it('a dispute resolved between two pages does not make the next page skip another', async () => {
    const before = (await whole()).map((d) => d.id);
    const first = await page(0, 3);
    expect(first.content.map((d) => d.id)).toEqual(before.slice(0, 3));
    // Another tab (or another admin) decides the first dispute of the page just shown.
    expect((await o.resolve(before[0]!, 'REFUND')).statusCode).toBe(200);
    const second = await page(1, 3);
    // By OFFSET the page would start at before[4]: before[3] would never be shown.
    expect(second.content.map((d) => d.id)).toEqual(before.slice(3, 6));
    const third = await page(2, 3);
    expect(third).toMatchObject({ last: true });
    expect(third.content.map((d) => d.id)).toEqual(before.slice(6));
    // Reading the list again from the top, the pages are the list as it is now.
    const now = (await whole()).map((d) => d.id);
    expect(now).toEqual(before.slice(1));
    expect((await everyPage(3)).flat().map((d) => d.id)).toEqual(now);

    // A page opened directly (by OFFSET) keeps where the page before it ended: opened again after a
    // dispute above it is resolved, it shows the same disputes instead of skipping one.
    const jumped = await page(1, 5);
    expect(jumped).toEqual({ content: expect.any(Array), last: true });
    expect(jumped.content.map((d) => d.id)).toEqual(now.slice(5));
    expect((await o.resolve(now[0]!, 'RELEASE')).statusCode).toBe(200);
    expect((await page(1, 5)).content.map((d) => d.id)).toEqual(now.slice(5));
    await expectLedgerBalanced(ctx.deps);
  });

  it('a bad page or limit is a 400 with the Ukrainian message, never a 500', async () => {
    for (const [query, message] of [
      ['?page=0&limit=51', MSG.limitInvalid],
      ['?page=0&limit=0', MSG.limitInvalid],
      ['?limit=-5', MSG.limitInvalid],
      ['?limit=abc', MSG.limitInvalid],
      ['?page=-1&limit=5', MSG.pageInvalid],
      ['?page=1.5', MSG.pageInvalid],
      ['?page=x&limit=5', MSG.pageInvalid],
      ['?page=100001&limit=5', MSG.pageInvalid],
    ] as const) {
      const res = await get(query);
      expect([query, res.statusCode, res.json<{ message: string }>().message]).toEqual([query, 400, message]);
    }
  });

  it('is for admins only, paged or not', async () => {
    for (const token of [w.student, w.dev]) {
      expect((await get('', token)).statusCode).toBe(403);
      expect((await get('?page=0&limit=5', token)).statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/disputes?page=0&limit=5' });
    expect(anonymous.statusCode).toBe(401);
  });
});
