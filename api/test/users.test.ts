import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { ADMIN_ID, auth, claimsOf, createTestContext, grantRole, login, type TestContext } from './helpers.js';

let ctx: TestContext;
let admin: string;
let student: string;
const STUDENT = 8001;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  student = await login(ctx.app, { id: STUDENT, username: 'stud' });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? auth(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('course', () => {
  it('is a bare 0 for a new user, then what was chosen', async () => {
    const before = await call('GET', '/api/v1/users/me/course', student);
    expect(before.statusCode).toBe(200);
    expect(before.body).toBe('0');
    const set = await call('PATCH', '/api/v1/users/me/course', student, { courseNumber: 3 });
    expect(set.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/users/me/course', student)).body).toBe('3');
    const asString = await call('PATCH', '/api/v1/users/me/course', student, { courseNumber: '2' });
    expect(asString.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/users/me/course', student)).body).toBe('2');
  });

  it.each([0, 5, -1, 1.5, 'abc', null])('refuses course %s and keeps the old one', async (courseNumber) => {
    const res = await call('PATCH', '/api/v1/users/me/course', student, { courseNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.courseRange);
    expect((await call('GET', '/api/v1/users/me/course', student)).body).toBe('2');
  });
});

describe('admin endpoints', () => {
  const adminCalls: [string, string, unknown?][] = [
    ['GET', '/api/v1/users/'],
    ['GET', '/api/v1/users/role/ROLE_ADMIN'],
    ['GET', `/api/v1/users/${STUDENT}`],
    ['GET', '/api/v1/users/search?prefix=8'],
    ['PATCH', `/api/v1/users/${ADMIN_ID}/ban?value=true`],
    ['PATCH', `/api/v1/users/${STUDENT}/roles`, { roleName: 'ROLE_ADMIN' }],
  ];
  it.each(adminCalls)('%s %s answers 403 to a student and changes nothing', async (method, url, body) => {
    const res = await call(method as 'GET', url, student, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.forbidden);
    const me = await ctx.deps.users.get(STUDENT);
    expect(me.roles).toEqual(['ROLE_USER']);
    expect((await ctx.deps.users.get(ADMIN_ID)).isBanned).toBe(false);
  });

  it('lists users with string ids and the contract fields', async () => {
    const res = await call('GET', '/api/v1/users/', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    const stud = list.find((u) => u.telegramId === String(STUDENT));
    expect(stud).toMatchObject({ telegramId: '8001', username: 'stud', photo: '', courseNumber: 2, isBanned: false });
    expect(typeof stud?.createdAt).toBe('string');
  });

  it('searches by Telegram ID prefix', async () => {
    await login(ctx.app, { id: 8123 });
    await login(ctx.app, { id: 9123 });
    const res = await call('GET', '/api/v1/users/search?prefix=81', admin);
    expect(res.json<{ telegramId: string }[]>().map((u) => u.telegramId).sort()).toEqual(['8123']);
  });

  it('grants exactly one role by roleName and lists users by role', async () => {
    const dev = 8200;
    await login(ctx.app, { id: dev });
    const bad = await call('PATCH', `/api/v1/users/${dev}/roles`, admin, { roleName: 'ROLE_USER' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.roleOne);
    await grantRole(ctx.app, admin, dev, 'ROLE_DEVELOPER');
    const devs = await call('GET', '/api/v1/users/role/ROLE_DEVELOPER', admin);
    expect(devs.json<{ telegramId: string }[]>().map((u) => u.telegramId)).toContain(String(dev));
    const missing = await call('PATCH', '/api/v1/users/424242/roles', admin, { roleName: 'ROLE_DEVELOPER' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.userNotFound);
  });

  it('a role change takes effect on the next request with the old token', async () => {
    const id = 8300;
    const token = await login(ctx.app, { id });
    expect((await call('GET', '/api/v1/users/', token)).statusCode).toBe(403);
    await grantRole(ctx.app, admin, id, 'ROLE_ADMIN');
    expect((await call('GET', '/api/v1/users/', token)).statusCode).toBe(200);
  });
});

describe('ban', () => {
  it('takes effect on the next request without a new token, and unban restores access', async () => {
    const id = 8400;
    const token = await login(ctx.app, { id });
    expect((await call('GET', '/api/v1/users/me/course', token)).statusCode).toBe(200);

    const ban = await call('PATCH', `/api/v1/users/${id}/ban?value=true`, admin);
    expect(ban.statusCode).toBe(200);
    expect(ban.json().isBanned).toBe(true);
    const blocked = await call('GET', '/api/v1/wallets/jar', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MSG.banned);
    // Clients read the course before they look at the ban claim: it still answers, so they
    // reach the blocked screen instead of waiting for ever; writing it stays refused.
    const course = await call('GET', '/api/v1/users/me/course', token);
    expect([course.statusCode, course.body]).toEqual([200, '0']);
    const write = await call('PATCH', '/api/v1/users/me/course', token, { courseNumber: 2 });
    expect([write.statusCode, write.json().message]).toEqual([403, MSG.banned]);

    // auth still answers, with ban: true in the token, so the app can show the blocked screen
    const again = await login(ctx.app, { id });
    expect(claimsOf(again).ban).toBe(true);

    await call('PATCH', `/api/v1/users/${id}/ban?value=false`, admin);
    expect((await call('GET', '/api/v1/users/me/course', token)).statusCode).toBe(200);
    expect(claimsOf(await login(ctx.app, { id })).ban).toBe(false);
  });

  it('an admin cannot ban himself', async () => {
    const res = await call('PATCH', `/api/v1/users/${ADMIN_ID}/ban?value=true`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.selfBan);
    expect((await ctx.deps.users.get(ADMIN_ID)).isBanned).toBe(false);
  });

  it('refuses a bad value and an unknown user', async () => {
    expect((await call('PATCH', `/api/v1/users/${STUDENT}/ban?value=maybe`, admin)).statusCode).toBe(400);
    const missing = await call('PATCH', '/api/v1/users/424242/ban?value=true', admin);
    expect(missing.statusCode).toBe(404);
  });
});

describe('errors', () => {
  it('answers unknown routes and bad JSON in Ukrainian', async () => {
    const nf = await call('GET', '/api/v1/nothing-here', student);
    expect(nf.statusCode).toBe(404);
    expect(nf.json().message).toBe(MSG.routeNotFound);
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/course',
      headers: { ...auth(student), 'content-type': 'application/json' },
      payload: '{"courseNumber":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.badJson);
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/users/auth');
  });
});
