/**
 * The newest client (1.21.5) reads its lists page by page: it sends `page` and `limit` and reads
 * `content` and `last` (a screen that never sees `last: true` asks again and again). Each call
 * here is sent as that client builds it; the same paths without `page`/`limit` stay the plain
 * arrays 1.8.7 reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { newestClient } from './client-1-21-5.js';
import { DEV, STUDENT, autoTask, buy, manualTask, openWorld, topUp, type World } from './purchase-world.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let w: World;
let client: ReturnType<typeof newestClient>;

beforeAll(async () => {
  ({ ctx, w } = await openWorld());
  client = newestClient(ctx.app);
});
afterAll(() => ctx.close());

/** Reads every page as the client's scroll does: until `last`, at most `max` requests. */
async function allPages(token: string, url: (page: number) => string, max = 20) {
  const items: { id?: string; telegramId?: string }[] = [];
  for (let page = 0; page < max; page++) {
    const res = await client.json(token, 'GET', url(page));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['content', 'last']);
    items.push(...body.content);
    if (body.last) return { items, requests: page + 1 };
  }
  throw new Error(`${url(0)}: no last page after ${max} requests`);
}

describe('GET /subjects/course-number/{n}?page&limit=10 (getSubject)', () => {
  it('pages the course, ending with last, the whole list still a plain array', async () => {
    const db = ctx.database.db;
    for (let i = 1; i <= 12; i++) await makeSubject(db, `Предмет ${i}`, 3);
    const { items, requests } = await allPages(w.student, (p) => `/api/v1/subjects/course-number/3?page=${p}&limit=10`);
    expect(requests).toBe(2);
    expect(items).toHaveLength(12);
    expect(items[0]).toEqual({ id: expect.any(String), name: 'Предмет 1', courseNumber: 3 });
    const whole = (await client.json(w.student, 'GET', '/api/v1/subjects/course-number/3')).json();
    expect(whole.map((s: { id: string }) => s.id)).toEqual(items.map((s) => s.id));
    // A course with no subjects: one empty, last page.
    expect((await client.json(w.student, 'GET', '/api/v1/subjects/course-number/4?page=0&limit=10')).json()).toEqual({ content: [], last: true });
  });
});

describe('GET /tasks/teacher/{id}?page&limit (getTask)', () => {
  it('pages a teacher\'s tasks; hidden ones only for admins', async () => {
    const subjectId = await makeSubject(ctx.database.db, 'Програмування', 2);
    const teacherId = await makeTeacher(ctx.database.db, subjectId, 'Коваль К. К.');
    for (let i = 1; i <= 7; i++) await makeTask(ctx.database.db, { teacherId, developerId: DEV, title: `Лабораторна ${i}`, visible: i !== 7 });
    const student = await allPages(w.student, (p) => `/api/v1/tasks/teacher/${teacherId}?page=${p}&limit=5`);
    expect(student).toMatchObject({ requests: 2, items: { length: 6 } });
    const admin = await allPages(w.admin, (p) => `/api/v1/tasks/teacher/${teacherId}?page=${p}&limit=5`);
    expect(admin.items.map((t) => (t as { title: string }).title)).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `Лабораторна ${i}`));
    expect(admin.items[0]).toMatchObject({ title: 'Лабораторна 1', price: 100, discount: 0, visible: true, autoGenerate: false, developer: { username: 'taras' } });
    // 1.8.7 reads the whole list.
    expect((await client.json(w.student, 'GET', `/api/v1/tasks/teacher/${teacherId}`)).json()).toHaveLength(6);
  });
});

describe('GET /histories/user/{id}?type&page&limit=5 (getUserHistoryTask)', () => {
  it('pages the history and filters it by ALL, AUTOGENERATE or REGULAR', async () => {
    await topUp(ctx.database.db, STUDENT, 5000);
    const manual = await manualTask(ctx, w, { price: 100 });
    const auto = await autoTask(ctx, w, { price: 50 });
    for (let i = 0; i < 4; i++) expect((await buy(ctx, w.student, manual, ['Бойко О. О.', String(i)])).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await buy(ctx, w.student, auto, ['Бойко О. О.', String(i)])).statusCode).toBe(200);
    const url = (type: string) => (p: number) => `/api/v1/histories/user/${STUDENT}?type=${type}&page=${p}&limit=5`;
    const all = await allPages(w.student, url('ALL'));
    expect(all).toMatchObject({ requests: 2, items: { length: 7 } });
    expect((await allPages(w.student, url('AUTOGENERATE'))).items.map((o) => (o as { autoGenerate: boolean }).autoGenerate)).toEqual([true, true, true]);
    expect((await allPages(w.student, url('REGULAR'))).items.map((o) => (o as { autoGenerate: boolean }).autoGenerate)).toEqual([false, false, false, false]);
    // The admin's view of a user's history (/settings/admin-panel/profile/history/{telegramId}).
    expect((await allPages(w.admin, url('ALL'))).items.map((o) => o.id)).toEqual(all.items.map((o) => o.id));
    // Another student may not read it; a filter the client does not send is refused.
    expect((await client.json(w.noNick, 'GET', url('ALL')(0))).statusCode).toBe(403);
    const bad = await client.json(w.student, 'GET', url('EVERYTHING')(0));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.historyTypeInvalid);
  });
});

describe('GET /histories/developer/in-progress?page&limit=5 (getTaskInProgress)', () => {
  it('pages the developer\'s open orders, oldest first; getTaskDeveloper\'s call without page stays a plain array', async () => {
    const { items, requests } = await allPages(w.dev, (p) => `/api/v1/histories/developer/in-progress?page=${p}&limit=3`);
    expect(requests).toBe(2);
    expect(items).toHaveLength(4);
    const whole = (await client.json(w.dev, 'GET', '/api/v1/histories/developer/in-progress')).json();
    expect(whole.map((o: { id: string }) => o.id)).toEqual(items.map((o) => o.id));
    expect((await client.json(w.student, 'GET', '/api/v1/histories/developer/in-progress?page=0&limit=5')).statusCode).toBe(403);
  });
});

describe('users (admin): search and role lists', () => {
  it('GET /users/search?page&limit&username= pages the search (an empty username: everyone)', async () => {
    const { items } = await allPages(w.admin, (p) => `/api/v1/users/search?page=${p}&limit=2&username=`);
    expect(items.map((u) => u.telegramId).sort()).toEqual(['7001', '7002', '7003', '7004', '900001']);
    expect(items[0]).toMatchObject({ telegramId: expect.any(String), username: expect.any(String), photo: '', courseNumber: 0, createdAt: expect.any(String) });
    const found = await allPages(w.admin, (p) => `/api/v1/users/search?page=${p}&limit=10&username=TAR`);
    expect(found.items.map((u) => u.telegramId)).toEqual(['7002']);
  });

  it('GET /users?page&limit&role_name= lists the holders of a role (getUserByRole)', async () => {
    const devs = await allPages(w.admin, (p) => `/api/v1/users?page=${p}&limit=10&role_name=ROLE_DEVELOPER`);
    expect(devs.items.map((u) => u.telegramId).sort()).toEqual(['7002', '7003']);
    const admins = await allPages(w.admin, (p) => `/api/v1/users?page=${p}&limit=10&role_name=ROLE_ADMIN`);
    expect(admins.items.map((u) => u.telegramId)).toEqual(['900001']);
    const bad = await client.json(w.admin, 'GET', '/api/v1/users?page=0&limit=10&role_name=ROLE_KING');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.roleUnknown);
    expect((await client.json(w.student, 'GET', '/api/v1/users?page=0&limit=10&role_name=ROLE_DEVELOPER')).statusCode).toBe(403);
  });
});
