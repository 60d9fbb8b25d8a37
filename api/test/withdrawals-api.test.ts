import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, type Withdrawal } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { SYSTEM, post } from '../src/modules/ledger/service.js';
import { ADMIN_ID, auth, createTestContext, grantRole, login, type TestContext } from './helpers.js';
import { balanceUah, expectLedgerBalanced, systemKopecks, transferCount } from './ledger-helpers.js';

let ctx: TestContext;
let admin: string;
let admin2: string;
let student: string;
const ADMIN2 = 7400;
const STUDENT = 7401;
const CARD = '4111 1111 1111 1111';
let nextDev = 7500;

beforeAll(async () => {
  // The older clients' calls at small sums; the minimum itself is payouts-api.test.ts's.
  ctx = await createTestContext({ WITHDRAW_MIN_UAH: '1' });
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  admin2 = await login(ctx.app, { id: ADMIN2, username: 'boss2' });
  await grantRole(ctx.app, admin, ADMIN2, 'ROLE_ADMIN');
  student = await login(ctx.app, { id: STUDENT, username: 'stud' });
});
afterAll(() => ctx.close());
afterEach(() => expectLedgerBalanced(ctx.deps));

/** A fresh developer whose dev wallet holds `uah` (posted as earlier earnings). */
async function developer(uah: number): Promise<{ id: number; token: string }> {
  const id = nextDev++;
  const token = await login(ctx.app, { id, username: `dev${id}` });
  await grantRole(ctx.app, admin, id, 'ROLE_DEVELOPER');
  if (uah > 0) {
    await ctx.deps.db.transaction((tx) =>
      post(tx, [{ from: { system: SYSTEM.topup }, to: { user: id, wallet: 'dev' }, amount: uah * 100, kind: 'TOPUP', key: `test-earnings:${id}`, reference: 'test' }]),
    );
  }
  return { id, token };
}

const withdraw = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/v1/wallets/withdraw', headers: { ...auth(token), ...headers }, payload: payload as object });
const resolve = (token: string, id: string, status: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/wallets/withdrawals/${id}`, headers: auth(token), payload: { status } });
const pendingKop = () => systemKopecks(ctx.deps, SYSTEM.pendingWithdrawals);
const systemKop = (code: string) => systemKopecks(ctx.deps, code);

describe('withdraw request', () => {
  it('holds the amount in pending, seals the card and saves it as the details, shows the developer the last 4 digits', async () => {
    const d = await developer(500);
    const pending = await pendingKop();
    const res = await withdraw(d.token, { cardNumber: CARD, amount: 250 });
    expect(res.statusCode).toBe(200);
    const w = res.json<Withdrawal>();
    expect(w).toMatchObject({ cardNumber: '•••• 1111', cardLast4: '1111', amount: 250, fee: 12.5, payout: 237.5, status: 'PENDING', resolvedAt: null });
    expect(w.user).toEqual({ telegramId: String(d.id), username: `dev${d.id}` });
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(250);
    expect(await pendingKop()).toBe(pending + 25000);
    const wallets = (await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/user/${d.id}`, headers: auth(d.token) })).json();
    expect(wallets[1]).toEqual({ name: 'Dev гаманець', balance: 250, kind: 'dev', pending: 250, incoming: 0, incomingFrom: null });

    // Sealed at rest: the database holds no card number in clear, only admins' answers do.
    const stored = await row<{ card_number: string }>(ctx.deps.db, sql`SELECT card_number FROM withdrawals WHERE id = ${Number(w.id)}`);
    expect(stored?.card_number).toMatch(/^v1:/);
    expect(stored?.card_number).not.toContain('4111111111111111');
    const adminView = (await ctx.app.inject({ method: 'GET', url: '/api/v1/wallets/withdrawals?status=PENDING', headers: auth(admin) })).json<Withdrawal[]>();
    expect(adminView.find((x) => x.id === w.id)?.cardNumber).toBe('4111111111111111');
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/v1/wallets/withdrawals/my', headers: auth(d.token) })).json<Withdrawal[]>();
    expect(mine.map((x) => [x.id, x.cardNumber])).toEqual([[w.id, '•••• 1111']]);

    // The card typed became the saved payout details (masked to the developer).
    const entries = (await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/${d.id}`, headers: auth(d.token) })).json();
    expect(entries.find((e: { walletType: string }) => e.walletType === 'DEVELOPER')).toMatchObject({ paymentDetails: '•••• 1111', paymentDetailsType: 'BANK_CARD' });

    // Admins hear of it in the next batched notice, not one message per request.
    const notes = await rows(ctx.deps.db, sql`SELECT 1 FROM outbox WHERE kind = 'withdrawal_requested' AND payload->>'text' LIKE ${`%№${w.id} %`}`);
    expect(notes).toEqual([]);

    const history = (await ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/history/user/${d.id}`, headers: auth(d.token) })).json();
    expect(history[0]).toMatchObject({ transactionType: 'WITHDRAWAL', initials: 'Виведення на картку •••• 1111', amount: 250, wallet: 'dev' });
  });

  it.each([
    [{ cardNumber: '', amount: 100 }, MSG.withdrawEmpty],
    [{ cardNumber: '   ', amount: 100 }, MSG.withdrawEmpty],
    [{ cardNumber: CARD, amount: 0 }, MSG.withdrawEmpty],
    [{ cardNumber: CARD, amount: '0' }, MSG.withdrawEmpty],
    [{ cardNumber: CARD, amount: '' }, MSG.withdrawEmpty],
    [{ cardNumber: CARD }, MSG.withdrawEmpty],
    [{ amount: 100 }, MSG.withdrawEmpty],
    [{ cardNumber: '4111 1111 1111 1112', amount: 100 }, MSG.cardInvalid],
    [{ cardNumber: '4111-1111-1111-1111', amount: 100 }, MSG.cardInvalid],
    [{ cardNumber: CARD, amount: -5 }, MSG.amountInvalid],
    [{ cardNumber: CARD, amount: 1.005 }, MSG.amountInvalid],
    [{ cardNumber: CARD, amount: 'abc' }, MSG.amountInvalid],
    [{ cardNumber: CARD, amount: null }, MSG.withdrawEmpty],
    [{ cardNumber: CARD, amount: '  ' }, MSG.withdrawEmpty],
    [{ cardNumber: CARD, amount: 100_000.01 }, MSG.amountTooLarge(100_000)],
    [{ cardNumber: CARD, amount: 600 }, MSG.withdrawInsufficient],
  ])('refuses %j with its message and changes nothing', async (payload, message) => {
    const d = await developer(500);
    const before = await transferCount(ctx.deps);
    const res = await withdraw(d.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await transferCount(ctx.deps)).toBe(before);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(500);
    expect(await row(ctx.deps.db, sql`SELECT 1 AS one FROM withdrawals WHERE user_id = ${d.id}`)).toBeUndefined();
  });

  it('is for developers only', async () => {
    const before = await transferCount(ctx.deps);
    const res = await withdraw(student, { cardNumber: CARD, amount: 100 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.notDeveloper);
    expect(await transferCount(ctx.deps)).toBe(before);
  });

  it('takes the fee rounded up: 1 kopeck per started 20 kopecks', async () => {
    const d = await developer(10);
    const w = (await withdraw(d.token, { cardNumber: CARD, amount: '1.01' })).json<Withdrawal>();
    // 5 % of 101 kopecks is 5.05 kopecks: rounded up to 6.
    expect([w.amount, w.fee, w.payout]).toEqual([1.01, 0.06, 0.95]);
  });

  it('creates one request per Idempotency-Key, even sent several times at once', async () => {
    const d = await developer(500);
    const headers = { 'idempotency-key': `withdraw-key-${d.id}` };
    const answers = await Promise.all([1, 2, 3, 4].map(() => withdraw(d.token, { cardNumber: CARD, amount: 100 }, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json<Withdrawal>().id)).size).toBe(1);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(400);
    const other = await withdraw(d.token, { cardNumber: CARD, amount: 200 }, headers);
    expect(other.statusCode).toBe(409);
  });
});

/** The developer's bot messages about a resolved withdrawal (queued in the outbox). */
const resolvedNotes = (id: string) =>
  rows<{ chat_id: number | string; kind: string; text: string; open_app: boolean }>(
    ctx.deps.db,
    sql`SELECT chat_id, kind, payload->>'text' AS text, (payload->>'openApp')::boolean AS open_app
        FROM outbox WHERE kind = 'withdrawal_resolved' AND payload->>'text' LIKE ${`Заявку на виведення №${id} %`}`,
  );

describe('resolving a withdrawal', () => {
  async function pendingRequest(amount: number) {
    const d = await developer(amount);
    const w = (await withdraw(d.token, { cardNumber: CARD, amount })).json<Withdrawal>();
    return { d, w };
  }

  it('PAID pays amount − fee out and books the fee; the card number is no longer kept', async () => {
    const { d, w } = await pendingRequest(300);
    const [pending, payout, fees] = [await pendingKop(), await systemKop(SYSTEM.payout), await systemKop(SYSTEM.fees)];
    const res = await resolve(admin, w.id, 'PAID');
    expect(res.statusCode).toBe(200);
    expect(res.json<Withdrawal>()).toMatchObject({ status: 'PAID', amount: 300, fee: 15, payout: 285, cardNumber: '•••• 1111' });
    expect(res.json<Withdrawal>().resolvedAt).not.toBeNull();
    expect(await pendingKop()).toBe(pending - 30000);
    expect(await systemKop(SYSTEM.payout)).toBe(payout + 28500);
    expect(await systemKop(SYSTEM.fees)).toBe(fees + 1500);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(0);
    const stored = await row<{ card_number: string }>(ctx.deps.db, sql`SELECT card_number FROM withdrawals WHERE id = ${Number(w.id)}`);
    expect(stored?.card_number).toBe('•••• 1111');
    expect((await resolvedNotes(w.id)).map((n) => [Number(n.chat_id), n.text, n.open_app])).toEqual([
      [d.id, `Заявку на виведення №${w.id} виконано: 285 грн надіслано на картку •••• 1111 (комісія 15 грн).`, true],
    ]);
  });

  it('REJECTED returns the whole amount to the dev wallet, shown as money in', async () => {
    const { d, w } = await pendingRequest(200);
    const pending = await pendingKop();
    const res = await resolve(admin, w.id, 'REJECTED');
    expect(res.statusCode).toBe(200);
    expect(res.json<Withdrawal>().status).toBe('REJECTED');
    expect(await pendingKop()).toBe(pending - 20000);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(200);
    const history = (await ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/history/user/${d.id}`, headers: auth(d.token) })).json();
    expect(history[0]).toMatchObject({ transactionType: 'DEPOSIT', initials: 'Повернення коштів: виведення відхилено •••• 1111', amount: 200 });
    expect((await resolvedNotes(w.id)).map((n) => [Number(n.chat_id), n.text])).toEqual([
      [d.id, `Заявку на виведення №${w.id} на 200 грн відхилено. Кошти повернено на ваш Dev гаманець.`],
    ]);
  });

  it('refuses to resolve twice, a bad status, an unknown id, and non-admins', async () => {
    const { d, w } = await pendingRequest(100);
    expect((await resolve(admin, w.id, 'PAID')).statusCode).toBe(200);
    const before = await transferCount(ctx.deps);
    for (const status of ['PAID', 'REJECTED']) {
      const again = await resolve(admin2, w.id, status);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MSG.withdrawalResolved);
    }
    expect((await resolve(admin, w.id, 'PENDING')).json().message).toBe(MSG.withdrawalStatus);
    const unknown = await resolve(admin, '999999', 'PAID');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.withdrawalNotFound);
    expect((await resolve(d.token, w.id, 'REJECTED')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/wallets/withdrawals', headers: auth(d.token) })).statusCode).toBe(403);
    expect(await transferCount(ctx.deps)).toBe(before);
    // Only the one resolution that happened told the developer; the refused ones queued nothing.
    expect((await resolvedNotes(w.id)).map((n) => n.text)).toEqual([expect.stringContaining('виконано')]);
    const never = await pendingRequest(70);
    expect((await resolve(never.d.token, never.w.id, 'PAID')).statusCode).toBe(403);
    expect(await resolvedNotes(never.w.id)).toEqual([]);
  });

  it('lists by status for admins, newest first', async () => {
    const { w: a } = await pendingRequest(50);
    const { w: b } = await pendingRequest(60);
    await resolve(admin, a.id, 'REJECTED');
    const list = async (q: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/withdrawals${q}`, headers: auth(admin) })).json<Withdrawal[]>();
    const pending = await list('?status=PENDING');
    expect(pending.every((x) => x.status === 'PENDING')).toBe(true);
    expect(pending[0]!.id).toBe(b.id);
    expect((await list('?status=REJECTED')).map((x) => x.id)).toContain(a.id);
    expect((await list('')).slice(0, 2).map((x) => x.id)).toEqual([b.id, a.id]);
  });
});

describe('concurrency (truly parallel on PostgreSQL)', () => {
  it('20 concurrent withdrawals of 60 UAH from 500 UAH: one open request, the rest refused, never negative', async () => {
    const d = await developer(500);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(d.token, { cardNumber: CARD, amount: 60 })));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json().message).toBe(MSG.withdrawOpenExists);
    expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(440);
    const count = await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM withdrawals WHERE user_id = ${d.id}`);
    expect(Number(count!.n)).toBe(1);
  });

  it('two admins resolving the same request at once: one wins, one transfer set', async () => {
    for (let round = 0; round < 5; round++) {
      const d = await developer(100);
      const w = (await withdraw(d.token, { cardNumber: CARD, amount: 100 })).json<Withdrawal>();
      const answers = await Promise.all([resolve(admin, w.id, 'PAID'), resolve(admin2, w.id, round % 2 ? 'PAID' : 'REJECTED')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const legs = await rows<{ kind: string }>(ctx.deps.db, sql`SELECT kind FROM transfers WHERE reference = ${`withdrawal:${w.id}`} ORDER BY id`);
      const winner = answers.find((a) => a.statusCode === 200)!.json<Withdrawal>().status;
      expect(legs.map((l) => l.kind)).toEqual(winner === 'PAID' ? ['WITHDRAWAL', 'WITHDRAWAL_PAID', 'WITHDRAWAL_FEE'] : ['WITHDRAWAL', 'WITHDRAWAL_REJECTED']);
      expect(await balanceUah(ctx.deps, d.id, 'dev')).toBe(winner === 'PAID' ? 0 : 100);
    }
  });
});
