import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeArgument, makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { auth } from './helpers.js';
import { heldFeedInstance } from './held-feed-instance.js';
import { createCatalogueWorld, DEVELOPER_ID, OTHER_STUDENT_ID, type CatalogueWorld } from './catalogue-fixtures.js';

/**
 * Two API instances on one database, as behind a load balancer: each keeps its own catalogue
 * cache. Instance B's change feed can be held back, so the test sees which answers come from
 * memory and what makes them fresh.
 */
let w: CatalogueWorld;
let b: Awaited<ReturnType<typeof heldFeedInstance>>;
let teacherId: number;
let taskId: number;

const priceIn = async (app: FastifyInstance, token: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/tasks/teacher/${teacherId}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; price: number }[]>().find((t) => t.id === String(taskId))!.price;
};

beforeAll(async () => {
  w = await createCatalogueWorld();
  const db = w.ctx.deps.db;
  teacherId = await makeTeacher(db, await makeSubject(db, 'Комп’ютерні мережі'));
  taskId = await makeTask(db, { teacherId, developerId: DEVELOPER_ID, price: 100, argumentIds: [await makeArgument(db)] });
  b = await heldFeedInstance(w.ctx.database, w.ctx.config);
  await w.ctx.deps.catalogue.sync();
  await b.deps.catalogue.sync();
});
afterAll(async () => {
  await b.app.close();
  await w.ctx.close();
});

describe('the catalogue cache across instances', () => {
  it('shows an edit made on one instance on the other once its NOTIFY arrives, and at once on the one that made it', async () => {
    expect(await priceIn(w.ctx.app, w.student)).toBe(100);
    expect(await priceIn(b.app, w.student)).toBe(100);

    // B hears nothing for now: its answers come from memory, so they still show the old price.
    b.hold();
    const patched = await w.call('PATCH', `/api/v1/tasks/${taskId}`, w.admin, { price: 150 });
    expect(patched.statusCode).toBe(200);
    expect(await priceIn(w.ctx.app, w.student)).toBe(150);
    expect(await priceIn(b.app, w.student)).toBe(100);

    b.release();
    await b.deps.catalogue.sync();
    expect(await priceIn(b.app, w.student)).toBe(150);
  });

  it('lets the writer read its own edit before any NOTIFY arrives', async () => {
    b.hold();
    const res = await b.app.inject({ method: 'PATCH', url: `/api/v1/tasks/${taskId}`, headers: auth(w.admin), payload: { price: 175 } });
    expect(res.statusCode).toBe(200);
    expect(await priceIn(b.app, w.student)).toBe(175);
    b.release();
    await w.ctx.deps.catalogue.sync();
    expect(await priceIn(w.ctx.app, w.student)).toBe(175);
  });

  it('shows a discount set on one instance on the other, and its removal on the one that removed it at once', async () => {
    const discount = await b.app.inject({
      method: 'POST',
      url: '/api/v1/discounts/discount',
      headers: auth(w.admin),
      payload: { type: 'GLOBAL', taskId: String(taskId), discountValue: 20 },
    });
    expect(discount.statusCode).toBeLessThan(300);
    await w.ctx.deps.catalogue.sync();
    const discountIn = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: `/api/v1/tasks/teacher/${teacherId}`, headers: auth(w.student) }))
        .json<{ id: string; discount: number }[]>()
        .find((t) => t.id === String(taskId))!.discount;
    expect(await discountIn(w.ctx.app)).toBe(20);
    expect(await discountIn(b.app)).toBe(20);

    await w.call('POST', '/api/v1/discounts/discount', w.admin, { type: 'GLOBAL', taskId: String(taskId), discountValue: 0 });
    expect(await discountIn(w.ctx.app)).toBe(0);
    await b.deps.catalogue.sync();
    expect(await discountIn(b.app)).toBe(0);
  });

  it('refuses a user banned through one instance on the other once its NOTIFY arrives, and on the one that banned at once', async () => {
    const orders = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: `/api/v1/histories/user/${OTHER_STUDENT_ID}`, headers: auth(w.otherStudent) });
    const ban = (value: boolean) =>
      w.ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${OTHER_STUDENT_ID}/ban?value=${value}`, headers: auth(w.admin) });
    expect((await orders(w.ctx.app)).statusCode).toBe(200);
    expect((await orders(b.app)).statusCode).toBe(200);

    // B hears nothing for now: it still knows the user as not banned.
    b.hold();
    expect((await ban(true)).statusCode).toBe(200);
    expect((await orders(w.ctx.app)).statusCode).toBe(403);
    expect((await orders(b.app)).statusCode).toBe(200);
    b.release();
    await b.deps.catalogue.sync();
    expect((await orders(b.app)).statusCode).toBe(403);

    expect((await ban(false)).statusCode).toBe(200);
    await b.deps.catalogue.sync();
    expect((await orders(b.app)).statusCode).toBe(200);
  });
});
