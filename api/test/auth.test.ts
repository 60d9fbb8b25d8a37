import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ADMIN_ID, auth, claimsOf, createTestContext, login, signInitData, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const authWith = (payload: string, contentType = 'application/json') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/users/auth', headers: { 'content-type': contentType }, payload });

describe('POST /api/v1/users/auth', () => {
  it('signs in with valid initData and stores the Telegram profile', async () => {
    const initData = signInitData({ id: 5001, username: 'olena', first_name: 'Олена', last_name: 'К', photo_url: 'https://t.me/i/p.jpg' });
    const res = await authWith(JSON.stringify(initData));
    expect(res.statusCode).toBe(200);
    const { jwt } = res.json<{ jwt: string }>();
    expect(claimsOf(jwt)).toMatchObject({ sub: '5001', roles: ['ROLE_USER'], ban: false });
    const user = await ctx.deps.users.get(5001);
    expect(user).toMatchObject({ telegramId: '5001', username: 'olena', firstName: 'Олена', lastName: 'К', photo: 'https://t.me/i/p.jpg', courseNumber: 0 });
  });

  it('answers the course with the token, so the first screen needs no second call', async () => {
    const initData = () => JSON.stringify(signInitData({ id: 5010, username: 'taras' }));
    expect((await authWith(initData())).json()).toMatchObject({ courseNumber: 0 });
    await ctx.deps.users.setCourse(5010, 3);
    expect((await authWith(initData())).json()).toMatchObject({ courseNumber: 3 });
  });

  it('refuses a tampered field', async () => {
    const initData = signInitData({ id: 5002, username: 'a' }).replace('5002', '5003');
    const res = await authWith(JSON.stringify(initData));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.initDataInvalid);
  });

  it('refuses initData signed for another bot', async () => {
    const res = await authWith(JSON.stringify(signInitData({ id: 5004 }, { token: '999:other-bot' })));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.initDataInvalid);
  });

  it('refuses initData older than INIT_DATA_MAX_AGE', async () => {
    const old = new Date(Date.now() - (ctx.config.initDataMaxAge + 60) * 1000);
    const res = await authWith(JSON.stringify(signInitData({ id: 5005 }, { authDate: old })));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.initDataExpired);
  });

  it('refuses initData dated ahead of our clock by more than a small skew, and takes a slight drift', async () => {
    const far = await authWith(JSON.stringify(signInitData({ id: 5011 }, { authDate: new Date(Date.now() + 30 * 24 * 3600 * 1000) })));
    expect([far.statusCode, far.json().message]).toEqual([401, MSG.initDataInvalid]);
    const ahead = await authWith(JSON.stringify(signInitData({ id: 5012 }, { authDate: new Date(Date.now() + 10 * 60 * 1000) })));
    expect([ahead.statusCode, ahead.json().message]).toEqual([401, MSG.initDataInvalid]);
    const drift = await authWith(JSON.stringify(signInitData({ id: 5013 }, { authDate: new Date(Date.now() + 60 * 1000) })));
    expect(drift.statusCode).toBe(200);
  });

  it('refuses initData without a user, and a missing or empty body', async () => {
    const noUser = await authWith(JSON.stringify(signInitData(null)));
    expect(noUser.statusCode).toBe(401);
    expect(noUser.json().message).toBe(MSG.initDataNoUser);
    const empty = await authWith(JSON.stringify(''));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.initDataMissing);
    const unsigned = await authWith(JSON.stringify('user=%7B%22id%22%3A1%7D&auth_date=1'));
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().message).toBe(MSG.initDataMissing);
  });

  it('records a referral for a new user only, never oneself', async () => {
    await login(ctx.app, { id: 6000 });
    await login(ctx.app, { id: 6001 }, 'ref_6000');
    await login(ctx.app, { id: 6002 }, 'ref_6002');
    await login(ctx.app, { id: 6003 });
    await login(ctx.app, { id: 6003 }, 'ref_6000'); // already known: not re-invited
    const invited = await rows(ctx.deps.db, sql`SELECT telegram_id, invited_by FROM users WHERE telegram_id IN (6001, 6002, 6003) ORDER BY telegram_id`);
    expect(invited).toEqual([
      { telegram_id: 6001, invited_by: 6000 },
      { telegram_id: 6002, invited_by: null },
      { telegram_id: 6003, invited_by: null },
    ]);
  });

  it('gives ADMIN_TELEGRAM_IDS the admin role', async () => {
    const token = await login(ctx.app, { id: ADMIN_ID });
    expect(claimsOf(token).roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
  });
});

describe('bearer tokens', () => {
  it('answers an expired token with the exact expiry message in message and error', async () => {
    await login(ctx.app, { id: 7001 });
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const expired = await new SignJWT({ roles: ['ROLE_USER'], ban: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7001')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/course', headers: auth(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Термін дії JWT-токену сплив.', error: 'Термін дії JWT-токену сплив.' });
  });

  it('answers 401 for a missing, forged or garbled token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/course' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(MSG.tokenMissing);
    const forged = await new SignJWT({ roles: ['ROLE_ADMIN'], ban: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ADMIN_ID))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret'));
    const f = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/', headers: auth(forged) });
    expect(f.statusCode).toBe(401);
    expect(f.json().message).toBe(MSG.tokenInvalid);
    const g = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/', headers: auth('abc.def') });
    expect(g.statusCode).toBe(401);
  });

  it('answers 401 for a correctly signed token whose subject is no Telegram ID', async () => {
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    for (const sub of ['abc', '12abc', '-5', '0', '1e3', '99999999999999999999']) {
      const token = await new SignJWT({ roles: ['ROLE_ADMIN'], ban: false }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('1h').sign(key);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/course', headers: auth(token) });
      expect([sub, res.statusCode, res.json().message]).toEqual([sub, 401, MSG.tokenInvalid]);
    }
  });
});
