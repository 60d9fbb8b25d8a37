/**
 * Issue 22, finding 3: a referral bonus outlived the refunds of the purchases that earned it.
 * Three friends buy, the inviter claims, the orders are cancelled and refunded: the bonus must
 * not be claimable while the orders can still be refunded, and a bonus already paid (under the
 * old rule) is taken back once, as far as the balance allows, the rest from later credits.
 * The race at the end runs truly in parallel on PostgreSQL's pool (serialised on PGlite), 20
 * times there; on PostgreSQL a clawback and a top-up are also made to overlap both ways round,
 * each held open by the test at the point where the other used to slip past it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type InviteProgress, type Transaction } from '@zalik/contract';
import { row, rows, type Executor } from '../src/db/client.js';
import { SYSTEM, post } from '../src/modules/ledger/service.js';
import { auth, login, onPostgres, type TestContext } from './helpers.js';
import { buy, manualTask, openWorld, topUp, type World } from './purchase-world.js';
import { balanceUah, expectLedgerBalanced, topUpApi } from './ledger-helpers.js';
import { orderCalls } from './escrow-helpers.js';
import { REVIEW_BONUSES_JOB } from '../src/modules/invites/jobs.js';
import { takeBackBonusIfUnearned } from '../src/modules/invites/clawback.js';

let ctx: TestContext;
let w: World;
let o: ReturnType<typeof orderCalls>;
let taskId: number;
let nextId = 7_300;

beforeAll(async () => {
  // The race below signs in 16 users a round for 20 rounds.
  ({ ctx, w } = await openWorld({ RATE_LIMIT_AUTH: '1000000/60' }));
  o = orderCalls(ctx, w);
  taskId = await manualTask(ctx, w, { price: 100 });
});
afterAll(() => ctx.close());

interface Circle {
  id: number;
  token: string;
  friends: { id: number; token: string; order: string }[];
}

/** An inviter and three friends who signed in through the link and each bought a 100 UAH manual order (IN_PROGRESS). */
async function circle(): Promise<Circle> {
  const id = nextId++;
  const token = await login(ctx.app, { id, username: `host${id}` });
  const friends = [];
  for (let i = 0; i < 3; i++) {
    const fid = nextId++;
    const ftoken = await login(ctx.app, { id: fid }, `ref_${id}`);
    await topUp(ctx.deps.db, fid, 100);
    const res = await buy(ctx, ftoken, taskId, ['Бойко О. О.', '12']);
    expect(res.statusCode, res.body).toBe(200);
    friends.push({ id: fid, token: ftoken, order: res.json<{ id: string }>().id });
  }
  return { id, token, friends };
}

/** A bonus paid as the old rule paid it (open orders counted): what this change must take back. */
async function paidUnderOldRule(inviter: number): Promise<void> {
  await ctx.deps.db.transaction((tx) =>
    post(tx, [{ from: { system: SYSTEM.referral }, to: { user: inviter, wallet: 'general' }, amount: 10_000, kind: 'REFERRAL_BONUS', key: `referral-bonus:${inviter}`, reference: `referral:${inviter}` }]),
  );
}

/** The order REFUNDED and its price back to the buyer, in the caller's transaction, without the referral rule. */
async function refundWithoutClawback(tx: Executor, orderId: string, buyer: number): Promise<void> {
  const [o] = await rows<{ price: number | string }>(tx, sql`UPDATE orders SET status = 'REFUNDED', refunded_at = now() WHERE id = ${Number(orderId)} RETURNING price`);
  await post(tx, [{ from: { system: SYSTEM.escrow }, to: { user: buyer, wallet: 'general' }, amount: Number(o!.price), kind: 'REFUND', key: `old-refund:${orderId}` }]);
}

const claim = (token: string) => ctx.app.inject({ method: 'PUT', url: '/api/v1/invites/deposit-amount', headers: auth(token) });
const progress = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/api/v1/invites/link', headers: auth(token) })).json<InviteProgress>();
const clawed = async (inviter: number) =>
  (await rows<{ amount: number | string }>(ctx.deps.db, sql`SELECT amount FROM transfers WHERE kind = 'REFERRAL_CLAWBACK' AND reference = ${`referral:${inviter}`} ORDER BY id`)).map((r) =>
    Number(r.amount),
  );
const owed = async (inviter: number) => {
  const r = await row<{ amount: number | string; taken: number | string }>(ctx.deps.db, sql`SELECT amount, taken FROM referral_clawbacks WHERE inviter_id = ${inviter}`);
  return r ? Number(r.amount) - Number(r.taken) : null;
};
/** The expense account's net for one inviter: bonus paid minus what was taken back. */
const referralNet = async (inviter: number) =>
  Number(
    (await row<{ n: number | string }>(
      ctx.deps.db,
      sql`SELECT COALESCE(SUM(CASE WHEN kind = 'REFERRAL_BONUS' THEN amount ELSE -amount END), 0) AS n FROM transfers
          WHERE kind IN ('REFERRAL_BONUS', 'REFERRAL_CLAWBACK') AND reference = ${`referral:${inviter}`}`,
    ))!.n,
  );

describe('the three friends', () => {
  it('keeps the bonus closed while their orders can still be refunded, and opens it once they are DONE', async () => {
    const c = await circle();
    expect(await progress(c.token)).toMatchObject({ invitedCount: 3, qualifiedCount: 0, isAvailableClaim: false });
    const early = await claim(c.token);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: MSG.claimUnavailable });
    expect(await balanceUah(ctx.deps, c.id)).toBe(0);

    // The three orders cancelled and refunded: nothing was paid, nothing to take back.
    for (const f of c.friends) expect((await o.refund(f.order)).statusCode).toBe(200);
    expect((await claim(c.token)).statusCode).toBe(400);
    expect(await owed(c.id)).toBeNull();

    // Orders delivered and accepted are DONE, final: now the bonus is paid, and nothing can refund them.
    const d = await circle();
    for (const f of d.friends) {
      expect((await o.deliver(f.order)).statusCode).toBe(200);
      expect((await o.accept(f.order, f.token)).statusCode).toBe(200);
    }
    expect((await claim(d.token)).statusCode).toBe(200);
    expect(await balanceUah(ctx.deps, d.id)).toBe(100);
    expect((await o.refund(d.friends[0]!.order)).statusCode).toBe(409);
    expect(await clawed(d.id)).toEqual([]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('takes a bonus paid on open orders back once, when a refund leaves fewer than three friends', async () => {
    const c = await circle();
    await paidUnderOldRule(c.id);
    await topUp(ctx.deps.db, c.id, 20);
    expect((await o.refund(c.friends[0]!.order)).statusCode).toBe(200);
    expect(await clawed(c.id)).toEqual([10_000]);
    expect(await balanceUah(ctx.deps, c.id)).toBe(20);
    expect(await owed(c.id)).toBe(0);
    // The other two refunds (a cancellation by the developer, a dispute refunded) take nothing more.
    expect((await o.devCancel(c.friends[1]!.order, 'Не встигаю')).statusCode).toBe(200);
    expect((await o.deliver(c.friends[2]!.order)).statusCode).toBe(200);
    expect((await o.dispute(c.friends[2]!.order, 'Не те', c.friends[2]!.token)).statusCode).toBe(200);
    expect((await o.resolve(c.friends[2]!.order, 'REFUND')).statusCode).toBe(200);
    expect(await clawed(c.id)).toEqual([10_000]);
    expect(await balanceUah(ctx.deps, c.id)).toBe(20);
    expect(await referralNet(c.id)).toBe(0);

    const history = await ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/history/user/${c.id}`, headers: auth(c.token) });
    expect(history.json<Transaction[]>().filter((t) => t.transactionType === 'WITHDRAWAL')).toMatchObject([
      { initials: 'Бонус за запрошення скасовано: покупки друзів повернено', amount: 100, wallet: 'general' },
    ]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('takes what the balance allows, never below zero, and the rest from later credits', async () => {
    const c = await circle();
    await paidUnderOldRule(c.id);
    // The inviter spent 70 of the bonus already.
    const spend = await manualTask(ctx, w, { price: 70 });
    expect((await buy(ctx, c.token, spend, ['Бойко О. О.', '1'])).statusCode).toBe(200);
    expect(await balanceUah(ctx.deps, c.id)).toBe(30);

    expect((await o.refund(c.friends[0]!.order)).statusCode).toBe(200);
    expect(await clawed(c.id)).toEqual([3_000]);
    expect(await balanceUah(ctx.deps, c.id)).toBe(0);
    expect(await owed(c.id)).toBe(7_000);

    await topUpApi(ctx.app, w.admin, c.id, 50);
    expect(await balanceUah(ctx.deps, c.id)).toBe(0);
    expect(await owed(c.id)).toBe(2_000);
    await topUpApi(ctx.app, w.admin, c.id, 100);
    expect(await balanceUah(ctx.deps, c.id)).toBe(80);
    expect(await owed(c.id)).toBe(0);
    expect(await clawed(c.id)).toEqual([3_000, 5_000, 2_000]);
    // Settled: later credits stay whole.
    await topUpApi(ctx.app, w.admin, c.id, 10);
    expect(await balanceUah(ctx.deps, c.id)).toBe(90);
    expect(await referralNet(c.id)).toBe(0);
    await expectLedgerBalanced(ctx.deps);
  });
});

describe('bonuses paid before refunds took them back', () => {
  /** A refund as the code before 0027 made it: the order REFUNDED, escrow back to the buyer, no clawback. */
  const refundedTheOldWay = (orderId: string, buyer: number) => ctx.deps.db.transaction((tx) => refundWithoutClawback(tx, orderId, buyer));
  const review = () => ctx.deps.jobs.job(REVIEW_BONUSES_JOB)!.handler({ key: 'after-0027', payload: {}, attempt: 1, signal: new AbortController().signal, log: console });

  it('are reviewed once by the job: taken back where the friends were refunded, kept where they still count', async () => {
    const refunded = await circle();
    await paidUnderOldRule(refunded.id);
    for (const f of refunded.friends) await refundedTheOldWay(f.order, f.id);
    const kept = await circle();
    await paidUnderOldRule(kept.id);
    expect(await balanceUah(ctx.deps, refunded.id)).toBe(100);
    await expectLedgerBalanced(ctx.deps);

    await review();
    expect(await clawed(refunded.id)).toEqual([10_000]);
    expect(await balanceUah(ctx.deps, refunded.id)).toBe(0);
    expect(await referralNet(refunded.id)).toBe(0);
    expect(await clawed(kept.id)).toEqual([]);
    expect(await balanceUah(ctx.deps, kept.id)).toBe(100);

    // A second run (a retry after a crash) takes nothing more.
    await review();
    expect(await clawed(refunded.id)).toEqual([10_000]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('is scheduled once by the migration', async () => {
    const jobs = await rows<{ key: string }>(ctx.deps.db, sql`SELECT key FROM jobs WHERE name = ${REVIEW_BONUSES_JOB}`);
    expect(jobs.map((j) => j.key)).toEqual(['after-0027']);
  });
});

describe('racing the clawback', () => {
  // PGlite's one connection runs them one after another, so only PostgreSQL gets anything from repeating it.
  const rounds = onPostgres ? 20 : 1;

  it(`moves once when two refunds, a purchase and a top-up of the inviter race (${rounds === 1 ? 'once' : `${rounds} times`})`, async () => {
    for (let round = 0; round < rounds; round++) await raceRound();
    await expectLedgerBalanced(ctx.deps);
  });

  async function raceRound(): Promise<void> {
    const circles = [];
    for (let i = 0; i < 4; i++) circles.push(await circle());
    for (const c of circles) {
      await paidUnderOldRule(c.id);
      await topUp(ctx.deps.db, c.id, 50);
    }
    await Promise.all(
      circles.flatMap((c) => [
        o.refund(c.friends[0]!.order),
        o.devCancel(c.friends[1]!.order, 'Не встигаю'),
        buy(ctx, c.token, taskId, ['Бойко О. О.', '7']),
        topUpApi(ctx.app, w.admin, c.id, 30),
      ]),
    );
    for (const c of circles) {
      const taken = (await clawed(c.id)).reduce((a, b) => a + b, 0);
      const left = (await owed(c.id))!;
      expect(taken + left).toBe(10_000);
      const purchases = Number(
        (await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM orders WHERE buyer_id = ${c.id} AND price > 0`))!.n,
      );
      const balance = Math.round((await balanceUah(ctx.deps, c.id)) * 100);
      expect(balance).toBeGreaterThanOrEqual(0);
      // Nothing made: 150 + 30 in, each kopeck either spent, taken back or still there.
      expect(balance + taken + purchases * 10_000).toBe(18_000);
      // A debt is left only where the wallet was emptied.
      if (left > 0) expect(balance).toBe(0);
    }
  }

  // The two transactions are held open by the test, so only PostgreSQL's pool can run them side by side.
  if (onPostgres) {
    /** Resolves once another session of this database waits for a lock, or `done` settles first. */
    async function waitingOrDone(done: Promise<unknown>): Promise<void> {
      let over = false;
      void done.then(
        () => (over = true),
        () => (over = true),
      );
      for (;;) {
        if (over) return;
        const w = await row<{ n: number | string }>(
          ctx.deps.db,
          sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
        );
        if (Number(w!.n) > 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    /** An inviter holding 30 of a 100 bonus paid on open orders: a clawback takes 30 and leaves 70 owed. */
    async function spentInviter(): Promise<Circle> {
      const c = await circle();
      await paidUnderOldRule(c.id);
      const spend = await manualTask(ctx, w, { price: 70 });
      expect((await buy(ctx, c.token, spend, ['Бойко О. О.', '2'])).statusCode).toBe(200);
      return c;
    }

    /** What a 50 UAH top-up must end in, whichever of it and the clawback committed first: 50 more taken, 20 owed. */
    async function expectTakenOnce(c: Circle): Promise<void> {
      expect(await balanceUah(ctx.deps, c.id)).toBe(0);
      expect(await owed(c.id)).toBe(2_000);
      expect((await clawed(c.id)).reduce((a, b) => a + b, 0)).toBe(8_000);
      await expectLedgerBalanced(ctx.deps);
    }

    it('takes a top-up once when it commits while a clawback that read the balance before it is still open', async () => {
      const c = await spentInviter();
      const friend = c.friends[0]!;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let read!: () => void;
      const clawbackRead = new Promise<void>((r) => (read = r));
      // The refund's transaction records the debt and takes the 30 it read, then waits for the test.
      const clawback = ctx.deps.db.transaction(async (tx) => {
        await refundWithoutClawback(tx, friend.order, friend.id);
        await takeBackBonusIfUnearned(tx, friend.id);
        read();
        await gate;
      });
      await clawbackRead;
      const topUp = topUpApi(ctx.app, w.admin, c.id, 50);
      // The top-up either commits now (it must still pay the debt) or waits for the clawback.
      await waitingOrDone(topUp);
      release();
      await Promise.all([clawback, topUp]);
      await expectTakenOnce(c);
    });

    it('takes a top-up once when a clawback reads the balance while the top-up is still open', async () => {
      const c = await spentInviter();
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let credited!: () => void;
      const topUpCredited = new Promise<void>((r) => (credited = r));
      // The top-up is posted (its own debt check found nothing owed yet), then waits for the test.
      const topUp = ctx.deps.db.transaction(async (tx) => {
        await post(tx, [{ from: { system: SYSTEM.topup }, to: { user: c.id, wallet: 'general' }, amount: 5_000, kind: 'TOPUP', key: `open-topup:${c.id}` }]);
        credited();
        await gate;
      });
      await topUpCredited;
      const refund = o.refund(c.friends[0]!.order);
      // The refund either commits now, having read the balance without the top-up, or waits for it.
      await waitingOrDone(refund);
      release();
      const [, res] = await Promise.all([topUp, refund]);
      expect(res.statusCode).toBe(200);
      await expectTakenOnce(c);
    });
  }
});
