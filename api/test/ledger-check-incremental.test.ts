import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { row } from '../src/db/client.js';
import { checkLedger, runLedgerCheck } from '../src/modules/ledger/check.js';
import { SYSTEM, post, type Leg } from '../src/modules/ledger/service.js';
import { createTestContext, login, onPostgres, type TestContext } from './helpers.js';
import { balanceUah } from './ledger-helpers.js';

let ctx: TestContext;
const A = 7701;
const B = 7702;
let keys = 0;
const topup = (user: number, kop: number): Leg => ({
  from: { system: SYSTEM.topup },
  to: { user, wallet: 'general' },
  amount: kop,
  kind: 'TOPUP',
  key: `incremental-${++keys}`,
});
const pay = (legs: Leg[]) => ctx.deps.db.transaction((tx) => post(tx, legs));
const newestId = async () => Number((await row<{ id: string | number }>(ctx.deps.db, sql`SELECT max(id) AS id FROM transfers`))!.id);
/** What the point says an account had through W. */
const pointNet = async (user: number) =>
  Number(
    (await row<{ net: string | number }>(
      ctx.deps.db,
      sql`SELECT p.net FROM ledger_point_nets p JOIN accounts a ON a.id = p.account_id WHERE a.code = ${`user:${user}:general`}`,
    ))?.net ?? 0,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  await login(ctx.app, { id: A });
  await login(ctx.app, { id: B });
});
afterAll(() => ctx.close());

describe('ledger check from a verified point', () => {
  it('checks in full first and records the point, then reads only the transfers after it, with the full check`s verdict', async () => {
    await pay([topup(A, 10_000), topup(B, 5_000)]);
    const first = await runLedgerCheck(ctx.deps.db);
    expect(first).toMatchObject({ ok: true, mode: 'full', from: 0, recorded: await newestId() });
    expect(first.read).toBe(first.transfers);

    await pay([topup(A, 700)]);
    await pay([topup(B, 300)]);
    const next = await runLedgerCheck(ctx.deps.db);
    expect(next).toMatchObject({ ok: true, mode: 'incremental', from: first.recorded, read: 2, recorded: await newestId() });
    expect(next.transfers).toBe(first.transfers + 2);
    expect(await pointNet(A)).toBe(10_700);

    const full = await runLedgerCheck(ctx.deps.db, { full: true });
    expect(full).toMatchObject({ ok: true, mode: 'full', transfers: next.transfers, read: next.transfers, problems: [] });
  });

  it('finds a balance changed by hand after the point, as the full check does, and keeps the point until it is fixed', async () => {
    const clean = await runLedgerCheck(ctx.deps.db);
    const point = clean.recorded ?? clean.from;
    await ctx.deps.db.execute(sql`UPDATE accounts SET balance = balance + 5 WHERE code = ${`user:${A}:general`}`);
    await pay([topup(B, 100)]);

    const incremental = await runLedgerCheck(ctx.deps.db);
    expect(incremental).toMatchObject({ ok: false, mode: 'incremental', from: point, read: 1, recorded: null });
    expect(incremental.problems).toContain(`account user:${A}:general: balance ${10_700 + 5} but its transfers add up to 10700`);
    expect(incremental.problems.join('\n')).toMatch(/balances sum to 5 kopecks, not 0/);
    const full = await runLedgerCheck(ctx.deps.db, { full: true });
    expect(full.mode).toBe('full');
    expect(full.problems).toEqual(incremental.problems);
    expect(await checkLedger(ctx.deps.db)).toMatchObject({ problems: incremental.problems });
    // Nothing verified: the old point stands, so the transfer after it is read again next time.
    expect((await runLedgerCheck(ctx.deps.db)).from).toBe(point);

    await ctx.deps.db.execute(sql`UPDATE accounts SET balance = balance - 5 WHERE code = ${`user:${A}:general`}`);
    expect(await runLedgerCheck(ctx.deps.db)).toMatchObject({ ok: true, mode: 'incremental', from: point, read: 1, recorded: await newestId() });
  });

  it('finds a transfer written past post after the point (no balance moved with it), as the full check does', async () => {
    const clean = await runLedgerCheck(ctx.deps.db);
    expect(clean.ok).toBe(true);
    const bKop = Math.round((await balanceUah(ctx.deps, B)) * 100);
    await ctx.deps.db.execute(sql`INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind)
      SELECT 'stray-incremental', t.id, u.id, 250, 'TOPUP' FROM accounts t, accounts u
      WHERE t.code = ${SYSTEM.topup} AND u.code = ${`user:${B}:general`}`);

    const incremental = await runLedgerCheck(ctx.deps.db);
    expect(incremental).toMatchObject({ ok: false, mode: 'incremental', read: 1, recorded: null });
    expect(incremental.problems).toContain(`account user:${B}:general: balance ${bKop} but its transfers add up to ${bKop + 250}`);
    expect(incremental.problems).toContain('balances sum to -250 kopecks, not 0');
    expect((await runLedgerCheck(ctx.deps.db, { full: true })).problems).toEqual(incremental.problems);

    // Put the ledger back (the immutable trigger is off for this one statement only).
    await ctx.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`DELETE FROM transfers WHERE idempotency_key = 'stray-incremental'`);
    });
    expect((await runLedgerCheck(ctx.deps.db)).ok).toBe(true);
  });

  it('checks in full when the transfers under the point were replaced', async () => {
    const clean = await runLedgerCheck(ctx.deps.db);
    await ctx.deps.db.execute(sql`UPDATE ledger_points SET last_key = 'not-a-key' WHERE through_id = ${clean.recorded ?? clean.from}`);
    const report = await runLedgerCheck(ctx.deps.db);
    expect(report).toMatchObject({ ok: true, mode: 'full', from: 0 });
    expect(report.notes.join('\n')).toMatch(/no longer matches the transfers: checked in full/);
    expect(report.recorded).toBeGreaterThanOrEqual(await newestId());
  });

  // Only PostgreSQL runs transactions side by side; PGlite's one connection commits each before the next starts.
  if (onPostgres) {
    it('never puts the point past a transfer that commits after a newer one: it waits for it, or keeps the old point', async () => {
      const before = await runLedgerCheck(ctx.deps.db);
      const point = before.recorded ?? before.from;
      const aBefore = await pointNet(A);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let drawn!: (id: number) => void;
      const posted = new Promise<number>((r) => (drawn = r));
      // A's top-up draws its id first and commits last; B's draws a later id and commits at once.
      const late = ctx.deps.db.transaction(async (tx) => {
        const leg = topup(A, 40);
        await post(tx, [leg]);
        drawn(Number((await row<{ id: string }>(tx, sql`SELECT id FROM transfers WHERE idempotency_key = ${leg.key}`))!.id));
        await gate;
      });
      const lateId = await posted;
      await pay([topup(B, 60)]);
      expect(await newestId()).toBeGreaterThan(lateId);
      expect(lateId).toBeGreaterThan(point);

      // Still open after the wait: the point stays where it was.
      const kept = await runLedgerCheck(ctx.deps.db, { waitMs: 200 });
      expect(kept).toMatchObject({ ok: true, mode: 'incremental', from: point, read: 1, recorded: null });
      expect(kept.notes.join('\n')).toMatch(/was not moved: 1 transactions posting transfers were still open/);

      // Committed while a check waits: the check reads it and its point covers it.
      const waiting = runLedgerCheck(ctx.deps.db, { waitMs: 10_000 });
      setTimeout(release, 300);
      await late;
      const moved = await waiting;
      expect(moved).toMatchObject({ ok: true, mode: 'incremental', from: point, read: 2, recorded: await newestId() });
      expect(await pointNet(A)).toBe(aBefore + 40);
      const after = await runLedgerCheck(ctx.deps.db, { full: true });
      expect(after).toMatchObject({ ok: true, transfers: moved.transfers });
    });
  }
});
