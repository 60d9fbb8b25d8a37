/**
 * A whole (unpaged) list answers at most UNPAGED_LIST_MAX items, its first ones in the list's
 * order, and says the cap in `x-list-limit`; the paged form of the same call still reaches every
 * item (docs/API-CONTRACT.md "Whole lists").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auth, type TestContext } from './helpers.js';
import { STUDENT, buy, manualTask, openWorld, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

const CAP = 4;

let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ({ ctx, w } = await openWorld({ UNPAGED_LIST_MAX: String(CAP) }));
  await ctx.deps.db.execute(sql`
    INSERT INTO users (telegram_id, username, created_at)
    SELECT 6000000 + i, 'capped' || i, now() - make_interval(mins => i) FROM generate_series(1, 10) AS i`);
});
afterAll(() => ctx.close());

const get = (url: string, token = w.admin) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });

describe('a whole list past the cap', () => {
  it('answers its first items only, says the cap, and its pages still reach the rest', async () => {
    const res = await get('/api/v1/users');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-list-limit']).toBe(String(CAP));
    const whole = res.json<{ telegramId: string }[]>();
    const paged = (await get('/api/v1/users?page=0&limit=20')).json<{ content: { telegramId: string }[] }>().content;
    expect(paged.length).toBeGreaterThan(CAP);
    expect(whole.map((u) => u.telegramId)).toEqual(paged.slice(0, CAP).map((u) => u.telegramId));
  });

  it("a buyer's history: the newest orders, each once", async () => {
    const task = await manualTask(ctx, w, { price: 1 });
    await topUp(ctx.deps.db, STUDENT, 6);
    const bought: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await buy(ctx, w.student, task, ['Коваль І. І.', String(i)]);
      expect(res.statusCode).toBe(200);
      bought.push(String(res.json<{ id: string }>().id));
    }
    const res = await get(`/api/v1/histories/user/${STUDENT}`, w.student);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ id: string }[]>();
    expect(items.map((o) => String(o.id))).toEqual(bought.reverse().slice(0, CAP));
    await expectLedgerBalanced(ctx.deps);
  });

  it('a list shorter than the cap is whole', async () => {
    const res = await get('/api/v1/users/role/ROLE_DEVELOPER');
    expect(res.headers['x-list-limit']).toBe(String(CAP));
    expect(res.json()).toHaveLength(2);
  });
});
