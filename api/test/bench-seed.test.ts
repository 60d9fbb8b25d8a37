/**
 * `bench:seed` builds the large dataset every scale benchmark reads; it writes tables directly,
 * so a schema change could quietly break it. Seeded small here: the ledger check passes (the
 * seed fails otherwise), every order state is there, the API serves its heaviest lists on it,
 * and a seeded student can still buy a seeded task with the money the seed gave her.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { SEED_ID_BASE, seedInto, type Scale } from '../bench/seed-large.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { buy } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let scale: Scale;

beforeAll(async () => {
  ctx = await createTestContext();
  scale = await seedInto(ctx.deps.db, 2_000, () => {});
});
afterAll(() => ctx?.close());

const get = async (token: string, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(token) });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json();
};

describe('bench:seed', () => {
  it('writes the dataset’s shape: every order state, a heavy buyer, withdrawals and deposit requests', async () => {
    const states = await rows<{ status: string; n: string }>(ctx.deps.db, sql`SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status`);
    expect(states.map((s) => s.status)).toEqual(['DELIVERED', 'DISPUTED', 'DONE', 'IN_PROGRESS', 'REFUNDED']);
    expect(states.reduce((sum, s) => sum + Number(s.n), 0)).toBe(scale.orders);
    const [heavy] = await rows<{ n: string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM orders WHERE buyer_id = ${scale.heavyBuyer}`);
    expect(Number(heavy!.n)).toBeGreaterThan(scale.orders / 400);
    const [w] = await rows<{ statuses: string[] }>(ctx.deps.db, sql`SELECT array_agg(DISTINCT status ORDER BY status) AS statuses FROM withdrawals`);
    expect(w!.statuses).toEqual(['PAID', 'PENDING', 'REJECTED']);
    // Usernames as Telegram users have them: unique, varied, a tenth without one.
    const [names] = await rows<{ named: string; distinct: string; none: string; prefixes: string }>(
      ctx.deps.db,
      sql`SELECT count(*) FILTER (WHERE username <> '') AS named, count(DISTINCT lower(username)) FILTER (WHERE username <> '') AS distinct,
                 count(*) FILTER (WHERE username = '') AS none, count(DISTINCT left(lower(username), 3)) AS prefixes
          FROM users WHERE telegram_id > ${SEED_ID_BASE}`,
    );
    expect(Number(names!.distinct)).toBe(Number(names!.named));
    expect(Number(names!.none)).toBe(Math.floor((scale.users + 3) / 10));
    expect(Number(names!.prefixes)).toBeGreaterThan(20);
    // No order waits on a timer already due: the API's sweeps would rework the data under a bench.
    const [due] = await rows<{ n: string }>(
      ctx.deps.db,
      sql`SELECT count(*) AS n FROM orders WHERE (status = 'IN_PROGRESS' AND deadline_at <= now()) OR (status = 'DELIVERED' AND accept_until <= now())`,
    );
    expect(Number(due!.n)).toBe(0);
    await expectLedgerBalanced(ctx.deps);
  });

  it('is served by the API: the heavy buyer’s whole history, the admin’s lists and figures', async () => {
    const heavy = await login(ctx.app, { id: scale.heavyBuyer });
    const [mine] = await rows<{ n: string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM orders WHERE buyer_id = ${scale.heavyBuyer}`);
    expect((await get(heavy, `/api/v1/histories/user/${scale.heavyBuyer}`)).length).toBe(Number(mine!.n));
    const admin = await login(ctx.app, { id: ADMIN_ID });
    expect((await get(admin, '/api/v1/wallets/withdrawals')).length).toBeGreaterThan(0);
    const [named] = await rows<{ username: string }>(ctx.deps.db, sql`SELECT username FROM users WHERE telegram_id = ${SEED_ID_BASE + 17}`);
    const found = await get(admin, `/api/v1/users/search?username=${encodeURIComponent(named!.username.slice(2, -2))}`);
    expect(found.some((u: { username: string }) => u.username === named!.username)).toBe(true);
    expect((await get(admin, '/api/v1/dashboard/figures?period=30d')).purchases.manual.value).toBeGreaterThan(0);
  });

  it('leaves students able to buy: a seeded buyer takes a seeded manual task with the seed’s money', async () => {
    const [pick] = await rows<{ buyer: string; task: string; price: string }>(
      ctx.deps.db,
      sql`SELECT a.owner_id AS buyer, t.id AS task, t.price FROM accounts a, tasks t
          WHERE a.kind = 'general' AND a.owner_id > ${SEED_ID_BASE + scale.developers} AND a.balance >= t.price * 100
            AND NOT t.auto_generate AND t.visible
          ORDER BY a.balance DESC, t.id LIMIT 1`,
    );
    const token = await login(ctx.app, { id: Number(pick!.buyer) });
    const res = await buy(ctx, token, Number(pick!.task), []);
    expect(res.statusCode, res.body).toBe(200);
    await expectLedgerBalanced(ctx.deps);
  });
});
