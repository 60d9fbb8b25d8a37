import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { sql } from 'drizzle-orm';
import { MSG, formatUah, type Withdrawal } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { JobRegistry } from '../src/jobs/registry.js';
import { createJobRunner, type JobRunner } from '../src/jobs/runner.js';
import { registerWalletJobs } from '../src/modules/wallets/jobs.js';
import { timeOutWithdrawal } from '../src/modules/wallets/desk.js';
import { SYSTEM, post } from '../src/modules/ledger/service.js';
import { createOutboxWorker } from '../src/modules/outbox/worker.js';
import { telegramSender } from '../src/modules/outbox/telegram-sender.js';
import { notificationKeyboard } from '../src/modules/outbox/keyboards.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { ADMIN_ID, auth, createTestContext, grantRole, login, type TestContext } from './helpers.js';
import { balanceUah, expectLedgerBalanced } from './ledger-helpers.js';
import { payoutCalls } from './payout-helpers.js';

let ctx: TestContext;
let fake: FakeBotApi;
let admin: string;
let api: ReturnType<typeof payoutCalls>;
let nextId = 8600;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  fake = await startFakeBotApi();
  ctx = await createTestContext({ BOT_API_ROOT: fake.apiRoot });
  api = payoutCalls(ctx);
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  // The migration's one-off sealing job is due at once; run it so each test counts only its own.
  await walletRunner().runDue();
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
afterEach(() => expectLedgerBalanced(ctx.deps));

/** A runner of the payout desk's jobs only (no outbox sending), on the test's database. */
function walletRunner(): JobRunner {
  const registry = new JobRegistry();
  registerWalletJobs({ ...ctx.deps, jobs: registry });
  return createJobRunner({ db: ctx.deps.db, registry, log: silent });
}
const jobOf = (name: string, key: string) =>
  row<{ status: string; run_at: Date | string }>(ctx.deps.db, sql`SELECT status, run_at FROM jobs WHERE name = ${name} AND key = ${key} ORDER BY id DESC LIMIT 1`);
const dueNow = (name: string, key: string) => ctx.deps.db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = ${name} AND key = ${key} AND status = 'pending'`);
const pastDeadline = (id: string) => ctx.deps.db.execute(sql`UPDATE withdrawals SET deadline_at = now() - interval '1 second' WHERE id = ${Number(id)}`);
const legsOf = async (id: string) =>
  (await rows<{ kind: string }>(ctx.deps.db, sql`SELECT kind FROM transfers WHERE reference = ${`withdrawal:${id}`} ORDER BY id`)).map((l) => l.kind);
const outboxOf = (kind: string) =>
  rows<{ chat_id: number | string; text: string; priority: number }>(
    ctx.deps.db,
    sql`SELECT chat_id, payload->>'text' AS text, priority FROM outbox WHERE kind = ${kind} ORDER BY id`,
  );

describe('races (truly parallel on PostgreSQL)', () => {
  it('20 admins approving and rejecting, and the timeout, on one request: money moves once', async () => {
    const admins: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = 8500 + i;
      admins.push(await login(ctx.app, { id, username: `admin${id}` }));
      await grantRole(ctx.app, admin, id, 'ROLE_ADMIN');
    }
    for (let round = 0; round < 4; round++) {
      const { d, w } = await api.openRequest(admin, nextId++, 1000);
      await pastDeadline(w.id);
      const clicks = admins.map((token, i) =>
        api.confirm(token, { transactionId: w.id, status: (i + round) % 2 ? 'SUCCESS' : 'FAILED', errorMessage: 'Реквізити не збігаються' }),
      );
      const [timer, ...answers] = await Promise.all([timeOutWithdrawal(ctx.deps, Number(w.id)), ...clicks]);
      expect(timer).toBeUndefined();
      const won = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode !== 200);
      for (const r of refused) expect([r.statusCode, r.json().message]).toEqual([409, MSG.withdrawalResolved]);
      const final = await row<{ status: string; resolved_by: string | number | null; reason: string | null }>(
        ctx.deps.db,
        sql`SELECT status, resolved_by, reason FROM withdrawals WHERE id = ${Number(w.id)}`,
      );
      // Exactly one resolved it: an admin (answered 200) or the timeout (every admin refused).
      expect(won.length).toBe(final!.resolved_by === null ? 0 : 1);
      if (final!.resolved_by === null) expect(final).toMatchObject({ status: 'REJECTED', reason: MSG.withdrawTimedOut });
      else expect(won[0]!.json<Withdrawal>().status).toBe(final!.status);
      expect(await legsOf(w.id)).toEqual(final!.status === 'PAID' ? ['WITHDRAWAL', 'WITHDRAWAL_PAID', 'WITHDRAWAL_FEE'] : ['WITHDRAWAL', 'WITHDRAWAL_REJECTED']);
      expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(final!.status === 'PAID' ? 0 : 1000);
      const told = await rows(ctx.deps.db, sql`SELECT 1 FROM outbox WHERE dedupe_key = ${`withdrawal_resolved:${w.id}`}`);
      expect(told).toHaveLength(1);
      await expectLedgerBalanced(ctx.deps);
    }
  });
});

describe('the timeout and the warning before it', () => {
  it('warns admins 2 hours before, then fails the request by itself and refunds it once', async () => {
    const { d, w } = await api.openRequest(admin, nextId++, 1500);
    const timeout = await jobOf('wallets.withdraw-timeout', w.id);
    const warn = await jobOf('wallets.withdraw-warn', w.id);
    expect(new Date(timeout!.run_at).toISOString()).toBe(w.deadlineAt);
    expect(new Date(timeout!.run_at).getTime() - new Date(warn!.run_at).getTime()).toBe(2 * 3_600_000);
    expect(new Date(w.deadlineAt!).getTime() - new Date(w.createdAt).getTime()).toBe(24 * 3_600_000);

    await dueNow('wallets.withdraw-warn', w.id);
    expect(await walletRunner().runDue()).toBe(1);
    const warned = (await outboxOf('withdrawal_deadline')).filter((m) => m.text.includes(`№${w.id} `));
    expect(warned.map((m) => [Number(m.chat_id), m.priority])).toContainEqual([ADMIN_ID, 1]);
    expect(warned[0]!.text).toBe(
      `Заявку на виведення №${w.id} (@dev${d.id}, ${formatUah(1500)}) ще ніхто не опрацював. Через 2 год її буде скасовано автоматично, а кошти повернено розробнику.`,
    );

    // Its job early (the deadline still ahead): nothing happens, it waits for the deadline.
    await dueNow('wallets.withdraw-timeout', w.id);
    expect(await walletRunner().runDue()).toBe(1);
    expect((await jobOf('wallets.withdraw-timeout', w.id))!.status).toBe('pending');
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(0);

    await pastDeadline(w.id);
    await dueNow('wallets.withdraw-timeout', w.id);
    expect(await walletRunner().runDue()).toBe(1);
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/v1/wallets/withdrawals/my', headers: auth(d.token) })).json<Withdrawal[]>();
    expect(mine[0]).toMatchObject({ id: w.id, status: 'REJECTED', reason: MSG.withdrawTimedOut });
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(1500);
    expect(await legsOf(w.id)).toEqual(['WITHDRAWAL', 'WITHDRAWAL_REJECTED']);
    const told = (await outboxOf('withdrawal_resolved')).filter((m) => m.text.startsWith(`Заявку на виведення №${w.id} `));
    expect(told.map((m) => m.text)).toEqual([`Заявку на виведення №${w.id} на ${formatUah(1500)} відхилено. Причина: ${MSG.withdrawTimedOut} Кошти повернено на ваш Dev гаманець.`]);
    // Run again (at least once delivery): nothing more moves.
    await ctx.deps.db.execute(sql`INSERT INTO jobs (name, key, payload) VALUES ('wallets.withdraw-timeout', ${w.id}, ${JSON.stringify({ id: Number(w.id) })}::jsonb)`);
    expect(await walletRunner().runDue()).toBe(1);
    expect(await legsOf(w.id)).toEqual(['WITHDRAWAL', 'WITHDRAWAL_REJECTED']);
  });

  it("an admin's decision cancels both timers", async () => {
    const { w } = await api.openRequest(admin, nextId++, 1000);
    await api.confirm(admin, { transactionId: w.id, status: 'SUCCESS' });
    expect((await jobOf('wallets.withdraw-timeout', w.id))!.status).toBe('cancelled');
    expect((await jobOf('wallets.withdraw-warn', w.id))!.status).toBe('cancelled');
  });
});

describe('requests made before sealing', () => {
  it('have their card sealed by the migration\'s job, and admins still read it in full', async () => {
    const d = await api.developer(admin, nextId++, 300);
    const legacy = await row<{ id: number }>(
      ctx.deps.db,
      sql`INSERT INTO withdrawals (user_id, idempotency_key, card_number, card_last4, amount, fee, payout, one_open, announced_at)
          VALUES (${d.id}, 'legacy', '5555555555554444', '4444', 30000, 1500, 28500, false, now()) RETURNING id`,
    );
    await ctx.deps.db.transaction((tx) =>
      post(tx, [{ from: { user: d.id, wallet: 'dev' }, to: { system: SYSTEM.pendingWithdrawals }, amount: 30000, kind: 'WITHDRAWAL', key: `withdrawal:${legacy!.id}:hold`, reference: `withdrawal:${legacy!.id}` }]),
    );
    await ctx.deps.db.execute(sql`INSERT INTO jobs (name, key) VALUES ('wallets.seal-cards', 'again')`);
    expect(await walletRunner().runDue()).toBe(1);
    const stored = await row<{ card_number: string }>(ctx.deps.db, sql`SELECT card_number FROM withdrawals WHERE id = ${legacy!.id}`);
    expect(stored!.card_number).toMatch(/^v1:/);
    const queue = (await api.queue(admin)).json<{ id: string; source: { paymentDetails: string } }[]>();
    expect(queue.find((q) => q.id === String(legacy!.id))!.source.paymentDetails).toBe('5555555555554444');
    expect((await api.confirm(admin, { transactionId: legacy!.id, status: 'FAILED', errorMessage: 'Стара заявка' })).statusCode).toBe(200);
  });
});

describe('requests made before deadlines', () => {
  it('get one from the migration\'s job, with the warning before it, then time out and refund once', async () => {
    const d = await api.developer(admin, nextId++, 300);
    const legacy = await row<{ id: number }>(
      ctx.deps.db,
      sql`INSERT INTO withdrawals (user_id, idempotency_key, card_number, card_last4, amount, fee, payout, one_open, announced_at, created_at)
          VALUES (${d.id}, 'legacy-deadline', '5555555555554444', '4444', 30000, 1500, 28500, false, now(), now() - interval '30 hours') RETURNING id`,
    );
    const id = String(legacy!.id);
    await ctx.deps.db.transaction((tx) =>
      post(tx, [{ from: { user: d.id, wallet: 'dev' }, to: { system: SYSTEM.pendingWithdrawals }, amount: 30000, kind: 'WITHDRAWAL', key: `withdrawal:${id}:hold`, reference: `withdrawal:${id}` }]),
    );
    await ctx.deps.db.execute(sql`INSERT INTO jobs (name, key) VALUES ('wallets.legacy-deadlines', 'again')`);
    await walletRunner().runDue();
    // Made 30 h ago: its own 24 h are over, so it gets the least that still lets admins be warned.
    const given = await row<{ hours: number | string }>(ctx.deps.db, sql`SELECT extract(epoch FROM deadline_at - now()) / 3600 AS hours FROM withdrawals WHERE id = ${Number(id)}`);
    expect(Number(given!.hours)).toBeGreaterThan(2.9);
    expect(Number(given!.hours)).toBeLessThan(3.1);
    expect((await jobOf('wallets.withdraw-timeout', id))!.status).toBe('pending');
    expect((await jobOf('wallets.withdraw-warn', id))!.status).toBe('pending');
    // A second run of the job changes nothing.
    await ctx.deps.db.execute(sql`INSERT INTO jobs (name, key) VALUES ('wallets.legacy-deadlines', 'once-more')`);
    await walletRunner().runDue();
    expect(Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM jobs WHERE name = 'wallets.withdraw-timeout' AND key = ${id}`))!.n)).toBe(1);

    await pastDeadline(id);
    await dueNow('wallets.withdraw-timeout', id);
    await walletRunner().runDue();
    const after = await row<{ status: string; reason: string }>(ctx.deps.db, sql`SELECT status, reason FROM withdrawals WHERE id = ${Number(id)}`);
    expect(after).toEqual({ status: 'REJECTED', reason: MSG.withdrawTimedOut });
    expect(await legsOf(id)).toEqual(['WITHDRAWAL', 'WITHDRAWAL_REJECTED']);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(300);
  });
});

describe('admin notices', () => {
  it('announce new requests in one message per admin, after the users’ own notices (fake Bot API)', async () => {
    await ctx.deps.db.execute(sql`UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL`);
    await ctx.deps.db.execute(sql`UPDATE withdrawals SET announced_at = now() WHERE announced_at IS NULL`);
    await ctx.deps.db.execute(sql`UPDATE jobs SET status = 'cancelled' WHERE name = 'wallets.announce' AND status = 'pending'`);
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await api.openRequest(admin, nextId++, 1000 + i));
    const pendingNotices = await rows(ctx.deps.db, sql`SELECT 1 FROM jobs WHERE name = 'wallets.announce' AND status = 'pending'`);
    expect(pendingNotices).toHaveLength(1);
    // Nothing reaches admins before the notice's time.
    expect(await walletRunner().runDue()).toBe(0);
    expect(await outboxOf('withdrawal_requested')).toEqual([]);

    await dueNow('wallets.announce', 'next');
    expect(await walletRunner().runDue()).toBe(1);
    // A developer's own notice queued after the admins' one still goes first.
    await api.confirm(admin, { transactionId: made[0]!.w.id, status: 'SUCCESS' });

    const sender = telegramSender(new Api(fake.token, { apiRoot: fake.apiRoot }), ctx.deps.blobs, (chatId) => notificationKeyboard(ctx.config, chatId));
    const before = fake.delivered('sendMessage').length;
    await createOutboxWorker({ db: ctx.deps.db, sender, log: silent, batchSize: 1 }).runOnce();
    const sent = fake.delivered('sendMessage').slice(before);
    const admins = [ADMIN_ID, ...Array.from({ length: 20 }, (_, i) => 8500 + i)].sort((a, b) => a - b);
    expect(sent.map((c) => Number(c.params.chat_id))).toEqual([made[0]!.d.id, ...admins]);
    const digest = sent.find((c) => Number(c.params.chat_id) === ADMIN_ID)!;
    const total = 12 * 1000 + 66;
    expect(String(digest.params.text).split('\n').slice(0, 2)).toEqual([
      `Нові заявки на виведення: 12 на ${formatUah(total)}.`,
      `№${made[0]!.w.id} @dev${made[0]!.d.id}: ${formatUah(1000)}`,
    ]);
    expect(String(digest.params.text)).toContain('…і ще 2');

    // The next request starts the next notice; those announced are not named again.
    await api.openRequest(admin, nextId++, 1000);
    await dueNow('wallets.announce', 'next');
    await walletRunner().runDue();
    const notices = (await outboxOf('withdrawal_requested')).filter((m) => Number(m.chat_id) === ADMIN_ID);
    expect(notices).toHaveLength(2);
    expect(notices[1]!.text.startsWith('Нові заявки на виведення: 1 на')).toBe(true);
  });
});
