/**
 * Issue 24, what reviews add up to: each task's rating in the cached task lists (one decimal,
 * visible reviews only), kept fresh on this instance at once and on another once the database
 * announces the review; the lists' sorts; two reviews racing on one order (one wins); and an
 * author's profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG, authorLevel, type AuthorProfile, type MyReview, type Task } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { auth, type TestContext } from './helpers.js';
import { heldFeedInstance } from './held-feed-instance.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { DEV, OTHER_DEV, STUDENT, openWorld, topUp, type World } from './purchase-world.js';
import { orderCalls } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: ReturnType<typeof orderCalls>;
let teacherId: number;
/** Tasks of their own teacher: [cheap and new, dear and old, middle]. */
let tasks: number[];
let b: Awaited<ReturnType<typeof heldFeedInstance>>;

beforeAll(async () => {
  ({ ctx, w } = await openWorld());
  o = orderCalls(ctx, w);
  await topUp(ctx.database.db, STUDENT, 20_000);
  const db = ctx.database.db;
  teacherId = await makeTeacher(db, await makeSubject(db, 'Фізика'), 'Коваль К. К.');
  tasks = [
    await makeTask(db, { teacherId, developerId: DEV, title: 'Дешева', price: 90, argumentIds: w.argIds }),
    await makeTask(db, { teacherId, developerId: DEV, title: 'Дорога', price: 400, argumentIds: w.argIds }),
    await makeTask(db, { teacherId, developerId: DEV, title: 'Середня', price: 200, argumentIds: w.argIds }),
  ];
  // Creation times apart, so "newest" is not decided by the id alone.
  for (const [i, id] of tasks.entries()) await db.execute(sql`UPDATE tasks SET created_at = now() - make_interval(days => ${[1, 30, 10][i]!}) WHERE id = ${id}`);
  b = await heldFeedInstance(ctx.database, ctx.config);
  await ctx.deps.catalogue.sync();
  await b.deps.catalogue.sync();
});
afterAll(async () => {
  await b?.app.close();
  await ctx?.close();
});

const listOf = async (app: FastifyInstance, query = '', token = w.student) => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/tasks/teacher/${teacherId}${query}`, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Task[]>();
};
const ratingIn = async (app: FastifyInstance, taskId: number) => (await listOf(app)).find((t) => t.id === String(taskId))!.rating;
const review = (id: string, rating: number, token = w.student) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/histories/${id}/review`, headers: auth(token), payload: { rating } });

async function doneOrder(taskId: number): Promise<string> {
  const id = await o.newOrder(undefined, taskId);
  expect((await o.deliver(id)).statusCode).toBe(200);
  expect((await o.accept(id)).statusCode).toBe(200);
  return id;
}

describe('a task’s rating in the task lists', () => {
  it('is 0 of 0 without reviews, then the visible reviews’ mean to one decimal, on the writer at once and elsewhere once announced', async () => {
    expect(await ratingIn(ctx.app, tasks[0]!)).toEqual({ average: 0, count: 0 });
    expect(await ratingIn(b.app, tasks[0]!)).toEqual({ average: 0, count: 0 });

    // B hears nothing for now: its list comes from memory.
    b.hold();
    for (const stars of [5, 4, 4]) expect((await review(await doneOrder(tasks[0]!), stars)).statusCode).toBe(201);
    expect(await ratingIn(ctx.app, tasks[0]!)).toEqual({ average: 4.3, count: 3 });
    expect(await ratingIn(b.app, tasks[0]!)).toEqual({ average: 0, count: 0 });
    b.release();
    await b.deps.catalogue.sync();
    expect(await ratingIn(b.app, tasks[0]!)).toEqual({ average: 4.3, count: 3 });
  });

  it('a hidden review stops counting everywhere', async () => {
    const id = await doneOrder(tasks[0]!);
    const bad = (await review(id, 1)).json<MyReview>();
    expect(await ratingIn(ctx.app, tasks[0]!)).toEqual({ average: 3.5, count: 4 });
    await b.deps.catalogue.sync();
    expect(await ratingIn(b.app, tasks[0]!)).toEqual({ average: 3.5, count: 4 });

    const hidden = await b.app.inject({ method: 'POST', url: `/api/v1/reviews/${bad.id}/hide`, headers: auth(w.admin), payload: { reason: 'Спам' } });
    expect(hidden.statusCode).toBe(200);
    expect(await ratingIn(b.app, tasks[0]!)).toEqual({ average: 4.3, count: 3 });
    await ctx.deps.catalogue.sync();
    expect(await ratingIn(ctx.app, tasks[0]!)).toEqual({ average: 4.3, count: 3 });
  });

  it('is written by the database, not by the route: a review inserted by SQL (a restore, the demo seed) is heard too', async () => {
    const id = await doneOrder(tasks[2]!);
    expect(await ratingIn(ctx.app, tasks[2]!)).toEqual({ average: 0, count: 0 });
    await ctx.database.db.execute(sql`INSERT INTO reviews (order_id, task_id, developer_id, buyer_id, rating) VALUES (${Number(id)}, ${tasks[2]!}, ${DEV}, ${STUDENT}, 2)`);
    await ctx.deps.catalogue.sync();
    expect(await ratingIn(ctx.app, tasks[2]!)).toEqual({ average: 2, count: 1 });
  });

  it('is also on the task an edit answers with', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/tasks/${tasks[0]}`, headers: auth(w.admin), payload: { title: '' } });
    expect(res.json<Task>().rating).toEqual({ average: 4.3, count: 3 });
  });
});

describe('the task list’s sorts', () => {
  it('newest, cheapest (after the viewer’s discount) or best rated first; the default keeps the catalogue’s order', async () => {
    const titles = async (query: string) => (await listOf(ctx.app, query)).map((t) => t.title);
    expect(await titles('')).toEqual(['Дешева', 'Дорога', 'Середня']);
    expect(await titles('?sort=newest')).toEqual(['Дешева', 'Середня', 'Дорога']);
    expect(await titles('?sort=price')).toEqual(['Дешева', 'Середня', 'Дорога']);
    // Rated first (4.3 above 2), the unrated last.
    expect(await titles('?sort=rating')).toEqual(['Дешева', 'Середня', 'Дорога']);

    // A personal 60 % off the dear task makes it the cheapest for this student only.
    const discount = await ctx.app.inject({
      method: 'POST', url: '/api/v1/discounts/discount', headers: auth(w.admin),
      payload: { type: 'LOCAL', discountValue: 80, availableValue: 5, telegramId: STUDENT, taskId: tasks[1] },
    });
    expect(discount.statusCode, discount.body).toBe(200);
    expect(await titles('?sort=price')).toEqual(['Дорога', 'Дешева', 'Середня']);
    expect((await listOf(ctx.app, '?sort=price', w.otherDev)).map((t) => t.title)).toEqual(['Дешева', 'Середня', 'Дорога']);

    const bad = await ctx.app.inject({ method: 'GET', url: `/api/v1/tasks/teacher/${teacherId}?sort=cheapest`, headers: auth(w.student) });
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.taskSortInvalid]);
  });
});

describe('two reviews racing on one order', () => {
  it('exactly one wins; the others are told it exists', async () => {
    const id = await doneOrder(tasks[1]!);
    const answers = await Promise.all([5, 4, 3, 2, 1, 5, 4, 3].map((stars) => review(id, stars)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().message).toBe(MSG.reviewExists);
    const stored = await rows<{ rating: number }>(ctx.database.db, sql`SELECT rating FROM reviews WHERE order_id = ${Number(id)}`);
    expect(stored.map((r) => Number(r.rating))).toEqual([answers.find((a) => a.statusCode === 201)!.json<MyReview>().rating]);
  });
});

describe('an author’s profile', () => {
  it('counts tasks, completed orders, deliveries on time, the first answer, the rating and its distribution, with the latest reviews', async () => {
    const db = ctx.database.db;
    // One delivery came late: it is delivered after its deadline passed.
    const late = await o.newOrder(undefined, tasks[2]!);
    await db.execute(sql`UPDATE orders SET deadline_at = now() - interval '1 minute' WHERE id = ${Number(late)}`);
    expect((await o.deliver(late)).statusCode).toBe(200);
    // Every order answered 2 hours after its purchase but one after 1 hour and one after 3: the median is 2 hours.
    const answered = await rows<{ id: string }>(db, sql`SELECT DISTINCT order_id AS id FROM order_events WHERE actor = 'DEVELOPER' AND actor_id = ${DEV} ORDER BY 1`);
    expect(answered.length).toBeGreaterThanOrEqual(3);
    for (const [i, { id }] of answered.entries()) {
      const hours = i === 0 ? 1 : i === 1 ? 3 : 2;
      await db.execute(sql`UPDATE orders SET created_at = e.at - make_interval(hours => ${hours})
        FROM (SELECT min(created_at) AS at FROM order_events WHERE order_id = ${Number(id)} AND actor = 'DEVELOPER') e WHERE id = ${Number(id)}`);
    }
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/developer/${DEV}/profile`, headers: auth(w.student) });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<AuthorProfile>();
    const figures = await rows<{ done: string; delivered: string; on_time: string }>(
      db,
      sql`SELECT count(*) FILTER (WHERE status = 'DONE' AND NOT free_take) AS done,
                 count(*) FILTER (WHERE delivered_at IS NOT NULL AND status <> 'IN_PROGRESS' AND NOT auto_generate AND NOT free_take) AS delivered,
                 count(*) FILTER (WHERE delivered_at <= deadline_at AND status <> 'IN_PROGRESS' AND NOT auto_generate AND NOT free_take) AS on_time
          FROM orders WHERE developer_id = ${DEV}`,
    );
    const f = figures[0]!;
    expect(p).toMatchObject({
      telegramId: String(DEV),
      username: 'taras',
      photo: '',
      visibleTasks: 3,
      ordersCompleted: Number(f.done),
      deliveries: Number(f.delivered),
      firstAnswerMinutes: 120,
    });
    expect(Number(f.delivered) - Number(f.on_time)).toBe(1);
    expect(p.onTimeShare).toBeCloseTo(Number(f.on_time) / Number(f.delivered), 6);
    // Visible reviews only: 5, 4, 4 on the cheap task, 2 on the middle one, one of the race's on the dear one; the hidden 1 not at all.
    const visible = await rows<{ rating: number }>(db, sql`SELECT rating FROM reviews WHERE developer_id = ${DEV} AND hidden_at IS NULL`);
    const stars = visible.map((r) => Number(r.rating));
    expect(p.rating.count).toBe(stars.length);
    expect(p.rating.average).toBe(Math.round((stars.reduce((a, s) => a + s, 0) / stars.length) * 10) / 10);
    expect(p.distribution).toEqual([1, 2, 3, 4, 5].map((n) => stars.filter((s) => s === n).length));
    expect(p.latestReviews.length).toBe(5);
    expect(p.latestReviews.every((r) => !r.hidden)).toBe(true);
    // The contract's one rule decides the level from these very figures.
    const level = authorLevel({ ordersCompleted: p.ordersCompleted, rating: p.rating, onTimeShare: p.onTimeShare });
    expect([p.level, p.levelName]).toEqual([level.code, level.name]);
  });

  it('answers 404 for a user who is no author and for nobody', async () => {
    for (const id of [STUDENT, 999_999]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/developer/${id}/profile`, headers: auth(w.dev) });
      expect([res.statusCode, res.json().message]).toEqual([404, MSG.authorNotFound]);
    }
    const fresh = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/developer/${OTHER_DEV}/profile`, headers: auth(w.student) });
    expect(fresh.json()).toMatchObject({ visibleTasks: 0, ordersCompleted: 0, deliveries: 0, onTimeShare: null, firstAnswerMinutes: null, rating: { average: 0, count: 0 }, distribution: [0, 0, 0, 0, 0], latestReviews: [], level: 'NEW' });
  });
});
