/**
 * Issue 22, finding 1: Stars payments delivered by long polling while PostgreSQL goes away.
 * An API process polls the fake Bot API over real HTTP; its database sits behind a TCP proxy
 * that refuses connections and cuts the open ones around each successful_payment. Every
 * payment must be credited exactly once once the database is back (docs/BOT.md "Receiving
 * updates", docs/SECURITY.md "Faults and guarantees"). The processes and the proxy are
 * PostgreSQL only (PGlite runs in-process and cannot be cut); on both databases an in-process
 * bot polls while its inbox cannot be written to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { startFakeBotApi } from '../src/fakes/bot-api.js';
import { balanceUah, expectLedgerBalanced } from './ledger-helpers.js';
import { handled, login, newStarsDeposit, startStarsWorld, transfersOfKind } from './stars-helpers.js';
import { onPostgres } from './helpers.js';
import { waitFor } from './api-process.js';
import { startOutageWorld, waitPaid, type OutageWorld } from './bot-inbox-outage.js';

const USERS = Array.from({ length: 9 }, (_, i) => 7801 + i);
const AMOUNT = 150;

const creditsOf = (w: OutageWorld) =>
  rows<{ user_id: string; n: string }>(
    w.database.db,
    sql`SELECT user_id::text, count(*)::text AS n FROM deposit_requests WHERE status = 'PAID' GROUP BY user_id ORDER BY user_id`,
  );
const depositTransfers = async (w: OutageWorld) =>
  Number((await rows<{ n: string }>(w.database.db, sql`SELECT count(*)::text AS n FROM transfers WHERE kind = 'DEPOSIT'`))[0]!.n);

describe('a Stars payment handed out while the inbox cannot be written to (in-process, both databases)', () => {
  it('is asked for again at the same offset, never confirmed before it is stored, and credited once', async () => {
    const fake = await startFakeBotApi();
    const w = await startStarsWorld(fake);
    const db = w.ctx.deps.db;
    try {
      const user = 7790;
      const d = await newStarsDeposit(w.ctx, await login(w.ctx.app, { id: user }), AMOUNT);
      let update: Record<string, unknown> | undefined;
      let confirmedWhileAway = 0;
      fake.deliverTo(async (u) => {
        if (!(u.message as { successful_payment?: unknown } | undefined)?.successful_payment) return fake.pushUpdate(u);
        await db.execute(sql`ALTER TABLE bot_inbox RENAME TO bot_inbox_away`);
        update = fake.pushUpdate(u);
        const asked = () => fake.calls.filter((c) => c.method === 'getUpdates');
        const before = asked().length;
        while (asked().length < before + 3) await new Promise((r) => setTimeout(r, 20));
        confirmedWhileAway = asked().filter((c) => Number(c.params.offset ?? 0) > Number(u.update_id)).length;
        await db.execute(sql`ALTER TABLE bot_inbox_away RENAME TO bot_inbox`);
      });
      expect((await fake.pay(d.paymentLink, { id: user })).ok).toBe(true);
      while (!update) await new Promise((r) => setTimeout(r, 20));
      await handled(fake, update, w.ctx);
      expect(confirmedWhileAway).toBe(0);
      expect(await balanceUah(w.ctx.deps, user)).toBe(AMOUNT);
      expect(await transfersOfKind(w.ctx, 'DEPOSIT')).toHaveLength(1);
      await expectLedgerBalanced(w.ctx.deps);
    } finally {
      await w.close();
      await fake.close();
    }
  }, 60_000);
});

if (onPostgres) describe('Stars payments in long polling while PostgreSQL goes away', () => {
  let w: OutageWorld;
  beforeAll(async () => {
    w = await startOutageWorld(USERS);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it('credits each of 8 payments exactly once when the database is away for 300 ms around each', async () => {
    w.cutAroundPayments(300);
    const paid: { user: number; id: string }[] = [];
    for (const user of USERS.slice(0, 8)) {
      const d = await w.deposit(user, AMOUNT);
      const r = await w.fake.pay(d.paymentLink, { id: user, first_name: 'Оля' });
      expect(r.ok, r.errorMessage).toBe(true);
      paid.push({ user, id: d.id });
      // The next checkout needs the database: wait for this cut to end.
      await w.cutsDone();
    }
    const statuses = () => Promise.all(paid.map((p) => w.status(p.user, p.id)));
    await waitFor('all 8 top-ups to be paid', async () => (await statuses()).every((s) => s === 'PAID'), { ms: 30_000, alive: [w.api] }).catch(() => undefined);
    // Stated whole, so a failure shows how many payments were lost.
    expect(await statuses(), await w.diagnosis()).toEqual(paid.map(() => 'PAID'));
    // The fault was hit: Telegram handed out payments the API could not store at first.
    expect(w.storeFailures()).toBeGreaterThan(0);

    expect(await creditsOf(w)).toEqual(USERS.slice(0, 8).map((u) => ({ user_id: String(u), n: '1' })));
    expect(await depositTransfers(w)).toBe(8);
    for (const u of USERS.slice(0, 8)) expect(await balanceUah(w.database, u)).toBe(AMOUNT);
    await expectLedgerBalanced(w.database);
    // A pre-checkout query whose handler failed in a cut is retried after its backoff, possibly
    // after every payment is credited: nothing may stay behind once that retry has run.
    const left = () =>
      rows<{ update_id: string; attempts: number; last_error: string | null }>(
        w.database.db,
        sql`SELECT update_id::text, attempts, last_error FROM bot_inbox WHERE processed_at IS NULL ORDER BY update_id`,
      );
    await waitFor('the inbox to be drained', async () => (await left()).length === 0, { ms: 30_000, alive: [w.api] }).catch(() => undefined);
    expect(await left(), await w.diagnosis()).toEqual([]);
    expect(w.api.exit).toBeUndefined();
  }, 180_000);

  it('loses nothing when the database is away for 6 s around a payment', async () => {
    const user = USERS[8]!;
    w.cutAroundPayments(6000);
    const before = w.storeFailures();
    const d = await w.deposit(user, AMOUNT);
    const r = await w.fake.pay(d.paymentLink, { id: user, first_name: 'Оля' });
    expect(r.ok, r.errorMessage).toBe(true);
    await w.cutsDone();
    await waitPaid(w, user, d.id).catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await w.diagnosis()}`);
    });
    expect(w.storeFailures()).toBeGreaterThan(before);
    expect(await balanceUah(w.database, user)).toBe(AMOUNT);
    expect(await depositTransfers(w)).toBe(9);
    await expectLedgerBalanced(w.database);
  }, 120_000);
});
