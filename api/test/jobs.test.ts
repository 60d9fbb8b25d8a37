import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rows, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import type { ScratchDatabase } from '../src/db/scratch.js';
import { JobRegistry, createJobRunner, type JobRunner } from '../src/jobs/index.js';
import { claimJobs, pruneFinished } from '../src/jobs/queries.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { createPgDatabase, onPostgres } from './helpers.js';
import { losingAnswers } from './lost-answers.js';

declare module '../src/jobs/registry.js' {
  interface JobPayloads {
    't.once': { orderId: number };
    'order.release': { note: string };
    't.flaky': Record<string, never>;
    't.restart': Record<string, never>;
    't.many': Record<string, never>;
    't.slow': Record<string, never>;
    't.abortable': Record<string, never>;
  }
}

const silent = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pgDb: ScratchDatabase | undefined;
let database: Database;
/**
 * Another connection to the test database, as one more instance of the API opens it: a
 * second pool on PostgreSQL; PGlite belongs to one process, so there it is the same one.
 */
const open = async (): Promise<Database> =>
  pgDb ? openDatabase({ databaseUrl: pgDb.url }) : { ...database, close: async () => {} };

beforeAll(async () => {
  pgDb = onPostgres ? await createPgDatabase() : undefined;
  database = await openDatabase(pgDb ? { databaseUrl: pgDb.url } : {});
  await migrate(database);
}, 180_000);
afterAll(async () => {
  await database.close();
  await pgDb?.drop();
});
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM jobs`);
  await database.db.execute(sql`DELETE FROM recurring_jobs`);
});

const runnerOf = (registry: JobRegistry, db = database, pollMs = 10): JobRunner =>
  createJobRunner({ db: db.db, registry, log: silent, pollMs });

interface JobRow {
  name: string;
  key: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  wait_s: number;
}
const jobs = (db = database) =>
  rows<JobRow>(db.db, sql`SELECT name, key, status, attempts, last_error, extract(epoch FROM run_at - now())::float8 AS wait_s FROM jobs ORDER BY id`);
/** As if every wait had passed. */
const fastForward = () => database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE status = 'pending'`);

describe('one-off jobs', () => {
  it('runs a due job once with its payload, and a later one only when it is due', async () => {
    const ran: unknown[] = [];
    const registry = new JobRegistry().define('t.once', async ({ payload }) => {
      ran.push(payload.orderId);
    });
    await registry.schedule(database.db, 't.once', { payload: { orderId: 1 } });
    await registry.schedule(database.db, 't.once', { payload: { orderId: 2 }, runAt: new Date(Date.now() + 3_600_000) });
    const runner = runnerOf(registry);

    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(ran).toEqual([1]);
    expect((await jobs()).map((j) => j.status)).toEqual(['done', 'pending']);

    await fastForward();
    await runner.runDue();
    expect(ran).toEqual([1, 2]);
  });

  it('runs a job scheduled twice with the same key once; rescheduling moves it, cancelling drops it', async () => {
    const ran: string[] = [];
    const registry = new JobRegistry().define('order.release', async ({ key, payload }) => {
      ran.push(`${key}:${payload.note}`);
    });
    const later = new Date(Date.now() + 3_600_000);
    await database.db.transaction(async (tx) => {
      expect(await registry.schedule(tx, 'order.release', { key: '41', payload: { note: 'first' } })).toBe(true);
      expect(await registry.schedule(tx, 'order.release', { key: '41', payload: { note: 'second' } })).toBe(false);
      await registry.schedule(tx, 'order.release', { key: '42', payload: { note: 'old' }, runAt: later });
      await registry.schedule(tx, 'order.release', { key: '43', payload: { note: 'x' } });
    });
    // The state changed: 42 is due now with a new payload, 43 is no longer wanted.
    await registry.reschedule(database.db, 'order.release', { key: '42', payload: { note: 'new' } });
    expect(await registry.cancel(database.db, 'order.release', '43')).toBe(true);
    expect(await registry.cancel(database.db, 'order.release', '43')).toBe(false);

    await runnerOf(registry).runDue();
    expect(ran.sort()).toEqual(['41:first', '42:new']);
    expect((await jobs()).map((j) => [j.key, j.status])).toEqual([['41', 'done'], ['42', 'done'], ['43', 'cancelled']]);
    // A job this registry does not define cannot be scheduled; a name or payload nobody declared does not compile either.
    await expect(registry.schedule(database.db, 't.once', { key: '44', payload: { orderId: 44 } })).rejects.toThrow(/no job named/);
    // @ts-expect-error a misspelt name
    await expect(registry.schedule(database.db, 'order.relaese', { key: '44' })).rejects.toThrow(/no job named/);
    // @ts-expect-error the payload of another job
    await expect(new JobRegistry().reschedule(database.db, 'order.release', { key: '44', payload: { orderId: 44 } })).rejects.toThrow(/no job named/);
    // @ts-expect-error no payload where one is declared
    expect(() => new JobRegistry().rescheduleSql('order.release', { key: '44' })).toThrow(/no job named/);
  });

  it('retries a failing job with growing waits and gives up after its attempts, recording the error', async () => {
    let runs = 0;
    const registry = new JobRegistry().define(
      't.flaky',
      async () => {
        runs++;
        throw new Error(`Monobank answered 502 (run ${runs})`);
      },
      { maxAttempts: 3, backoffMs: 60_000 },
    );
    await registry.schedule(database.db, 't.flaky', { key: 'a' });
    const runner = runnerOf(registry);

    await runner.runDue();
    let [job] = await jobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Monobank answered 502 (run 1)' });
    expect(job!.wait_s).toBeGreaterThan(50);
    expect(await runner.runDue()).toBe(0); // the backoff holds it back

    await fastForward();
    await runner.runDue();
    [job] = await jobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 2 });
    expect(job!.wait_s).toBeGreaterThan(110); // doubled

    await fastForward();
    await runner.runDue();
    await fastForward();
    expect(await runner.runDue()).toBe(0);
    [job] = await jobs();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Monobank answered 502 (run 3)' });
    expect(runs).toBe(3);
  });

  it('runs a job that was due while no runner ran, and one whose runner died mid-run, after a restart', async () => {
    const first = await open();
    const before = new JobRegistry().define('t.restart', async () => {});
    await before.schedule(first.db, 't.restart', { key: 'due-while-down', runAt: new Date(Date.now() - 1000) });
    await before.schedule(first.db, 't.restart', { key: 'runner-died' });
    // A runner claims it with a 1 ms lease and the process dies before it finishes.
    const claimed = await claimJobs(first.db, ['t.restart'], 1, '00000000-0000-4000-8000-000000000001', 1);
    expect(claimed.map((j) => j.key)).toEqual(['due-while-down']);
    await first.close();

    const ran: (string | null)[] = [];
    const runner = runnerOf(new JobRegistry().define('t.restart', async ({ key }) => void ran.push(key)));
    await runner.start();
    for (let i = 0; i < 200 && ran.length < 2; i++) await sleep(20);
    await runner.stop();
    expect(ran.sort()).toEqual(['due-while-down', 'runner-died']);
    expect((await jobs()).map((j) => [j.key, j.status, j.attempts])).toEqual([['due-while-down', 'done', 2], ['runner-died', 'done', 1]]);
  });
});

describe('several runners', () => {
  let second: Database;
  beforeAll(async () => {
    second = await open();
  });
  afterAll(() => second.close());

  it('run each due job once', async () => {
    const count = new Map<string, number>();
    const handler = async ({ key }: { key: string | null }) => {
      await sleep(5);
      count.set(key!, (count.get(key!) ?? 0) + 1);
    };
    const a = new JobRegistry().define('t.many', handler);
    const b = new JobRegistry().define('t.many', handler);
    for (let i = 0; i < 30; i++) await a.schedule(database.db, 't.many', { key: `k${i}` });
    await Promise.all([runnerOf(a).runDue(), runnerOf(b, second).runDue(), runnerOf(a).runDue()]);
    expect(count.size).toBe(30);
    expect([...count.values()].every((n) => n === 1)).toBe(true);
  });

  it('run a recurring job once per interval', async () => {
    let runs = 0;
    const tick = async () => {
      runs++;
      await sleep(10);
    };
    // As two processes would: each its own registry naming the same job.
    const runners = [runnerOf(new JobRegistry().every('t.sweep', 3_600_000, tick)), runnerOf(new JobRegistry().every('t.sweep', 3_600_000, tick), second)];
    for (let round = 1; round <= 5; round++) {
      // The next occurrence is an hour away; let that hour pass.
      if (round > 1) await database.db.execute(sql`UPDATE recurring_jobs SET next_run_at = now()`);
      await Promise.all([...runners, ...runners].map((r) => r.runDue()));
      expect(runs).toBe(round);
    }
    const [row] = await rows<{ runs: number; next_in_s: number }>(
      database.db,
      sql`SELECT runs::int AS runs, extract(epoch FROM next_run_at - now())::float8 AS next_in_s FROM recurring_jobs`,
    );
    expect(row!.runs).toBe(5);
    expect(row!.next_in_s).toBeGreaterThan(3000);
  });

  it('record a failed recurring run and run it again at the next interval', async () => {
    let runs = 0;
    const runner = runnerOf(
      new JobRegistry().every('t.poll', 3_600_000, async () => {
        runs++;
        if (runs === 1) throw new Error('statement poll failed');
      }),
    );
    await runner.runDue();
    let [row] = await rows<{ last_error: string | null; locked: boolean }>(database.db, sql`SELECT last_error, locked_by IS NOT NULL AS locked FROM recurring_jobs`);
    expect(row).toEqual({ last_error: 'statement poll failed', locked: false });
    expect(await runner.runDue()).toBe(0);
    await database.db.execute(sql`UPDATE recurring_jobs SET next_run_at = now()`);
    await runner.runDue();
    [row] = await rows(database.db, sql`SELECT last_error, locked_by IS NOT NULL AS locked FROM recurring_jobs`);
    expect(row).toEqual({ last_error: null, locked: false });
    expect(runs).toBe(2);
  });
});

describe('a claim whose answer was lost', () => {
  it('hands back the one-off jobs it took, without the attempt, so they run at once', async () => {
    const ran: number[] = [];
    const registry = new JobRegistry().define('t.once', async ({ payload }) => {
      ran.push(payload.orderId);
    });
    await registry.schedule(database.db, 't.once', { payload: { orderId: 7 } });
    const db = losingAnswers(database.db, 'UPDATE jobs j SET status', { when: 'after' });
    await expect(createJobRunner({ db, registry, log: silent }).runDue()).rejects.toThrow('Connection terminated unexpectedly');
    expect(db.lost).toBe(1);
    expect(ran).toEqual([]);
    expect(await runnerOf(registry).runDue()).toBe(1);
    expect(ran).toEqual([7]);
    expect((await jobs()).map((j) => [j.status, j.attempts])).toEqual([['done', 1]]);
  });

  it('hands back the recurring jobs it took, due at once', async () => {
    let runs = 0;
    const registry = new JobRegistry().every('t.sweep', 3_600_000, async () => {
      runs++;
    });
    const db = losingAnswers(database.db, 'UPDATE recurring_jobs r', { when: 'after' });
    await expect(createJobRunner({ db, registry, log: silent }).runDue()).rejects.toThrow('Connection terminated unexpectedly');
    expect(runs).toBe(0);
    await runnerOf(registry).runDue();
    expect(runs).toBe(1);
  });

  it('writes the outcome of a job that finished while the database blinked', async () => {
    const registry = new JobRegistry().define('t.once', async () => {});
    await registry.schedule(database.db, 't.once', { payload: { orderId: 8 } });
    const db = losingAnswers(database.db, "status = 'done'", { when: 'before' });
    expect(await createJobRunner({ db, registry, log: silent }).runDue()).toBe(1);
    expect(db.lost).toBe(1);
    expect((await jobs()).map((j) => [j.status, j.attempts, j.last_error])).toEqual([['done', 1, null]]);
  });
});

describe('stopping', () => {
  it('waits for the running job, and a job that gives up on the stop signal is handed back', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const started: string[] = [];
    const registry = new JobRegistry()
      .define('t.slow', async () => {
        started.push('slow');
        await gate;
      })
      .define('t.abortable', async ({ signal }) => {
        started.push('abortable');
        await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
      });
    await registry.schedule(database.db, 't.slow', { key: 's' });
    await registry.schedule(database.db, 't.abortable', { key: 'a' });
    const runner = runnerOf(registry);
    await runner.start();
    for (let i = 0; i < 200 && started.length < 2; i++) await sleep(20);
    expect(started.sort()).toEqual(['abortable', 'slow']);

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    expect((await jobs()).find((j) => j.key === 's')!.status).toBe('running');
    release();
    await stopping;
    expect((await jobs()).map((j) => [j.key, j.status, j.attempts])).toEqual([['s', 'done', 1], ['a', 'pending', 0]]);
  });

  it('a recurring job cut short by the stop is not recorded or logged as a failure', async () => {
    const errors: unknown[] = [];
    const log = { ...silent, error: (...args: unknown[]) => errors.push(args) };
    let started = false;
    const registry = new JobRegistry().every('t.poll', 3_600_000, async ({ signal }) => {
      started = true;
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('This operation was aborted'))));
    });
    const runner = createJobRunner({ db: database.db, registry, log, pollMs: 10 });
    await runner.start();
    for (let i = 0; i < 200 && !started; i++) await sleep(20);
    expect(started).toBe(true);
    await runner.stop();
    const [row] = await rows<{ last_error: string | null; locked: boolean }>(database.db, sql`SELECT last_error, locked_by IS NOT NULL AS locked FROM recurring_jobs`);
    expect(row).toEqual({ last_error: null, locked: false });
    expect(errors).toEqual([]);
  });
});

describe('pruning finished jobs', () => {
  it('deletes jobs that ran or were cancelled more than the kept days ago, and nothing else', async () => {
    const add = (key: string, status: string, daysAgo: number | null) =>
      database.db.execute(sql`
        INSERT INTO jobs (name, key, status, finished_at)
        VALUES ('orders.release', ${key}, ${status}, ${daysAgo === null ? null : sql`now() - make_interval(days => ${daysAgo})`})`);
    await add('old-done', 'done', 31);
    await add('old-cancelled', 'cancelled', 45);
    await add('old-failed', 'failed', 90);
    await add('recent-done', 'done', 29);
    await add('recent-cancelled', 'cancelled', 1);
    await add('pending', 'pending', null);
    await add('running', 'running', null);
    expect(await pruneFinished(database.db, 30)).toBe(2);
    const left = await rows<{ key: string }>(database.db, sql`SELECT key FROM jobs ORDER BY key`);
    expect(left.map((r) => r.key)).toEqual(['old-failed', 'pending', 'recent-cancelled', 'recent-done', 'running']);
    expect(await pruneFinished(database.db, 30)).toBe(0);
  });

  it('deletes in batches until none is left', async () => {
    await database.db.execute(sql`
      INSERT INTO jobs (name, key, status, finished_at)
      SELECT 'orders.remind', 'k' || n, 'done', now() - interval '40 days' FROM generate_series(1, 12000) AS n`);
    expect(await pruneFinished(database.db, 30)).toBe(12000);
    expect(await rows(database.db, sql`SELECT 1 FROM jobs`)).toEqual([]);
  });

  it('is a recurring job of every API instance', () => {
    const deps = createDeps(loadConfig({ DATA_DIR: '/tmp/zalik-jobs-prune', LOG_LEVEL: 'silent' }), database);
    expect(deps.jobs.recurringJob('jobs.prune')?.intervalMs).toBe(3_600_000);
    return deps.dispose();
  });
});
