/**
 * One purchase followed through the logs: the request's id (a proxy's X-Request-Id, or a new
 * one) is echoed in the answer, recorded on the jobs and bot messages it caused, and carried by
 * their log lines when they run, so an operator can join them. The order timers are no jobs of
 * the purchase (docs/JOBS.md): their sweep's lines name the order instead.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { createOutboxWorker } from '../src/modules/outbox/worker.js';
import { JobRegistry, createJobRunner } from '../src/jobs/index.js';
import { registerThreadJobs } from '../src/modules/threads/jobs.js';
import { multipart } from './docx.js';
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

it("carries a purchase's request id to its bot messages, and a thread message's to its notice job, and their log lines", async () => {
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

  // The order's timers are its own columns (docs/JOBS.md): the purchase schedules no job.
  expect(await rows(ctx.deps.db, sql`SELECT 1 FROM jobs WHERE request_id = 'buy-0001'`)).toEqual([]);
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

  // The buyer writes in the order's thread: the developer's notice is a job of that request, and
  // its lines, and the message it queues, belong to the same request.
  const form = multipart([{ name: 'text', value: 'Добрий день!' }]);
  const said = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/histories/${orderId}/messages`,
    headers: { ...auth(w.student), ...form.headers, 'x-request-id': 'say-0001' },
    payload: form.payload,
  });
  expect(said.statusCode).toBe(201);
  const jobs = await rows<{ name: string; request_id: string | null }>(ctx.deps.db, sql`SELECT name, request_id FROM jobs WHERE key LIKE ${`${orderId}:%`}`);
  expect(jobs).toEqual([{ name: 'threads.notice', request_id: 'say-0001' }]);
  await ctx.deps.db.execute(sql`UPDATE jobs SET run_at = now() WHERE key LIKE ${`${orderId}:%`} AND status = 'pending'`);
  const ran = capture();
  const registry = new JobRegistry();
  registerThreadJobs({ ...ctx.deps, jobs: registry });
  await createJobRunner({ db: ctx.deps.db, registry, log: ran.log }).runDue();
  const done = ran.lines.filter((l) => l.msg === 'job done');
  expect(done).toHaveLength(1);
  expect(done[0]!.reqId).toBe('say-0001');
  const caused = await rows<{ request_id: string | null }>(ctx.deps.db, sql`SELECT request_id FROM outbox WHERE sent_at IS NULL`);
  expect(caused.map((m) => m.request_id)).toEqual(['say-0001']);

  // The order is long overdue and refunded by its sweep: the sweep's line names the order.
  await ctx.deps.db.execute(sql`UPDATE orders SET deadline_at = now() - interval '30 days' WHERE id = ${orderId}`);
  const swept = capture();
  await orderRunner(ctx, swept.log).runDue();
  expect(swept.lines.filter((l) => l.msg === 'order timer done')).toContainEqual(expect.objectContaining({ job: 'orders.overdue', orderId: Number(orderId) }));
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
