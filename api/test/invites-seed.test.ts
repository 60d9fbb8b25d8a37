import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REFERRAL_BONUS_UAH, type AuthorProfile, type Invite, type InviteProgress, type ReviewPage } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { SEED_STEPS, seedDemo } from '../src/modules/demo/seed.js';
import { seedCatalogue } from '../src/modules/catalogue/seed.js';
import { seedInvites } from '../src/modules/orders/seed-invites.js';
import { seedWallets } from '../src/modules/wallets/seed.js';
import { seedReviews } from '../src/modules/reviews/seed.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';
import { balanceUah, expectLedgerBalanced } from './ledger-helpers.js';

const STUDENT = 100001;
let ctx: TestContext;
let student: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // The demo without its auto orders (they need the template sandbox, tested elsewhere).
  expect(await seedDemo(ctx.deps, [SEED_STEPS[0]!, seedCatalogue, seedWallets, seedInvites, seedReviews])).toBe(true);
  student = await login(ctx.app, { id: STUDENT, username: 'student_demo' });
});
afterAll(() => ctx.close());

describe('demo seed: the student’s invited friends', () => {
  it('lists three friends who really bought (orders paid through the ledger), each over the minimum', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/invites', headers: auth(student) });
    expect(res.statusCode).toBe(200);
    const invites = res.json<Invite[]>();
    expect(invites.map((i) => i.user.username)).toEqual(['andrii_demo', 'sofiia_demo', 'maksym_demo']);
    for (const i of invites) expect(i.spendBalance).toBeGreaterThanOrEqual(100);

    const orders = await rows<{ buyer_id: number | string; paid: boolean }>(
      ctx.deps.db,
      sql`SELECT o.buyer_id, EXISTS (SELECT 1 FROM transfers t WHERE t.reference = 'order:' || o.id AND t.kind = 'PURCHASE') AS paid
          FROM orders o JOIN users u ON u.telegram_id = o.buyer_id WHERE u.invited_by = ${STUDENT}`,
    );
    expect(new Set(orders.map((o) => Number(o.buyer_id)))).toEqual(new Set([100011, 100012, 100013]));
    expect(orders.every((o) => o.paid)).toBe(true);
    await expectLedgerBalanced(ctx.deps);
  });

  it('lets the demo student claim the bonus', async () => {
    const progress = (await ctx.app.inject({ method: 'GET', url: '/api/v1/invites/link', headers: auth(student) })).json<InviteProgress>();
    expect(progress).toMatchObject({ invitedCount: 3, qualifiedCount: 3, isAvailableClaim: true, claimed: false });
    const before = await balanceUah(ctx.deps, STUDENT);
    const claim = await ctx.app.inject({ method: 'PUT', url: '/api/v1/invites/deposit-amount', headers: auth(student) });
    expect(claim.statusCode).toBe(200);
    expect(await balanceUah(ctx.deps, STUDENT)).toBe(before + REFERRAL_BONUS_UAH);
    await expectLedgerBalanced(ctx.deps);
  });
});

describe('demo seed: reviews', () => {
  it("gives every friend's accepted order a review, on several tasks, some answered, and the author's profile counts them", async () => {
    const reviewed = await rows<{ task_id: number | string; replied: boolean }>(
      ctx.deps.db,
      sql`SELECT r.task_id, r.reply_text IS NOT NULL AS replied FROM reviews r JOIN orders o ON o.id = r.order_id WHERE o.status = 'DONE' ORDER BY r.id`,
    );
    const done = await rows<{ n: string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM orders WHERE status = 'DONE' AND buyer_id <> ${STUDENT}`);
    expect(reviewed.length).toBe(Number(done[0]!.n));
    expect(new Set(reviewed.map((r) => Number(r.task_id))).size).toBeGreaterThanOrEqual(3);
    expect(reviewed.some((r) => r.replied)).toBe(true);

    const taskId = Number(reviewed[0]!.task_id);
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/v1/tasks/${taskId}/reviews`, headers: auth(student) })).json<ReviewPage>();
    expect(page.content.length).toBeGreaterThan(0);
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/developer/100002/profile', headers: auth(student) })).json<AuthorProfile>();
    expect(profile.rating.count).toBe(reviewed.length);
    expect(profile.latestReviews.length).toBe(Math.min(5, reviewed.length));
  });
});
