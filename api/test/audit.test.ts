/**
 * The audit trail: each admin action writes exactly one row in its own transaction (who, what,
 * on what, before and after, the request's id and address), a refused action writes none, the
 * rows can be neither changed nor deleted, and admins page and filter them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUDIT_ACTION_LABELS, AUDIT_EXPORT_COLUMNS, MSG, type AuditEntry, type AuditPage } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { ADMIN_ID, auth, type TestContext } from './helpers.js';
import { STUDENT, OTHER_DEV, openWorld, topUp, type World } from './purchase-world.js';
import { orderCalls } from './escrow-helpers.js';
import { payoutCalls } from './payout-helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { parseCsv } from './csv.js';

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ({ ctx, w } = await openWorld({ WITHDRAW_MIN_UAH: '1' }));
});
afterAll(() => ctx.close());

/** The rows of one action, oldest first. */
const rowsOf = (action: string) =>
  rows<{ admin_id: number | string; target: string; user_id: number | string | null; before: unknown; after: unknown; request_id: string | null; ip: string | null }>(
    ctx.deps.db,
    sql`SELECT admin_id, target, user_id, before, after, request_id, ip FROM audit_log WHERE action = ${action} ORDER BY id`,
  );
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...auth(token), ...headers }, ...(payload ? { payload } : {}) });

describe('each admin action writes one row in its transaction', () => {
  it('a ban and an unban, with the request that did it; a refused ban writes none', async () => {
    const res = await call('PATCH', `/api/v1/users/${OTHER_DEV}/ban?value=true`, w.admin, undefined, { 'x-request-id': 'ban-1' });
    expect(res.statusCode).toBe(200);
    expect((await call('PATCH', `/api/v1/users/${OTHER_DEV}/ban?value=false`, w.admin)).statusCode).toBe(200);
    // Refused: an admin cannot ban themselves; nobody to ban.
    expect((await call('PATCH', `/api/v1/users/${ADMIN_ID}/ban?value=true`, w.admin)).json()).toEqual({ message: MSG.selfBan });
    expect((await call('PATCH', '/api/v1/users/999999/ban?value=true', w.admin)).statusCode).toBe(404);
    const bans = await rowsOf('user.ban');
    expect(bans).toHaveLength(1);
    expect({ ...bans[0], before: json(bans[0]!.before), after: json(bans[0]!.after) }).toEqual({
      admin_id: ADMIN_ID,
      target: `user:${OTHER_DEV}`,
      user_id: OTHER_DEV,
      before: { banned: false },
      after: { banned: true },
      request_id: 'ban-1',
      ip: '127.0.0.1',
    });
    expect(await rowsOf('user.unban')).toHaveLength(1);
  });

  it('a top-up once, however often its Idempotency-Key is repeated', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await call('PATCH', '/api/v1/wallets/deposit', w.admin, { userTelegramId: String(STUDENT), amount: 125.5 }, { 'idempotency-key': 'audit-topup-1' });
      expect(res.statusCode).toBe(200);
    }
    const topUps = await rowsOf('wallet.topup');
    expect(topUps.map((r) => [r.user_id, json(r.after)])).toEqual([[STUDENT, { amountUah: 125.5 }]]);
    expect((await call('PATCH', '/api/v1/wallets/deposit', w.admin, { userTelegramId: '999999', amount: 10 })).statusCode).toBe(404);
    expect(await rowsOf('wallet.topup')).toHaveLength(1);
  });

  it('the maintenance switch, with the state before and after', async () => {
    expect((await call('PATCH', '/api/v1/maintenance/status', w.admin, { enabled: true, message: 'Оновлення до 12:00' })).statusCode).toBe(200);
    expect((await call('PATCH', '/api/v1/maintenance/status', w.admin, { enabled: false })).statusCode).toBe(200);
    const switches = await rowsOf('maintenance.switch');
    expect(switches.map((r) => [json(r.before).enabled, json(r.after)])).toEqual([
      [false, { enabled: true, message: 'Оновлення до 12:00' }],
      [true, { enabled: false, message: 'Оновлення до 12:00' }],
    ]);
  });

  it('a withdrawal paid and one rejected, with the reason; a second decision is refused and writes none', async () => {
    const api = payoutCalls(ctx);
    const paid = await api.openRequest(w.admin, 8801, 50);
    const rejected = await api.openRequest(w.admin, 8802, 40);
    expect((await api.confirm(w.admin, { transactionId: paid.w.id, status: 'SUCCESS' })).statusCode).toBe(200);
    expect((await api.confirm(w.admin, { transactionId: rejected.w.id, status: 'FAILED', errorMessage: 'Картку заблоковано' })).statusCode).toBe(200);
    expect((await api.confirm(w.admin, { transactionId: paid.w.id, status: 'FAILED', errorMessage: 'Ще раз' })).statusCode).toBe(409);
    expect((await rowsOf('withdrawal.paid')).map((r) => [r.target, r.user_id, json(r.after).status])).toEqual([[`withdrawal:${paid.w.id}`, 8801, 'PAID']]);
    expect((await rowsOf('withdrawal.rejected')).map((r) => [r.user_id, json(r.after).reason])).toEqual([[8802, 'Картку заблоковано']]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('a dispute resolved and an order refunded, each naming its buyer', async () => {
    await topUp(ctx.deps.db, STUDENT, 1000);
    const orders = orderCalls(ctx, w);
    const disputed = await orders.delivered(120);
    expect((await orders.dispute(disputed, 'Не той варіант')).statusCode).toBe(200);
    expect((await orders.resolve(disputed, 'REFUND')).statusCode).toBe(200);
    expect((await orders.resolve(disputed, 'RELEASE')).statusCode).toBe(409);
    const open = await orders.newOrder(90);
    expect((await orders.refund(open)).statusCode).toBe(200);
    expect((await orders.refund(open)).statusCode).toBe(409);
    expect((await rowsOf('dispute.resolve')).map((r) => [r.target, r.user_id, json(r.after)])).toEqual([
      [`order:${disputed}`, STUDENT, { status: 'REFUNDED', outcome: 'REFUND', priceUah: 120 }],
    ]);
    expect((await rowsOf('order.refund')).map((r) => [r.target, json(r.before), json(r.after)])).toEqual([
      [`order:${open}`, { status: 'IN_PROGRESS' }, { status: 'REFUNDED', priceUah: 90 }],
    ]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('a role granted', async () => {
    const before = (await rowsOf('user.role')).length;
    expect((await call('PATCH', `/api/v1/users/${STUDENT}/roles`, w.admin, { roleName: 'ROLE_DEVELOPER' })).statusCode).toBe(200);
    const roles = await rowsOf('user.role');
    expect(roles).toHaveLength(before + 1);
    expect(json(roles.at(-1)!.after)).toEqual({ ROLE_DEVELOPER: true });
    expect(roles.at(-1)!.user_id).toBe(STUDENT);
  });
});

describe('the rows', () => {
  it('can be neither changed nor deleted', async () => {
    // The database's own refusal, under the driver's wrapping.
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const err = await ctx.deps.db.execute(statement).then(() => null, (e: Error & { cause?: Error }) => e);
      return err?.cause?.message ?? err?.message ?? 'no error';
    };
    expect(await refusal(sql`UPDATE audit_log SET action = 'user.unban'`)).toMatch(/cannot be changed or deleted/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/cannot be changed or deleted/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/cannot be changed or deleted/);
    expect((await rowsOf('user.ban')).length).toBe(1);
  });

  it('are paged newest first and filtered for admins only', async () => {
    const page = async (query: string) => {
      const res = await call('GET', `/api/v1/audit?${query}`, w.admin);
      expect(res.statusCode).toBe(200);
      return res.json<AuditPage>();
    };
    const all = await rows<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM audit_log`);
    const total = Number(all[0]!.n);
    const seen: AuditEntry[] = [];
    for (let p = 0; ; p++) {
      const one = await page(`page=${p}&limit=4`);
      seen.push(...one.content);
      if (one.last) break;
    }
    expect(seen).toHaveLength(total);
    expect(seen.map((e) => Number(e.id))).toEqual([...seen.map((e) => Number(e.id))].sort((a, b) => b - a));
    const bans = await page('action=user.ban');
    expect(bans.content.map((e) => [e.admin.username, e.target, e.before, e.after])).toEqual([['boss', `user:${OTHER_DEV}`, { banned: false }, { banned: true }]]);
    expect((await page(`userId=${STUDENT}&limit=100`)).content.every((e) => e.userId === String(STUDENT))).toBe(true);
    expect((await page(`adminId=${ADMIN_ID}&limit=100`)).content).toHaveLength(Math.min(total, 100));
    expect((await page('from=2000-01-01&to=2000-01-02')).content).toEqual([]);
    expect((await call('GET', '/api/v1/audit?action=nothing', w.admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/audit', w.student)).statusCode).toBe(403);
  });

  it('export to CSV with the same filters, through a signed link that cannot be widened', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Kyiv' }).format(new Date());
    const made = await call('POST', '/api/v1/dashboard/exports', w.admin, { kind: 'audit', from: today, to: today, action: 'user.ban' });
    expect(made.statusCode, made.body).toBe(200);
    const { link, fileName } = made.json<{ link: string; fileName: string }>();
    expect(fileName).toBe(`zalik-audit-${today}_${today}.csv`);
    const open = (url: string) => {
      const u = new URL(url);
      return ctx.app.inject({ method: 'GET', url: u.pathname + u.search });
    };
    const res = await open(link);
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual([...AUDIT_EXPORT_COLUMNS]);
    expect(lines.map((l) => [l[2], l[3], l[4], l[5], l[6], l[7], l[8]])).toEqual([
      [String(ADMIN_ID), 'boss', AUDIT_ACTION_LABELS['user.ban'], `user:${OTHER_DEV}`, String(OTHER_DEV), '{"banned":false}', '{"banned":true}'],
    ]);
    // Without the filter it is every row of the day; dropping the filter from a link breaks its signature.
    const all = (await call('POST', '/api/v1/dashboard/exports', w.admin, { kind: 'audit', from: today, to: today })).json<{ link: string }>();
    const everything = parseCsv((await open(all.link)).rawPayload.toString('utf8').slice(1));
    const total = Number((await rows<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM audit_log`))[0]!.n);
    expect(everything).toHaveLength(total + 1);
    expect(everything.slice(1).map((l) => Number(l[0]))).toEqual(everything.slice(1).map((l) => Number(l[0])).sort((a, b) => a - b));
    expect((await open(link.replace('action=user.ban', 'action=user.role'))).statusCode).toBe(403);
    expect((await open(link.replace('&action=user.ban', ''))).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/dashboard/exports', w.admin, { kind: 'audit', from: today, to: today, action: 'nothing' })).statusCode).toBe(400);
    expect((await call('POST', '/api/v1/dashboard/exports', w.student, { kind: 'audit', from: today, to: today })).statusCode).toBe(403);
  });
});
