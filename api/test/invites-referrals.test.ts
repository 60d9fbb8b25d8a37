import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type Invite, type InviteProgress } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { post } from '../src/modules/ledger/service.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { balanceUah, expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let inviter: string;
let taskId: number;
const INVITER = 7100;
const DEV = 7199;
const FRIENDS = [7101, 7102, 7103, 7104] as const;

const get = (url: string, token = inviter) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
const claim = (token = inviter) => ctx.app.inject({ method: 'PUT', url: '/api/v1/invites/deposit-amount', headers: auth(token) });
const progress = async () => (await get('/api/v1/invites/link')).json<InviteProgress>();

let orderSeq = 0;
/**
 * A friend's purchase as the orders module records it: the order row plus the money moving
 * buyer -> escrow (and on to the developer when done, back to the buyer when refunded).
 */
async function buy(buyer: number, kopecks: number, status: 'IN_PROGRESS' | 'DONE' | 'REFUNDED') {
  const n = ++orderSeq;
  await ctx.deps.db.transaction(async (tx) => {
    await post(tx, [{ from: { system: 'external:topup' }, to: { user: buyer, wallet: 'general' }, amount: kopecks, kind: 'TOPUP', key: `t-topup-${n}` }]);
    const order = (await row<{ id: number }>(
      tx,
      sql`INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, task_title, subject_name, teacher_name,
                              developer_name, auto_generate, full_price, price, status)
          VALUES (${buyer}, ${taskId}, ${DEV}, ${`k${n}`}, 'Лаба', 'Матаналіз', 'Іваненко', 'dev', false, ${kopecks}, ${kopecks}, ${status})
          RETURNING id`,
    ))!;
    const ref = `order:${order.id}`;
    await post(tx, [{ from: { user: buyer, wallet: 'general' }, to: { system: 'escrow:orders' }, amount: kopecks, kind: 'PURCHASE', key: `t-buy-${n}`, reference: ref }]);
    if (status === 'DONE') {
      await post(tx, [{ from: { system: 'escrow:orders' }, to: { user: DEV, wallet: 'dev' }, amount: kopecks, kind: 'SALE', key: `t-sale-${n}`, reference: ref }]);
    }
    if (status === 'REFUNDED') {
      await post(tx, [{ from: { system: 'escrow:orders' }, to: { user: buyer, wallet: 'general' }, amount: kopecks, kind: 'REFUND', key: `t-refund-${n}`, reference: ref }]);
    }
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ BOT_USERNAME: 'zalik_test_bot', MINI_APP_NAME: 'shop' });
  inviter = await login(ctx.app, { id: INVITER, username: 'host', photo_url: 'https://t.me/i/host.jpg' });
  await login(ctx.app, { id: DEV, username: 'dev' });
  taskId = await makeTask(ctx.deps.db, { teacherId: await makeTeacher(ctx.deps.db, await makeSubject(ctx.deps.db)), developerId: DEV });
});
afterAll(() => ctx.close());

describe('who counts as invited', () => {
  it('records a friend who signs in for the first time through the link', async () => {
    await login(ctx.app, { id: FRIENDS[0], username: 'anna', photo_url: 'https://t.me/i/anna.jpg' }, `ref_${INVITER}`);
    await login(ctx.app, { id: FRIENDS[1] }, `ref_${INVITER}`);
    await login(ctx.app, { id: FRIENDS[2], username: '' }, `ref_${INVITER}`);
    await login(ctx.app, { id: FRIENDS[3] }, `ref_${INVITER}`);
    const res = await get('/api/v1/invites/');
    expect(res.statusCode).toBe(200);
    const list = res.json<Invite[]>();
    expect(list.map((i) => i.user.telegramId)).toEqual(FRIENDS.map(String));
    expect(list[0]).toEqual({ user: { telegramId: '7101', username: 'anna', photo: 'https://t.me/i/anna.jpg' }, spendBalance: 0 });
    expect(list[2]!.user.username).toBe('');
  });

  it('ignores a self-invite, a re-invite by someone else, and a link opened by an existing user', async () => {
    const self = 7150;
    const selfToken = await login(ctx.app, { id: self }, `ref_${self}`);
    expect((await get('/api/v1/invites/', selfToken)).json()).toEqual([]);
    // The friend already belongs to INVITER: a second link does not move them.
    await login(ctx.app, { id: FRIENDS[0] }, `ref_${self}`);
    // INVITER existed before opening someone's link: not an invite.
    await login(ctx.app, { id: INVITER, username: 'host' }, `ref_${self}`);
    expect((await get('/api/v1/invites/', selfToken)).json()).toEqual([]);
    const invitedBy = await row<{ invited_by: number | null }>(ctx.deps.db, sql`SELECT invited_by FROM users WHERE telegram_id = ${self}`);
    expect(invitedBy?.invited_by).toBeNull();
    expect((await get('/api/v1/invites/')).json<Invite[]>()).toHaveLength(4);
  });

  it('gives the invite link built from BOT_USERNAME and MINI_APP_NAME', async () => {
    expect((await progress()).link).toBe(`https://t.me/zalik_test_bot/shop?startapp=ref_${INVITER}`);
  });
});

describe('the bonus', () => {
  it('counts only what friends paid for DONE orders, and opens at three friends of 100 UAH', async () => {
    expect((await get('/api/v1/invites/isAvailableClaim')).body).toBe('false');
    expect(await progress()).toMatchObject({ invitedCount: 4, qualifiedCount: 0, requiredCount: 3, minSpend: 100, bonus: 100, claimed: false });

    await buy(FRIENDS[0], 10_000, 'DONE');
    expect((await progress()).qualifiedCount).toBe(1);

    // An order still in progress may yet be refunded: only DONE orders count, and two of them reach 100 UAH.
    await buy(FRIENDS[1], 6_000, 'DONE');
    await buy(FRIENDS[1], 4_000, 'IN_PROGRESS');
    expect((await progress()).qualifiedCount).toBe(1);
    await buy(FRIENDS[1], 4_000, 'DONE');
    expect((await progress()).qualifiedCount).toBe(2);

    // A refunded order is not spending; 99.99 UAH is not 100.
    await buy(FRIENDS[2], 15_000, 'REFUNDED');
    await buy(FRIENDS[3], 9_999, 'DONE');
    expect((await progress()).qualifiedCount).toBe(2);
    expect((await get('/api/v1/invites/isAvailableClaim')).body).toBe('false');
    const early = await claim();
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: MSG.claimUnavailable });
    expect(await balanceUah(ctx.deps, INVITER)).toBe(0);

    const list = (await get('/api/v1/invites/')).json<Invite[]>();
    expect(list.map((i) => i.spendBalance)).toEqual([100, 100, 0, 99.99]);

    await buy(FRIENDS[2], 12_050, 'DONE');
    expect((await get('/api/v1/invites/')).json<Invite[]>()[2]!.spendBalance).toBe(120.5);
    expect(await progress()).toMatchObject({ qualifiedCount: 3, isAvailableClaim: true, bonus: 100 });
    const available = await get('/api/v1/invites/isAvailableClaim');
    expect(available.headers['content-type']).toMatch(/application\/json/);
    expect(available.body).toBe('true');
  });

  it('pays 100 UAH once under 10 concurrent claims', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => claim()));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({ claimed: true, bonus: 0, isAvailableClaim: false });
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: MSG.claimTaken });
    }
    expect(await balanceUah(ctx.deps, INVITER)).toBe(100);
    const paid = await row<{ n: number | string }>(
      ctx.deps.db,
      sql`SELECT count(*) AS n FROM transfers WHERE kind = 'REFERRAL_BONUS' AND idempotency_key = ${`referral-bonus:${INVITER}`}`,
    );
    expect(Number(paid!.n)).toBe(1);
    await expectLedgerBalanced(ctx.deps);
  });

  it('shows 0 UAH and stays closed after the claim, even with more qualifying friends', async () => {
    const late = 7105;
    await login(ctx.app, { id: late }, `ref_${INVITER}`);
    await buy(late, 20_000, 'DONE');
    expect((await get('/api/v1/invites/isAvailableClaim')).body).toBe('false');
    expect(await progress()).toMatchObject({ invitedCount: 5, qualifiedCount: 4, claimed: true, bonus: 0, isAvailableClaim: false });
    const again = await claim();
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.claimTaken);
    expect(await balanceUah(ctx.deps, INVITER)).toBe(100);
  });

  it('accepts a claim sent with an empty JSON body, and needs a token', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/invites/deposit-amount',
      headers: { ...auth(inviter), 'content-type': 'application/json' },
    });
    expect(res.json().message).toBe(MSG.claimTaken);
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/v1/invites/' });
    expect(anon.statusCode).toBe(401);
  });
});
