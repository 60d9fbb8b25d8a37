/**
 * The admin's user lists grow with every sign-in: they answer one page `{content, last}` when
 * asked for one (the newest client and Zalik's app), and the whole list as a plain array when
 * not (1.8.7 reads that), and search by username too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, PAGE_MAX_LIMIT, USER_PAGE_SIZE, type User } from '@zalik/contract';
import { ADMIN_ID, auth, createTestContext, grantRole, login, type TestContext } from './helpers.js';

let ctx: TestContext;
let admin: string;
const BULK = 70;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  await login(ctx.app, { id: 8801, username: 'Olena_Petrenko' });
  await login(ctx.app, { id: 8802, username: 'olenka' });
  await login(ctx.app, { id: 9801, username: 'ostap' });
  await login(ctx.app, { id: 8803, username: '' });
  // Sign-ins far apart in time, so "newest first" is a fixed order.
  await ctx.deps.db.execute(sql`
    INSERT INTO users (telegram_id, username, created_at)
    SELECT 6000000 + i, 'bulk' || i, now() - make_interval(mins => i) FROM generate_series(1, ${BULK}) AS i`);
});
afterAll(() => ctx.close());

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(admin) });
  return { status: res.statusCode, body: res.json() as unknown };
};
/** A whole list's ids, or a page's. */
const ids = (body: unknown) => (Array.isArray(body) ? (body as User[]) : (body as { content: User[] }).content).map((u) => u.telegramId);
const lastOf = (body: unknown) => (body as { last: boolean }).last;

describe('the user list', () => {
  it('without page or limit is the whole list, a plain array, newest first', async () => {
    const all = await get('/api/v1/users');
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect((all.body as User[]).length).toBe(BULK + 5);
    const created = (all.body as User[]).map((u) => Date.parse(u.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('answers one page {content, last} with page and limit, the pages adding up to the whole list', async () => {
    const whole = ids((await get('/api/v1/users')).body);
    const pages: string[] = [];
    for (let page = 0; ; page++) {
      const { body } = await get(`/api/v1/users?page=${page}&limit=${PAGE_MAX_LIMIT}`);
      pages.push(...ids(body));
      if (lastOf(body)) break;
    }
    expect(pages).toEqual(whole);
    // Either parameter alone asks for a page: the first, or USER_PAGE_SIZE rows.
    expect(ids((await get('/api/v1/users?limit=3')).body)).toEqual(whole.slice(0, 3));
    expect(ids((await get('/api/v1/users?page=1')).body)).toEqual(whole.slice(USER_PAGE_SIZE, 2 * USER_PAGE_SIZE));
    expect((await get('/api/v1/users?page=99')).body).toEqual({ content: [], last: true });
    // 75 users: a page ending exactly at the end is the last one, the page before it is not.
    expect(whole).toHaveLength(75);
    expect(await get('/api/v1/users?page=2&limit=25')).toMatchObject({ body: { content: { length: 25 }, last: true } });
    expect(lastOf((await get('/api/v1/users?page=1&limit=25')).body)).toBe(false);
  });

  it('keeps a page opened directly in place when reopened after new sign-ins, and the next page follows it', async () => {
    const whole = ids((await get('/api/v1/users')).body);
    const first = ids((await get('/api/v1/users?page=3&limit=7')).body);
    expect(first).toEqual(whole.slice(21, 28));
    await login(ctx.app, { id: 8899, username: 'newcomer' });
    try {
      // The jump remembered where page 2 ended: reopening reads after that user, not 21 rows into a longer list.
      expect(ids((await get('/api/v1/users?page=3&limit=7')).body)).toEqual(first);
      expect(ids((await get('/api/v1/users?page=4&limit=7')).body)).toEqual(whole.slice(28, 35));
    } finally {
      await ctx.deps.db.execute(sql`DELETE FROM users WHERE telegram_id = 8899`);
    }
  });

  it.each([
    [`limit=${PAGE_MAX_LIMIT + 1}`, MSG.limitInvalid],
    ['limit=0', MSG.limitInvalid],
    ['limit=2.5', MSG.limitInvalid],
    ['page=-1', MSG.pageInvalid],
    ['page=abc', MSG.pageInvalid],
  ])('refuses ?%s', async (query, message) => {
    expect(await get(`/api/v1/users?${query}`)).toEqual({ status: 400, body: { message } });
    expect(await get(`/api/v1/users/search?prefix=8&${query}`)).toEqual({ status: 400, body: { message } });
  });
});

describe('the search', () => {
  it('finds by part of a username, any case, a leading @ ignored', async () => {
    expect(ids((await get('/api/v1/users/search?username=OLEN')).body).sort()).toEqual(['8801', '8802']);
    expect(ids((await get('/api/v1/users/search?username=%40petrenko')).body)).toEqual(['8801']);
    expect(ids((await get('/api/v1/users/search?username=a_p')).body)).toEqual(['8801']);
    expect((await get('/api/v1/users/search?username=a%25p')).body).toEqual([]);
  });

  it('by ID prefix and username together, paged', async () => {
    expect(ids((await get('/api/v1/users/search?prefix=98&username=o')).body)).toEqual(['9801']);
    const prefixed = ids((await get('/api/v1/users/search?prefix=600')).body);
    expect(prefixed).toHaveLength(BULK);
    expect(ids((await get('/api/v1/users/search?prefix=600&page=1&limit=20')).body)).toEqual(prefixed.slice(20, 40));
  });

  it('refuses a username longer than 100 characters', async () => {
    expect(await get(`/api/v1/users/search?username=${'x'.repeat(101)}`)).toEqual({ status: 400, body: { message: MSG.searchTooLong(100) } });
  });
});

describe('users by role', () => {
  it('counts the configured admins as admins, and pages like the list', async () => {
    await grantRole(ctx.app, admin, 8802, 'ROLE_ADMIN');
    await grantRole(ctx.app, admin, 9801, 'ROLE_DEVELOPER');
    expect(ids((await get('/api/v1/users/role/ROLE_ADMIN')).body).sort()).toEqual(['8802', String(ADMIN_ID)]);
    expect(ids((await get('/api/v1/users/role/ROLE_DEVELOPER')).body)).toEqual(['9801']);
    const everyone = ids((await get('/api/v1/users/role/ROLE_USER')).body);
    expect(everyone).toHaveLength(BULK + 5);
    expect(ids((await get('/api/v1/users/role/ROLE_USER?page=2&limit=10')).body)).toEqual(everyone.slice(20, 30));
  });
});

describe('searching numbered usernames', () => {
  // Usernames that share their letters and differ in their digits: the search looks the digits up
  // first, and every page must still hold exactly the usernames containing the whole text, newest first.
  it('finds only the usernames holding the whole text, newest first, page after page', async () => {
    await ctx.deps.db.execute(sql`
      INSERT INTO users (telegram_id, username, created_at)
      SELECT 7000000 + i, CASE WHEN i % 3 = 0 THEN 'pupil_' ELSE 'Student_' END || (1000000 + i), now() - make_interval(hours => i % 7, secs => i)
      FROM generate_series(1, 60) AS i`);
    const expected = Array.from({ length: 60 }, (_, k) => k + 1)
      .filter((i) => i % 3 !== 0)
      .sort((a, b) => (a % 7) - (b % 7) || a - b)
      .map((i) => String(7000000 + i));
    const whole = ids((await get('/api/v1/users/search?username=STUDENT_10000')).body);
    expect(whole).toEqual(expected);
    const pages = [];
    for (const page of [0, 1, 2]) pages.push((await get(`/api/v1/users/search?username=student_10000&page=${page}&limit=15`)).body);
    expect(pages.flatMap(ids)).toEqual(expected);
    expect(pages.map(lastOf)).toEqual([false, false, true]);
    expect(ids((await get('/api/v1/users/search?username=pupil_1000003')).body)).toEqual(['7000003']);
    expect((await get('/api/v1/users/search?username=student_1000003')).body).toEqual([]);
  });
});
