/**
 * Helpers of the escrow tests (orders-escrow*, orders-timers, orders-files): calls of the
 * order routes as a client makes them, what an order's rows say, and time passed by SQL
 * (moving a deadline or a window to the past, as docs/JOBS.md suggests).
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { HistoryItem } from '@zalik/contract';
import { rows, row } from '../src/db/client.js';
import type { JobLog } from '../src/jobs/index.js';
import { runOrderTimers } from '../src/modules/orders/jobs.js';
import { auth, type TestContext } from './helpers.js';
import { multipart, type Part } from './docx.js';
import { STUDENT, buy, manualTask, openWorld, topUp, type World } from './purchase-world.js';

export const PDF = Buffer.from('%PDF-1.4\n% a tiny pdf\n%%EOF\n');
const silent = { info() {}, warn() {}, error() {} };

export function orderCalls(ctx: TestContext, w: World) {
  const db = ctx.database.db;
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  const calls = {
    /** A manual order of the student for DEV, paid; its id. */
    async newOrder(price = 200, taskId?: number): Promise<string> {
      const res = await buy(ctx, w.student, taskId ?? (await manualTask(ctx, w, { price })), ['Бойко О. О.', '12']);
      expect(res.statusCode).toBe(200);
      return res.json<{ id: string }>().id;
    },
    deliver(orderId: string, parts: Part[] = [{ name: 'file', filename: 'Відповідь.pdf', value: PDF }], token = w.dev) {
      const form = multipart(parts);
      return ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/histories/history/${orderId}/developer/save-file`,
        headers: { ...auth(token), ...form.headers },
        payload: form.payload,
      });
    },
    async delivered(price = 200): Promise<string> {
      const id = await calls.newOrder(price);
      expect((await calls.deliver(id)).statusCode).toBe(200);
      return id;
    },
    accept: (id: string, token = w.student) => inject('POST', `/api/v1/histories/${id}/accept`, token),
    revise: (id: string, comment: unknown, token = w.student) => inject('POST', `/api/v1/histories/${id}/revision`, token, { comment }),
    dispute: (id: string, reason: unknown, token = w.student) => inject('POST', `/api/v1/histories/${id}/dispute`, token, { reason }),
    cancel: (id: string, token = w.student) => inject('POST', `/api/v1/histories/${id}/cancel`, token),
    devCancel: (id: string, reason: unknown, token = w.dev) => inject('PATCH', '/api/v1/histories/developer/cancel', token, { id, reason }),
    resolve: (id: string, outcome: unknown, token = w.admin) => inject('PATCH', `/api/v1/histories/${id}/resolve`, token, { outcome }),
    refund: (id: string, token = w.admin) => inject('POST', `/api/v1/histories/history/${id}/refund`, token),
    disputes: (token = w.admin) => inject('GET', '/api/v1/histories/disputes', token),
    completed: (query = '', token = w.dev) => inject('GET', `/api/v1/histories/developer/completed${query}`, token),
    queue: (token = w.dev) => inject('GET', '/api/v1/histories/developer/in-progress', token),
    /** The buyer's history item of this order. */
    async item(id: string, token = w.student) {
      const res = await inject('GET', `/api/v1/histories/user/${STUDENT}`, token);
      return res.json<HistoryItem[]>().find((h) => h.id === id)!;
    },

    /** The deadline has passed (by `hours` more); the overdue timer is due when `hours` covers ORDER_AUTO_REFUND_HOURS. */
    async passDeadline(id: string, hours = 0): Promise<void> {
      await db.execute(sql`UPDATE orders SET deadline_at = now() - make_interval(secs => ${hours * 3600 + 1}) WHERE id = ${Number(id)}`);
    },
    /** The acceptance window has ended and its timer is due. */
    async endWindow(id: string): Promise<void> {
      await db.execute(sql`UPDATE orders SET accept_until = now() - interval '1 second' WHERE id = ${Number(id)}`);
    },

    async status(id: string): Promise<string> {
      return (await row<{ status: string }>(db, sql`SELECT status FROM orders WHERE id = ${Number(id)}`))!.status;
    },
    /** Transfers of the order: [kind, kopecks, key suffix]. */
    async transfers(id: string): Promise<[string, number, string][]> {
      const found = await rows<{ kind: string; amount: number | string; idempotency_key: string }>(
        db,
        sql`SELECT kind, amount, idempotency_key FROM transfers WHERE reference = ${`order:${id}`} ORDER BY id`,
      );
      return found.map((t) => [t.kind, Number(t.amount), t.idempotency_key.replace(`order:${id}:`, '')]);
    },
    /** The order's history of states: [kind, from, to, actor, note]. */
    async events(id: string): Promise<[string, string | null, string, string, string | null][]> {
      const found = await rows<{ kind: string; from_status: string | null; to_status: string; actor: string; note: string | null }>(
        db,
        sql`SELECT kind, from_status, to_status, actor, note FROM order_events WHERE order_id = ${Number(id)} ORDER BY id`,
      );
      return found.map((e) => [e.kind, e.from_status, e.to_status, e.actor, e.note]);
    },
    /** Bot messages about the order of this kind: [chat, text]. */
    async messages(kind: string, id: string): Promise<[number, string][]> {
      const found = await rows<{ chat_id: number | string; text: string }>(
        db,
        sql`SELECT chat_id, payload->>'text' AS text FROM outbox
            WHERE kind = ${kind} AND (dedupe_key = ${`${kind}:${id}`} OR dedupe_key LIKE ${`${kind}:${id}:%`}) ORDER BY id`,
      );
      return found.map((m) => [Number(m.chat_id), m.text]);
    },
    /** The order's timers still to come, as its columns arm them (docs/JOBS.md, "The order timers"), by name. */
    async pending(id: string): Promise<string[]> {
      const o = (await row<{ status: string; remind_pending: boolean }>(db, sql`SELECT status, remind_pending FROM orders WHERE id = ${Number(id)}`))!;
      if (o.status === 'DELIVERED') return ['orders.release'];
      if (o.status !== 'IN_PROGRESS') return [];
      return o.remind_pending ? ['orders.overdue', 'orders.remind'] : ['orders.overdue'];
    },
  };
  return calls;
}

/** What an order test file works with: the app and its database, the world's people and tasks, the order calls. */
export interface OrderWorld {
  ctx: TestContext;
  w: World;
  o: ReturnType<typeof orderCalls>;
}

/** A purchase world (`env` over the test defaults) whose student has `uah` on the general wallet. */
export async function openOrderWorld(uah: number, env: Record<string, string> = {}): Promise<OrderWorld> {
  const { ctx, w } = await openWorld(env);
  await topUp(ctx.database.db, STUDENT, uah);
  return { ctx, w, o: orderCalls(ctx, w) };
}

/**
 * The order timers' sweeps only (no outbox sending, no other job), on the test's database, run
 * at once rather than at their interval: `runDue` sweeps until nothing is due and answers how
 * many orders the timers acted on.
 */
export function orderRunner(ctx: TestContext, log: JobLog = silent): { runDue(): Promise<number> } {
  return { runDue: () => runOrderTimers(ctx.deps, log) };
}
