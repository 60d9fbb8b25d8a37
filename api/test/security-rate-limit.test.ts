/**
 * Rate limits on sign-in (per IP), purchases, support messages and uploads (per user), in
 * memory and in Redis: the request over the limit answers 429 with the Ukrainian message and
 * Retry-After, and changes nothing. Limits are lowered through config for the test; users
 * and IPs are random per run, so counters left in Redis by an earlier run do not matter.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { auth, createTestContext, signInitData, type TestContext } from './helpers.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { multipart } from './docx.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOW = { TRUST_PROXY: '1', RATE_LIMIT_AUTH: '3/60', RATE_LIMIT_PURCHASE: '2/60', RATE_LIMIT_SUPPORT: '2/60', RATE_LIMIT_UPLOAD: '2/60' };
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const randomUser = () => randomInt(700_000_000, 799_999_999);
const ADMIN = randomUser();

function signIn(ctx: TestContext, id: number, ip: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    payload: JSON.stringify(signInitData({ id, username: `u${id}` })),
  });
}

async function token(ctx: TestContext, id: number): Promise<string> {
  const res = await signIn(ctx, id, randomIp());
  expect(res.statusCode).toBe(200);
  return res.json<{ jwt: string }>().jwt;
}

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: MSG.tooManyRequests });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

for (const store of ['memory', 'redis'] as const) {
  describe(`rate limits (${store})`, () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ ...LOW, ADMIN_TELEGRAM_IDS: String(ADMIN), ...(store === 'redis' ? { REDIS_URL } : {}) });
    }, 60_000);
    afterAll(async () => {
      await ctx?.close();
    });

    it('signs in at most 3 times a minute from one IP; other IPs are not affected', async () => {
      const ip = randomIp();
      for (let i = 0; i < 3; i++) expect((await signIn(ctx, randomUser(), ip)).statusCode).toBe(200);
      const newcomer = randomUser();
      expectTooMany(await signIn(ctx, newcomer, ip));
      // Refused before the handler: the user was not created.
      const admin = await token(ctx, ADMIN);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${newcomer}`, headers: auth(admin) })).statusCode).toBe(404);
      expect((await signIn(ctx, newcomer, randomIp())).statusCode).toBe(200);
    });

    it('counts purchases per user and charges nothing for the refused one', async () => {
      const [buyer, other, developer] = [randomUser(), randomUser(), randomUser()];
      const [buyerToken, otherToken] = [await token(ctx, buyer), await token(ctx, other)];
      await token(ctx, developer);
      const teacherId = await makeTeacher(ctx.deps.db, await makeSubject(ctx.deps.db));
      const taskId = await makeTask(ctx.deps.db, { teacherId, developerId: developer, price: 10 });
      const admin = await token(ctx, ADMIN);
      const deposit = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/wallets/deposit', headers: auth(admin), payload: { userTelegramId: buyer, amount: 100 } });
      expect(deposit.statusCode).toBe(200);
      const buy = (t: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/tasks/process', headers: auth(t), payload: { taskId, arguments: [] } });
      expect((await buy(buyerToken)).statusCode).toBe(200);
      expect((await buy(buyerToken)).statusCode).toBe(200);
      expectTooMany(await buy(buyerToken));
      const wallets = await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/user/${buyer}`, headers: auth(buyerToken) });
      expect(wallets.json()).toContainEqual(expect.objectContaining({ name: 'Загальний гаманець', balance: 80 }));
      // Another student's purchases are counted apart (this one has no money: a 400, not a 429).
      expect((await buy(otherToken)).statusCode).toBe(400);
    });

    it('limits support messages per user', async () => {
      const t = await token(ctx, randomUser());
      const send = () => {
        const mp = multipart([{ name: 'message', value: 'Допоможіть, будь ласка' }]);
        return ctx.app.inject({ method: 'POST', url: '/api/v1/supports/sent', headers: { ...auth(t), ...mp.headers }, payload: mp.payload });
      };
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expectTooMany(await send());
    });

    it('limits uploads per user, refused ones included, before reading the body', async () => {
      const admin = await token(ctx, ADMIN);
      const upload = () => {
        const mp = multipart([{ name: 'file', filename: 'template.docx', value: 'not a docx' }]);
        return ctx.app.inject({ method: 'PUT', url: '/api/v1/tasks/999999/template', headers: { ...auth(admin), ...mp.headers }, payload: mp.payload });
      };
      expect((await upload()).statusCode).toBe(404);
      expect((await upload()).statusCode).toBe(404);
      expectTooMany(await upload());
    });
  });
}

describe('rate limits shared through Redis', () => {
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    first = await createTestContext({ ...LOW, REDIS_URL });
    second = await createTestContext({ ...LOW, REDIS_URL });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('count one client across instances behind a load balancer', async () => {
    const ip = randomIp();
    expect((await signIn(first, randomUser(), ip)).statusCode).toBe(200);
    expect((await signIn(second, randomUser(), ip)).statusCode).toBe(200);
    expect((await signIn(first, randomUser(), ip)).statusCode).toBe(200);
    expectTooMany(await signIn(second, randomUser(), ip));
  });
});

describe('rate limits when Redis is down', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 1: the limiter cannot count, and must not stop sign-ins.
    ctx = await createTestContext({ ...LOW, REDIS_URL: 'redis://127.0.0.1:1' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('lets requests through rather than failing them', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await signIn(ctx, randomUser(), ip)).statusCode).toBe(200);
  });
});
