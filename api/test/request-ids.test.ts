/**
 * One purchase followed through the logs: the request's id (a proxy's X-Request-Id, or a new
 * one) is echoed in the answer, recorded on the jobs and bot messages it caused, and carried by
 * their log lines when they run, so an operator can join them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { createOutboxWorker } from '../src/modules/outbox/worker.js';
import { loadConfig } from '../src/config.js';
import { auth, type TestContext } from './helpers.js';
import { STUDENT, manualTask, openWorld, topUp, type World } from './purchase-world.js';
import { orderRunner } from './escrow-helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ({ ctx, w } = await openWorld());
});
afterAll(() => ctx.close());

/** A log that keeps what it is told. */
function capture() {
  const lines: { level: string; msg?: string; [k: string]: unknown }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => lines.push({ level, msg, ...obj });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace'), fatal: at('fatal'), child: () => capture().log } };
}

it("carries a purchase's request id to its jobs and bot messages, and their log lines", async () => {
  await topUp(ctx.deps.db, STUDENT, 300);
  const task = await manualTask(ctx, w, { price: 120 });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tasks/process',
    headers: { ...auth(w.student), 'x-request-id': 'buy-0001' },
    payload: { taskId: String(task), arguments: ['Бойко О. О.', '12'] },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-request-id']).toBe('buy-0001');
  const orderId = res.json<{ id: string }>().id;

  const jobs = await rows<{ name: string; request_id: string | null }>(ctx.deps.db, sql`SELECT name, request_id FROM jobs WHERE key = ${orderId}`);
  expect(jobs.length).toBeGreaterThan(0);
  expect(jobs.map((j) => j.request_id)).toEqual(jobs.map(() => 'buy-0001'));
  const queued = await rows<{ chat_id: number | string; request_id: string | null }>(ctx.deps.db, sql`SELECT chat_id, request_id FROM outbox WHERE sent_at IS NULL`);
  expect(queued.length).toBeGreaterThan(0);
  expect(queued.every((m) => m.request_id === 'buy-0001')).toBe(true);

  // The bot's messages go out; each line says which request queued it.
  const sent = capture();
  const worker = createOutboxWorker({ db: ctx.deps.db, sender: { deliver: async () => {} }, log: sent.log as never });
  await worker.runOnce();
  const lines = sent.lines.filter((l) => l.msg === 'outbox message sent');
  expect(lines).toHaveLength(queued.length);
  expect(lines.every((l) => l.reqId === 'buy-0001')).toBe(true);

  // The order is long overdue and refunded by its job: the job's lines, and the messages it queues, belong to the same request.
  await ctx.deps.db.execute(sql`UPDATE jobs SET run_at = now() WHERE key = ${orderId} AND status = 'pending'`);
  await ctx.deps.db.execute(sql`UPDATE orders SET deadline_at = now() - interval '30 days' WHERE id = ${orderId}`);
  const ran = capture();
  const runner = orderRunner(ctx, ran.log);
  await runner.runDue();
  const done = ran.lines.filter((l) => l.msg === 'job done');
  expect(done.length).toBeGreaterThan(0);
  expect(done.every((l) => l.reqId === 'buy-0001')).toBe(true);
  const caused = await rows<{ request_id: string | null }>(ctx.deps.db, sql`SELECT request_id FROM outbox WHERE sent_at IS NULL`);
  expect(caused.length).toBeGreaterThan(0);
  expect(caused.every((m) => m.request_id === 'buy-0001')).toBe(true);
  await expectLedgerBalanced(ctx.deps);

  // A request without an id of its own gets a fresh one; a malformed one is replaced.
  const fresh = await ctx.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'bad id with spaces' } });
  expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

it('writes human lines on a terminal and JSON elsewhere, unless told', () => {
  const base = { JWT_SECRET: 'x'.repeat(32) };
  expect(loadConfig({ ...base, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  expect(loadConfig({ ...base, LOG_FORMAT: 'json' }).logFormat).toBe('json');
  expect(loadConfig(base).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
  expect(() => loadConfig({ ...base, LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT must be pretty or json/);
});
