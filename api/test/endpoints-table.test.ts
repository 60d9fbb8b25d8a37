/**
 * The contract's endpoint table is the API: every /api route the app serves is a row of the
 * table with the same method, path and access, and every row is served (demo rows in demo
 * mode only). A route registered beside the table, or a row with no handler, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@zalik/contract';
import { createTestContext, type TestContext } from './helpers.js';

const TABLE: Endpoint[] = Object.values(endpoints);
const key = (e: { method: string; path?: string; url?: string }) => `${e.method} ${e.path ?? e.url}`;

const served = (ctx: TestContext) =>
  ctx.app.routeCatalogue.filter((r) => r.url.startsWith('/api/v1/') || r.url.startsWith('/api/dev/')).map((r) => `${key(r)} ${r.access}`);
const rows = (demo: boolean) => TABLE.filter((e) => demo || !e.demoOnly).map((e) => `${key(e)} ${e.access}`);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('the endpoint table', () => {
  it('names each call once', () => {
    expect(new Set(TABLE.map(key)).size).toBe(TABLE.length);
  });

  it('is exactly what the app serves, access included', () => {
    expect(served(ctx).sort()).toEqual(rows(false).sort());
  });

  it('is exactly what the app serves in demo mode, demo calls included', async () => {
    const demo = await createTestContext({ BOT_TOKEN: '' });
    try {
      expect(served(demo).sort()).toEqual(rows(true).sort());
    } finally {
      await demo.close();
    }
  });

  it('has a rate limit on every call that takes a file', () => {
    // Multipart bodies are uploads; the limiter counts them even when a row forgets to say so.
    const uploads = ctx.app.routeCatalogue.filter((r) => r.multipart).map(key);
    const limited = TABLE.filter((e) => e.rateLimit).map(key);
    expect(uploads.filter((u) => !limited.includes(u))).toEqual([]);
  });
});
