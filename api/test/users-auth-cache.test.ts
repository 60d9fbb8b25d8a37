import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { auth, createTestContext, login, type TestContext } from './helpers.js';

/**
 * Each instance keeps the users its requests act as (modules/users/auth-cache.ts). What must
 * hold: a ban, a role or a username changed anywhere reaches the next request once the change
 * feed delivered it, and at once when this instance's own API made the change.
 */
let ctx: TestContext;
let admin: string;
let student: string;
const ADMIN = 7801;
const STUDENT = 7802;

const inProgress = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/histories/developer/in-progress', headers: auth(token) });
const myOrders = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(token) });
const ban = (value: boolean) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${STUDENT}/ban?value=${value}`, headers: auth(admin) });

beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_TELEGRAM_IDS: String(ADMIN) });
  admin = await login(ctx.app, { id: ADMIN });
  student = await login(ctx.app, { id: STUDENT });
  await ctx.deps.catalogue.sync();
});
afterAll(() => ctx.close());

describe('the signed-in user on every request', () => {
  it('refuses the very next request after an admin bans through this instance, and lets it in again after the unban', async () => {
    expect((await myOrders(student)).statusCode).toBe(200);
    expect((await ban(true)).statusCode).toBe(200);
    const refused = await myOrders(student);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.banned);
    expect((await ban(false)).statusCode).toBe(200);
    expect((await myOrders(student)).statusCode).toBe(200);
  });

  it('hears of a ban written straight into the database once the change feed delivers it', async () => {
    expect((await myOrders(student)).statusCode).toBe(200);
    await ctx.deps.db.execute(sql`UPDATE users SET is_banned = true WHERE telegram_id = ${STUDENT}`);
    await ctx.deps.catalogue.sync();
    expect((await myOrders(student)).statusCode).toBe(403);
    await ctx.deps.db.execute(sql`UPDATE users SET is_banned = false WHERE telegram_id = ${STUDENT}`);
    await ctx.deps.catalogue.sync();
    expect((await myOrders(student)).statusCode).toBe(200);
  });

  it('hears of a role granted or taken away in the database', async () => {
    expect((await inProgress(student)).statusCode).toBe(403);
    await ctx.deps.db.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${STUDENT}, 'ROLE_DEVELOPER')`);
    await ctx.deps.catalogue.sync();
    expect((await inProgress(student)).statusCode).toBe(200);
    await ctx.deps.db.execute(sql`DELETE FROM user_roles WHERE telegram_id = ${STUDENT}`);
    await ctx.deps.catalogue.sync();
    expect((await inProgress(student)).statusCode).toBe(403);
  });

  it('answers from memory: a change nobody announced is not seen until one is', async () => {
    expect((await myOrders(student)).statusCode).toBe(200);
    // A write with its triggers off (as a restore tool might do) announces nothing.
    await ctx.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE users SET is_banned = true WHERE telegram_id = ${STUDENT}`);
    });
    await ctx.deps.catalogue.sync();
    expect((await myOrders(student)).statusCode).toBe(200);
    // Any announced change of that user makes the next request read the row again.
    await ctx.deps.db.execute(sql`UPDATE users SET username = 'renamed' WHERE telegram_id = ${STUDENT}`);
    await ctx.deps.catalogue.sync();
    expect((await myOrders(student)).statusCode).toBe(403);
    await ctx.deps.db.execute(sql`UPDATE users SET is_banned = false WHERE telegram_id = ${STUDENT}`);
  });

  it('reads the database on every request while the change feed is not live', async () => {
    await ctx.deps.catalogue.stop();
    try {
      expect(ctx.deps.catalogue.isLive).toBe(false);
      await ctx.deps.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`UPDATE users SET is_banned = true WHERE telegram_id = ${STUDENT}`);
      });
      expect((await myOrders(student)).statusCode).toBe(403);
    } finally {
      await ctx.deps.db.execute(sql`UPDATE users SET is_banned = false WHERE telegram_id = ${STUDENT}`);
    }
    expect((await myOrders(student)).statusCode).toBe(200);
  });
});
