import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { openDatabase } from '../src/db/client.js';
import { row } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { IdempotencyConflict, InsufficientFunds, SYSTEM, post, type Leg } from '../src/modules/ledger/service.js';
import { SEED_STEPS, seedDemo } from '../src/modules/demo/seed.js';
import { seedWallets } from '../src/modules/wallets/seed.js';
import { createTestContext, login, onPostgres, type TestContext } from './helpers.js';
import { balanceUah, expectLedgerBalanced, transferCount } from './ledger-helpers.js';

let ctx: TestContext;
const A = 7601;
const B = 7602;
const topup = (user: number, kop: number, key: string): Leg => ({
  from: { system: SYSTEM.topup },
  to: { user, wallet: 'general' },
  amount: kop,
  kind: 'TOPUP',
  key,
});

beforeAll(async () => {
  ctx = await createTestContext();
  await login(ctx.app, { id: A });
  await login(ctx.app, { id: B });
});
afterAll(() => ctx.close());

describe('post', () => {
  it('moves money and posts a key once', async () => {
    expect(await ctx.deps.db.transaction((tx) => post(tx, [topup(A, 10000, 'svc-1')]))).toBe(true);
    expect(await ctx.deps.db.transaction((tx) => post(tx, [topup(A, 10000, 'svc-1')]))).toBe(false);
    expect(await balanceUah(ctx.deps, A)).toBe(100);
    await expectLedgerBalanced(ctx.deps);
  });

  it('refuses a key reused for a different movement', async () => {
    await expect(ctx.deps.db.transaction((tx) => post(tx, [topup(A, 999, 'svc-1')]))).rejects.toBeInstanceOf(IdempotencyConflict);
    await expect(ctx.deps.db.transaction((tx) => post(tx, [topup(B, 10000, 'svc-1')]))).rejects.toBeInstanceOf(IdempotencyConflict);
    expect(await balanceUah(ctx.deps, A)).toBe(100);
    expect(await balanceUah(ctx.deps, B)).toBe(0);
  });

  it('leaves nothing of a batch that lacks money, even when the caller catches and commits', async () => {
    const before = await transferCount(ctx.deps);
    const legs: Leg[] = [
      { from: { user: A, wallet: 'general' }, to: { system: SYSTEM.escrow }, amount: 6000, kind: 'PURCHASE', key: 'svc-2a' },
      { from: { user: A, wallet: 'general' }, to: { system: SYSTEM.fees }, amount: 6000, kind: 'PURCHASE', key: 'svc-2b' },
    ];
    const caught = await ctx.deps.db.transaction(async (tx) => {
      try {
        await post(tx, legs);
        return null;
      } catch (e) {
        return e;
      }
    });
    expect(caught).toBeInstanceOf(InsufficientFunds);
    expect((caught as Error).message).toBe(MSG.insufficientFunds);
    expect(await transferCount(ctx.deps)).toBe(before);
    expect(await balanceUah(ctx.deps, A)).toBe(100);
    await expectLedgerBalanced(ctx.deps);
  });

  it('refuses bad legs before touching the database', async () => {
    const bad: Leg[][] = [
      [topup(A, 0, 'svc-3')],
      [topup(A, 1.5, 'svc-3')],
      [{ ...topup(A, 100, 'svc-3'), to: { system: SYSTEM.topup } }],
      [topup(A, 100, 'svc-3'), topup(B, 100, 'svc-3')],
    ];
    for (const legs of bad) await expect(ctx.deps.db.transaction((tx) => post(tx, legs))).rejects.toThrow();
    expect(await row(ctx.deps.db, sql`SELECT 1 AS one FROM transfers WHERE idempotency_key = 'svc-3'`)).toBeUndefined();
  });

  it('refuses a batch posted only in part before', async () => {
    await expect(ctx.deps.db.transaction((tx) => post(tx, [topup(A, 10000, 'svc-1'), topup(B, 100, 'svc-4')]))).rejects.toThrow(/partly/);
    expect(await balanceUah(ctx.deps, B)).toBe(0);
  });

  it('keeps transfers immutable at the database', async () => {
    await expect(ctx.deps.db.execute(sql`UPDATE transfers SET amount = 1 WHERE idempotency_key = 'svc-1'`)).rejects.toThrow();
    await expect(ctx.deps.db.execute(sql`DELETE FROM transfers WHERE idempotency_key = 'svc-1'`)).rejects.toThrow();
  });

  it('never lets a user balance below zero, whichever order debits arrive in (A pays B and B pays A at once)', async () => {
    await ctx.deps.db.transaction((tx) => post(tx, [topup(A, 5000, 'svc-5a'), topup(B, 10000, 'svc-5b')]));
    const total = (await balanceUah(ctx.deps, A)) + (await balanceUah(ctx.deps, B));
    const pay = (from: number, to: number, i: number, kop: number) =>
      ctx.deps.db
        .transaction((tx) =>
          post(tx, [{ from: { user: from, wallet: 'general' }, to: { user: to, wallet: 'general' }, amount: kop, kind: 'PURCHASE', key: `svc-x-${from}-${i}` }]),
        )
        .then(
          () => 'ok',
          (e: unknown) => (e instanceof InsufficientFunds ? 'poor' : String(e)),
        );
    // A sends 30 UAH twenty times but can never have more than 350: some must be refused.
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? pay(A, B, i, 3000) : pay(B, A, i, 1000))));
    // No deadlock or other error: every payment either went through or found too little money.
    expect(results.filter((r) => r !== 'ok' && r !== 'poor')).toEqual([]);
    expect(results).toContain('ok');
    expect(results).toContain('poor');
    expect((await balanceUah(ctx.deps, A)) + (await balanceUah(ctx.deps, B))).toBe(total);
    await expectLedgerBalanced(ctx.deps);
  });

  it('locks every wallet a batch debits in one order: batches of two payers in either order neither deadlock nor overdraw', async () => {
    const [P, Q, R] = [7611, 7612, 7613];
    for (const id of [P, Q, R]) await login(ctx.app, { id });
    await ctx.deps.db.transaction((tx) => post(tx, [topup(P, 2000, 'svc-two-p'), topup(Q, 2000, 'svc-two-q')]));
    const leg = (from: number, i: number): Leg => ({ from: { user: from, wallet: 'general' }, to: { user: R, wallet: 'general' }, amount: 100, kind: 'PURCHASE', key: `svc-two-${i}-${from}` });
    const pay = (i: number) =>
      ctx.deps.db
        .transaction((tx) => post(tx, i % 2 ? [leg(P, i), leg(Q, i)] : [leg(Q, i), leg(P, i)]))
        .then(
          () => 'ok',
          (e: unknown) => (e instanceof InsufficientFunds ? 'poor' : String(e)),
        );
    // 20 UAH each, 1 UAH from each per batch: 20 of the 30 batches pass, the rest find too little.
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => pay(i)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(20);
    expect(results.filter((r) => r === 'poor')).toHaveLength(10);
    expect([await balanceUah(ctx.deps, P), await balanceUah(ctx.deps, Q), await balanceUah(ctx.deps, R)]).toEqual([0, 0, 40]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('opens a wallet nobody paid into yet, and refuses an account that cannot exist with nothing written', async () => {
    const fresh = 7621;
    await login(ctx.app, { id: fresh });
    await ctx.deps.db.transaction((tx) => post(tx, [topup(fresh, 500, 'svc-open-1')]));
    expect(await balanceUah(ctx.deps, fresh)).toBe(5);
    const before = await transferCount(ctx.deps);
    const unknown = { system: 'external:nowhere' } as unknown as Leg['to'];
    const refused = await ctx.deps.db
      .transaction((tx) => post(tx, [{ from: { user: fresh, wallet: 'general' }, to: unknown, amount: 100, kind: 'PURCHASE', key: 'svc-open-2' }]))
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
    // The driver's error wraps the database's.
    expect(refused?.cause?.message ?? refused?.message).toMatch(/no such account: external:nowhere/);
    expect(await transferCount(ctx.deps)).toBe(before);
    expect(await balanceUah(ctx.deps, fresh)).toBe(5);
  });

  it('credits a wallet through its stripes without touching its row; a debit folds them and never overdraws, also racing credits', async () => {
    const C = 7603;
    await login(ctx.app, { id: C });
    const aBefore = await balanceUah(ctx.deps, A);
    const code = `user:${C}:general`;
    const stored = async () =>
      (await row<{ balance: string | number; stripes: string | number; rows: string | number }>(
        ctx.deps.db,
        sql`SELECT a.balance, COALESCE(SUM(s.amount), 0) AS stripes, COUNT(s.stripe) AS rows
            FROM accounts a LEFT JOIN account_stripes s ON s.account_id = a.id WHERE a.code = ${code} GROUP BY a.id`,
      ))!;
    const credit = (i: number) => ctx.deps.db.transaction((tx) => post(tx, [topup(C, 100, `svc-stripe-in-${i}`)]));
    const debit = (i: number) =>
      ctx.deps.db
        .transaction((tx) =>
          post(tx, [{ from: { user: C, wallet: 'general' }, to: { user: A, wallet: 'general' }, amount: 150, kind: 'PURCHASE', key: `svc-stripe-out-${i}` }]),
        )
        .then(
          () => 'ok',
          (e: unknown) => (e instanceof InsufficientFunds ? 'poor' : String(e)),
        );

    await Promise.all(Array.from({ length: 40 }, (_, i) => credit(i)));
    const credited = await stored();
    expect(Number(credited.balance)).toBe(0);
    expect(Number(credited.stripes)).toBe(4000);
    // Each server process has its own stripe: on PostgreSQL the pool's connections spread the credits.
    if (onPostgres) expect(Number(credited.rows)).toBeGreaterThan(1);
    expect(await balanceUah(ctx.deps, C)).toBe(40);

    expect(await debit(0)).toBe('ok');
    const folded = await stored();
    expect([Number(folded.balance), Number(folded.stripes), Number(folded.rows)]).toEqual([3850, 0, 0]);

    // A debit the row alone covers leaves the stripes as they are: only a short row folds them.
    await credit(99);
    expect(await debit(200)).toBe('ok');
    const kept = await stored();
    expect([Number(kept.balance), Number(kept.stripes), Number(kept.rows)]).toEqual([3700, 100, 1]);

    // 38 UAH in, 40 more arriving while 60 debits of 1.50 UAH race them: at most 52 can pass.
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 5 < 2 ? credit(100 + i) : debit(1 + i))));
    expect(results.filter((r) => r !== 'ok' && r !== 'poor' && r !== true)).toEqual([]);
    const paid = results.filter((r) => r === 'ok').length;
    expect(paid).toBeLessThanOrEqual(52);
    expect(await balanceUah(ctx.deps, C)).toBe((3700 + 100 + 4000 - 150 * paid) / 100);
    expect(await balanceUah(ctx.deps, A)).toBe(aBefore + (150 * (paid + 2)) / 100);
    await expectLedgerBalanced(ctx.deps);
  });
});

describe('checkLedger', () => {
  it('reports a balance that drifted from its transfers, a sum that is not zero, and a held amount without its rows', async () => {
    const db = ctx.deps.db;
    await db.execute(sql`UPDATE accounts SET balance = balance + 5 WHERE code = ${`user:${A}:general`}`);
    await db.execute(sql`ALTER TABLE accounts DROP CONSTRAINT accounts_user_not_negative`);
    await db.execute(sql`UPDATE accounts SET balance = -1 WHERE code = ${`user:${B}:general`}`);
    const report = await checkLedger(db);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/balances sum to/);
    expect(report.problems.join('\n')).toMatch(new RegExp(`user:${A}:general: balance \\d+ but its transfers add up to`));
    expect(report.problems.join('\n')).toMatch(new RegExp(`user account user:${B}:general is negative: -1`));
  });

  it('derives system balances from transfers: a transfer out of escrow without its order is reported', async () => {
    const db = ctx.deps.db;
    // System accounts cache no balance, and the database refuses one.
    await expect(db.execute(sql`UPDATE accounts SET balance = 1 WHERE code = ${SYSTEM.fees}`)).rejects.toThrow();
    await db.transaction((tx) =>
      post(tx, [{ from: { system: SYSTEM.escrow }, to: { system: SYSTEM.fees }, amount: 7, kind: 'PLATFORM_FEE', key: 'stray-escrow' }]),
    );
    const report = await checkLedger(db);
    expect(report.problems.join('\n')).toMatch(/escrow:orders holds -7 kopecks but open orders \(in progress, delivered, disputed\) add up to 0/);
  });
});

describe('npm run ledger:check', () => {
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/scripts/ledger-check.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it(`exits 0 on a clean ledger and 1 with the problems on a broken one (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-ledger-'));
    const env: Record<string, string> = onPostgres ? { DATABASE_URL: ctx.databaseUrl! } : { DATA_DIR: dataDir };
    try {
      let database = onPostgres ? null : await openDatabase({ dataDir });
      if (database) {
        await migrate(database);
        await database.db.execute(sql`INSERT INTO users (telegram_id) VALUES (${A})`);
        await database.db.transaction((tx) => post(tx, [topup(A, 10000, 'cli-1')]));
        await database.close();
      } else {
        // The shared PostgreSQL database was broken on purpose above: repair it first.
        await ctx.deps.db.execute(sql`DELETE FROM account_stripes`);
        await ctx.deps.db.execute(sql`UPDATE accounts a SET balance = COALESCE((SELECT SUM(amount) FROM transfers WHERE credit_account_id = a.id), 0)
                                                            - COALESCE((SELECT SUM(amount) FROM transfers WHERE debit_account_id = a.id), 0)
                                      WHERE a.owner_id IS NOT NULL`);
        await ctx.deps.db.transaction((tx) =>
          post(tx, [{ from: { system: SYSTEM.fees }, to: { system: SYSTEM.escrow }, amount: 7, kind: 'PLATFORM_FEE', key: 'stray-escrow-back' }]),
        );
      }
      const clean = await run(env);
      expect(clean.out).toMatch(/ledger OK/);
      expect(clean.code).toBe(0);

      database = onPostgres ? null : await openDatabase({ dataDir });
      await (database?.db ?? ctx.deps.db).execute(sql`UPDATE accounts SET balance = balance + 1 WHERE code = ${`user:${A}:general`}`);
      await database?.close();
      const broken = await run(env);
      expect(broken.code).toBe(1);
      expect(broken.out).toMatch(/ledger BROKEN/);
      expect(broken.out).toMatch(new RegExp(`user:${A}:general: balance \\d+ but its transfers add up to \\d+`));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two runs of the script in processes of their own, each starting tsx (and PGlite): minutes on a busy two-core machine.
  }, 180_000);
});

describe('demo seed', () => {
  it('gives the student 1500 UAH and the developer a dev history with one pending withdrawal, balanced', async () => {
    const demo = await createTestContext();
    try {
      expect(await seedDemo(demo.deps, [SEED_STEPS[0]!, seedWallets])).toBe(true);
      expect(await balanceUah(demo.deps, 100001)).toBe(1500);
      expect(await balanceUah(demo.deps, 100002, 'dev')).toBe(6000 - 1200 + 1200 - 1500 - 1000);
      const pending = await row<{ n: number | string }>(demo.deps.db, sql`SELECT count(*) AS n FROM withdrawals WHERE user_id = 100002 AND status = 'PENDING'`);
      expect(Number(pending!.n)).toBe(1);
      await expectLedgerBalanced(demo.deps);
    } finally {
      await demo.close();
    }
  });
});
