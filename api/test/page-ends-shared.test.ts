/**
 * Issue 30, keyset pages behind a load balancer: where a page of a list ended is kept in Redis
 * (REDIS_URL) as well as in the instance's memory, so the next page is read from that row
 * whichever instance answers it, instead of by OFFSET. The entries are kept under the database's
 * own tag, so another deployment on the same Redis never reads them, and Redis being down only
 * means OFFSET.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Dispute, Page } from '@zalik/contract';
import { buildApp, createDeps } from '../src/app.js';
import { databaseTag } from '../src/db/database-tag.js';
import { createPageKeys, redisPageEnds, type PageKeys } from '../src/lib/page-keys.js';
import { auth, onPostgres, type TestContext } from './helpers.js';
import type { World } from './purchase-world.js';
import { openOrderWorld, type OrderWorld } from './escrow-helpers.js';
import { sleep } from './api-process.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
function redisClient(url = REDIS_URL): Redis {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false });
  // A Redis that is down is one of the cases; its reconnect errors are expected.
  client.on('error', () => undefined);
  return client;
}

/** `keys.before(list, page)` once the shared store has it (its write goes in the background), or undefined after a second. */
async function foundBefore<K>(keys: PageKeys<K>, list: string, page: number): Promise<K | undefined> {
  for (let i = 0; i < 20; i++) {
    const key = await keys.before(list, page);
    if (key !== undefined) return key;
    await sleep(50);
  }
  return undefined;
}

describe('page ends in Redis', () => {
  const clients: Redis[] = [];
  const connected = async (url?: string) => {
    const c = redisClient(url);
    clients.push(c);
    await c.connect().catch(() => undefined);
    return c;
  };
  afterAll(async () => {
    for (const c of clients) c.disconnect();
  });

  it('an end one instance served is found by another; another kind of list or another database never finds it', async () => {
    const tag = randomUUID();
    const list = `${randomUUID()}:3`;
    const key = { at: '2026-11-20 10:00:00.123456+00', id: '42' };
    const first = createPageKeys<typeof key>('disputes', redisPageEnds(await connected(), async () => tag));
    const second = createPageKeys<typeof key>('disputes', redisPageEnds(await connected(), async () => tag));
    const otherKind = createPageKeys<typeof key>('users', redisPageEnds(await connected(), async () => tag));
    const otherDatabase = createPageKeys<typeof key>('disputes', redisPageEnds(await connected(), async () => randomUUID()));

    expect(await second.before(list, 1)).toBeUndefined();
    first.remember(list, 0, key);
    expect(await foundBefore(second, list, 1)).toEqual(key);
    // Page 0 has no page before it; page 2 follows page 1, which nobody served.
    expect(await second.before(list, 0)).toBeUndefined();
    expect(await second.before(list, 2)).toBeUndefined();
    expect(await otherKind.before(list, 1)).toBeUndefined();
    expect(await otherDatabase.before(list, 1)).toBeUndefined();
  });

  it('with Redis down an instance still finds its own ends, and the others are read by OFFSET', async () => {
    // Nothing listens on port 1.
    const down = redisPageEnds(await connected('redis://127.0.0.1:1'), async () => randomUUID());
    const first = createPageKeys<number>('users', down);
    const second = createPageKeys<number>('users', down);
    first.remember('admin:20', 0, 7);
    expect(await first.before('admin:20', 1)).toBe(7);
    expect(await second.before('admin:20', 1)).toBeUndefined();
  });
});

describe('open disputes paged across two instances', () => {
  let ctx: TestContext;
  let w: World;
  let o: OrderWorld['o'];
  /** Two more instances on the same database sharing page ends through Redis, and one that keeps them to itself. */
  let left: FastifyInstance;
  let right: FastifyInstance;
  let alone: FastifyInstance;
  const redis: Redis[] = [];

  const instance = async (shared: boolean) => {
    const deps = createDeps(ctx.config, ctx.database);
    if (shared) {
      const client = redisClient();
      redis.push(client);
      await client.connect();
      deps.pageEnds = redisPageEnds(client, () => databaseTag(ctx.database.db));
    } else {
      deps.pageEnds = null;
    }
    const app = await buildApp(deps, { logger: false, serveWeb: false });
    await app.ready();
    return app;
  };
  const page = async (app: FastifyInstance, n: number, limit: number) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/histories/disputes?page=${n}&limit=${limit}`, headers: auth(w.admin) });
    expect(res.statusCode).toBe(200);
    return res.json<Page<Dispute>>().content.map((d) => d.id);
  };

  beforeAll(async () => {
    ({ ctx, w, o } = await openOrderWorld(20_000, { REDIS_URL }));
    for (let i = 0; i < 7; i++) {
      const id = await o.delivered(100 + i);
      expect((await o.dispute(id, `Не той варіант ${i}`)).statusCode).toBe(200);
    }
    left = await instance(true);
    right = await instance(true);
    alone = await instance(false);
  });
  afterAll(async () => {
    await Promise.all([left, right, alone].map((app) => app?.close()));
    for (const c of redis) c.disconnect();
    await ctx?.close();
  });

  it('the next page starts after the previous one whichever instance served it', async () => {
    const before = await page(ctx.app, 0, 50);
    expect(before).toHaveLength(7);
    expect(await page(left, 0, 3)).toEqual(before.slice(0, 3));
    // Another admin decides the first dispute of the page just shown.
    expect((await o.resolve(before[0]!, 'REFUND')).statusCode).toBe(200);
    // The right instance never served page 0: it reads from where the left one's page ended.
    let next: string[] = [];
    for (let i = 0; i < 20 && next[0] !== before[3]; i++) {
      next = await page(right, 1, 3);
      if (next[0] !== before[3]) await sleep(50);
    }
    expect(next).toEqual(before.slice(3, 6));
    // An instance that keeps its ends to itself reads page 1 by OFFSET: the list moved up, so
    // it starts one further and the dispute shown nowhere yet (before[3]) is skipped.
    expect(await page(alone, 1, 3)).toEqual(before.slice(4, 7));
  });

  it('a deployment on PostgreSQL with REDIS_URL shares its page ends; the embedded database has one instance and keeps them', () => {
    expect(ctx.deps.pageEnds !== null).toBe(onPostgres);
  });

  it('the database keeps one tag, whichever instance asks first', async () => {
    const [a, b] = await Promise.all([databaseTag(ctx.database.db), databaseTag(ctx.database.db)]);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toBe(a);
    expect(await databaseTag(ctx.database.db)).toBe(a);
  });
});
