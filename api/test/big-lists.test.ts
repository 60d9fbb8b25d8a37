/**
 * The lists clients ask for whole (every user; a buyer's every order; a developer's open queue; an inviter's
 * friends; open disputes; a task's discounts) are streamed batch by batch: the answer is the same list, and a cheap call beside 10 of them waits no more than
 * 100 ms longer than on the idle server (20 000 users as one array held the loop 450-550 ms).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { auth, onPostgres, type TestContext } from './helpers.js';
import { STUDENT, buy, manualTask, openWorld, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { expectResponsive, lateDuring } from './responsiveness.js';

const USERS = 20_000;
const ORDERS = 2_500;

let ctx: TestContext;
let w: World;
let base: string;
let taskId: number;

beforeAll(async () => {
  // The whole lists here are longer than the default cap (UNPAGED_LIST_MAX): streaming is what is tested.
  ({ ctx, w } = await openWorld({ UNPAGED_LIST_MAX: '100000' }));
  const db = ctx.deps.db;
  // Seven sign-up minutes shared by thousands of users: the batches must cut through ties.
  await db.execute(sql`
    INSERT INTO users (telegram_id, username, created_at)
    SELECT 5000000 + i, 'user' || i, now() - make_interval(mins => i % 7) FROM generate_series(1, ${USERS}) AS i`);
  const task = await manualTask(ctx, w, { price: 1 });
  taskId = Number(task);
  await topUp(db, STUDENT, 1);
  const first = await buy(ctx, w.student, task, ['Коваль І. І.', '3']);
  expect(first.statusCode).toBe(200);
  // Copies of the one paid order at no price (the escrow still holds exactly that order's
  // price), in a few purchase instants so that the keyset meets ties.
  await db.execute(sql`
    INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, arguments, task_title, subject_name, teacher_name,
                        developer_name, auto_generate, full_price, price, status, created_at)
    SELECT buyer_id, task_id, developer_id, 'copy-' || i, arguments, task_title, subject_name, teacher_name,
           developer_name, auto_generate, full_price, 0, status, created_at - make_interval(secs => i % 5)
    FROM orders, generate_series(1, ${ORDERS - 1}) AS i`);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(() => ctx.close());

async function getJson<T>(path: string, token = w.admin): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: auth(token) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as T;
}

describe('lists asked for whole', () => {
  it('GET /users answers every user once, in the order the pages give', async () => {
    const [{ n }] = (await rows<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM users`)) as [{ n: number | string }];
    const whole = await getJson<{ telegramId: string; username: string; roles: string[] }[]>('/api/v1/users');
    expect(whole).toHaveLength(Number(n));
    expect(new Set(whole.map((u) => u.telegramId)).size).toBe(Number(n));
    const ordered = await rows<{ id: number | string }>(ctx.deps.db, sql`SELECT telegram_id AS id FROM users ORDER BY created_at DESC, telegram_id`);
    expect(whole.map((u) => u.telegramId)).toEqual(ordered.map((u) => String(u.id)));
    for (const page of [0, 1, 57, Math.floor(Number(n) / 50)]) {
      const one = (await getJson<{ content: { telegramId: string }[] }>(`/api/v1/users?page=${page}&limit=50`)).content;
      expect(one.map((u) => u.telegramId)).toEqual(whole.slice(page * 50, page * 50 + 50).map((u) => u.telegramId));
    }
    expect(whole.find((u) => u.telegramId === String(5000000 + 42))).toMatchObject({ username: 'user42', roles: ['ROLE_USER'] });
  });

  it('the user search and the role list stream the same way', async () => {
    const found = await getJson<{ username: string }[]>('/api/v1/users/search?username=user1999');
    expect(found.map((u) => u.username).sort()).toEqual(['user1999', 'user19990', 'user19991', 'user19992', 'user19993', 'user19994', 'user19995', 'user19996', 'user19997', 'user19998', 'user19999']);
    const developers = await getJson<{ roles: string[] }[]>('/api/v1/users/role/ROLE_DEVELOPER');
    expect(developers).toHaveLength(2);
    expect(await getJson('/api/v1/users/search?username=nobody-at-all')).toEqual([]);
  });

  it("a buyer's whole history is every order once, the same as its pages", async () => {
    const whole = await getJson<{ id: string; taskTitle: string }[]>(`/api/v1/histories/user/${STUDENT}`, w.student);
    expect(whole).toHaveLength(ORDERS);
    expect(new Set(whole.map((o) => o.id)).size).toBe(ORDERS);
    const paged: { id: string }[] = [];
    for (let page = 0; page < ORDERS / 50; page++) {
      paged.push(...(await getJson<{ content: { id: string }[] }>(`/api/v1/histories/user/${STUDENT}?page=${page}&limit=50`, w.student)).content);
    }
    expect(whole.map((o) => o.id)).toEqual(paged.map((o) => o.id));
    expect(whole[0]!.taskTitle).toBe('Курсова робота');
  });

  it("a developer's whole queue of open orders is every one once, oldest first", async () => {
    const queue = await getJson<{ id: string; user: { username: string } }[]>('/api/v1/histories/developer/in-progress', w.dev);
    const ordered = await rows<{ id: number | string }>(ctx.deps.db, sql`SELECT id FROM orders WHERE status = 'IN_PROGRESS' ORDER BY created_at, id`);
    expect(queue).toHaveLength(ORDERS);
    expect(queue.map((o) => o.id)).toEqual(ordered.map((o) => String(o.id)));
    expect(queue[0]!.user.username).toBe('olena');
  });

  // PGlite runs each statement on the API's own thread, so there every read of the database
  // holds the loop whatever the answer's shape; the embedded database is for one instance and
  // the demo, PostgreSQL for production (README).
  if (onPostgres) it('ten of them at once cost a cheap call at most 100 ms over the idle server', async () => {
    // The answers are parsed after the measurement: parsing megabytes of JSON on this thread
    // (the test's, which is also the server's) would count the client's work against the server.
    const raw = (path: string, token: string) =>
      fetch(`${base}${path}`, { headers: auth(token) }).then(async (res) => {
        expect(res.status).toBe(200);
        return res.text();
      });
    const lists = Promise.all([
      ...Array.from({ length: 5 }, () => raw('/api/v1/users', w.admin)),
      ...Array.from({ length: 3 }, () => raw(`/api/v1/histories/user/${STUDENT}`, w.student)),
      ...Array.from({ length: 2 }, () => raw('/api/v1/histories/developer/in-progress', w.dev)),
    ]);
    const { result, late } = await lateDuring(`${base}/livez`, lists);
    expect(result.map((text) => (JSON.parse(text) as unknown[]).length)).toEqual([...Array(5).fill(USERS + 5), ...Array(5).fill(ORDERS)]);
    await expectResponsive(`${base}/livez`, late, { p90Ms: 100, maxMs: 1000 });
    await expectLedgerBalanced(ctx.deps);
  }, 120_000);

  it("an inviter's friends are every one once, in the order they joined, with what each spent", async () => {
    // 450 friends in seven sign-up minutes: more than two batches, cut through ties.
    await ctx.deps.db.execute(sql`UPDATE users SET invited_by = ${STUDENT} WHERE telegram_id BETWEEN 5000001 AND 5000450`);
    const friends = await getJson<{ user: { telegramId: string; username: string }; spendBalance: number }[]>('/api/v1/invites', w.student);
    const ordered = await rows<{ id: number | string }>(
      ctx.deps.db,
      sql`SELECT telegram_id AS id FROM users WHERE invited_by = ${STUDENT} ORDER BY created_at, telegram_id`,
    );
    expect(friends).toHaveLength(450);
    expect(friends.map((f) => f.user.telegramId)).toEqual(ordered.map((r) => String(r.id)));
    expect(friends.find((f) => f.user.telegramId === '5000042')).toEqual({ user: expect.objectContaining({ username: 'user42' }), spendBalance: 0 });
    const progress = await getJson<{ invitedCount: number; qualifiedCount: number }>('/api/v1/invites/link', w.student);
    expect(progress).toMatchObject({ invitedCount: 450, qualifiedCount: 0 });
    expect(await getJson('/api/v1/invites', w.dev)).toEqual([]);
  });

  it("a task's discounts are every one once: GLOBAL first, then LOCAL by username", async () => {
    await ctx.deps.db.execute(sql`
      INSERT INTO discounts (type, percent, uses_left, telegram_id, task_id)
      SELECT 'LOCAL', 10, 1, 5000000 + i, ${taskId} FROM generate_series(1, 450) AS i`);
    await ctx.deps.db.execute(sql`INSERT INTO discounts (type, percent, uses_left, task_id) VALUES ('GLOBAL', 5, 3, ${taskId})`);
    const list = await getJson<{ id: string; type: string; username: string; active: boolean }[]>(`/api/v1/discounts/task/${taskId}`);
    const ordered = await rows<{ id: number | string }>(
      ctx.deps.db,
      sql`SELECT d.id FROM discounts d LEFT JOIN users u ON u.telegram_id = d.telegram_id
          WHERE d.task_id = ${taskId} ORDER BY (d.type = 'LOCAL'), COALESCE(u.username, ''), d.id`,
    );
    expect(list).toHaveLength(451);
    expect(list.map((d) => d.id)).toEqual(ordered.map((r) => String(r.id)));
    expect(list.map((d) => d.type)).toEqual(['GLOBAL', ...Array(450).fill('LOCAL')]);
    expect(list.every((d) => d.active)).toBe(true);
    const missing = await fetch(`${base}/api/v1/discounts/task/999999`, { headers: auth(w.admin) });
    expect(missing.status).toBe(404);
  });

  it('open disputes are every one once, oldest first, each with its own story', async () => {
    // 600 of the copies disputed in three instants: more than two batches of 250, cut through ties.
    await ctx.deps.db.execute(sql`
      UPDATE orders SET status = 'DISPUTED', delivered_at = now(), accept_until = now() + interval '3 days',
             disputed_at = now() - make_interval(secs => id % 3), dispute_reason = 'Не той варіант: ' || id
      WHERE id IN (SELECT id FROM orders WHERE idempotency_key LIKE 'copy-%' ORDER BY id LIMIT 600)`);
    await ctx.deps.db.execute(sql`
      INSERT INTO order_events (order_id, kind, from_status, to_status, actor, actor_id, note)
      SELECT id, 'DISPUTE', 'DELIVERED', 'DISPUTED', 'STUDENT', buyer_id, dispute_reason FROM orders WHERE status = 'DISPUTED'`);
    const disputes = await getJson<{ id: string; disputeReason: string; events: { kind: string; note: string | null }[] }[]>('/api/v1/histories/disputes');
    const ordered = await rows<{ id: number | string }>(ctx.deps.db, sql`SELECT id FROM orders WHERE status = 'DISPUTED' ORDER BY disputed_at, id`);
    expect(disputes).toHaveLength(600);
    expect(disputes.map((d) => d.id)).toEqual(ordered.map((r) => String(r.id)));
    for (const d of disputes) {
      expect(d.disputeReason).toBe(`Не той варіант: ${d.id}`);
      expect(d.events).toEqual([expect.objectContaining({ kind: 'DISPUTE', note: `Не той варіант: ${d.id}` })]);
    }
    await expectLedgerBalanced(ctx.deps);
  });
});
