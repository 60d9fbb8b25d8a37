/**
 * Demo mode's dev endpoints: signed initData for a persona, and (signIn) the sign-in that
 * initData gives, which a plain browser's launch uses to save a round trip. Outside demo mode
 * (a real bot, production) they do not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { ADMIN_ID, auth, BOT_TOKEN, claimsOf, createTestContext, type TestContext } from './helpers.js';

let demo: TestContext;
beforeAll(async () => {
  demo = await createTestContext({ BOT_TOKEN: '', RATE_LIMIT_AUTH: '4/60' });
}, 60_000);
afterAll(() => demo?.close());

const initData = (body: unknown, remoteAddress = '10.0.0.1') =>
  demo.app.inject({ method: 'POST', url: '/api/dev/init-data', payload: body as object, remoteAddress });
const signIn = (data: string, remoteAddress = '10.0.0.1') =>
  demo.app.inject({ method: 'POST', url: '/api/v1/users/auth', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(data), remoteAddress });

describe('POST /api/dev/init-data', () => {
  it('answers only the signed initData unless asked to sign in', async () => {
    const res = await initData({ telegramId: '100001' }, '10.0.0.9');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['initData']);
  });

  it('with signIn, also answers what POST /users/auth answers for that initData', async () => {
    const first = await initData({ telegramId: '100002', signIn: true }, '10.0.0.2');
    expect(first.json()).toMatchObject({ auth: { courseNumber: 0 } });
    // The sign-in created the user; a chosen course comes back with the next one.
    await demo.deps.users.setCourse(100002, 3);
    const res = await initData({ telegramId: '100002', signIn: true }, '10.0.0.2');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ initData: string; auth: { jwt: string; courseNumber: number } }>();
    const direct = await signIn(body.initData, '10.0.0.2');
    expect(direct.statusCode).toBe(200);
    const { jwt, courseNumber } = direct.json<{ jwt: string; courseNumber: number }>();
    expect([body.auth.courseNumber, courseNumber]).toEqual([3, 3]);
    const { iat: _a, exp: _b, ...claims } = claimsOf(jwt);
    expect(claimsOf(body.auth.jwt)).toMatchObject({ ...claims, sub: '100002', ban: false });
    // And the token is a real one.
    const course = await demo.app.inject({ method: 'GET', url: '/api/v1/users/me/course', headers: auth(body.auth.jwt) });
    expect([course.statusCode, course.json()]).toEqual([200, 3]);
  });

  it("is the app's own sign-in: it counts against the caller's sign-in limit, and past it answers no token", async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 4; i++) {
      const res = await initData({ telegramId: '100001', signIn: true }, ip);
      expect([i, typeof res.json().auth?.jwt]).toEqual([i, 'string']);
    }
    const limited = await initData({ telegramId: '100001', signIn: true }, ip);
    expect(limited.statusCode).toBe(200);
    expect(Object.keys(limited.json())).toEqual(['initData']);
    // The app then signs in itself and shows the limit's message.
    const own = await signIn(limited.json<{ initData: string }>().initData, ip);
    expect(own.statusCode).toBe(429);
    // Another address is not affected.
    expect(typeof (await initData({ telegramId: '100001', signIn: true }, '10.0.0.4')).json().auth?.jwt).toBe('string');
  });

  it('carries the ban into the token, as the sign-in does', async () => {
    await initData({ telegramId: '100003', signIn: true }, '10.0.0.5');
    await demo.deps.users.setBan(100003, true, ADMIN_ID);
    const res = await initData({ telegramId: '100003', signIn: true }, '10.0.0.5');
    expect(claimsOf(res.json<{ auth: { jwt: string } }>().auth.jwt)).toMatchObject({ sub: '100003', ban: true });
  });

  it('refuses an unknown user and a malformed flag in Ukrainian', async () => {
    expect((await initData({ telegramId: '424242', signIn: true }, '10.0.0.6')).json()).toEqual({ message: MSG.userNotFound });
    const bad = await initData({ telegramId: '100001', signIn: 'yes' }, '10.0.0.6');
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: MSG.badRequest }]);
  });
});

describe('outside demo mode', () => {
  it.each([
    ['a real bot token', { BOT_TOKEN }],
    ['production', { BOT_TOKEN, NODE_ENV: 'production', PAYOUT_DETAILS_KEY: 'ab'.repeat(32) }],
  ])('with %s, /api/dev/* does not exist', async (_what, env) => {
    const ctx = await createTestContext(env);
    try {
      expect(ctx.config.demo).toBe(false);
      for (const [method, url] of [
        ['GET', '/api/dev/personas'],
        ['POST', '/api/dev/init-data'],
      ] as const) {
        const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? { telegramId: '100001', signIn: true } : undefined });
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      }
      expect(ctx.app.routeCatalogue.filter((r) => r.url.startsWith('/api/dev'))).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
