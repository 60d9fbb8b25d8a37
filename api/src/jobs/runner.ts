import { runForRequest } from '../lib/request-context.js';
import type { Db } from '../db/client.js';
import { claimOrRelease, newToken, persist, retryDelayMs } from './lease.js';
import { claimJobs, claimRecurring, ensureRecurring, finishJob, finishRecurring, releaseJobs, releaseRecurring, renewLease, type ClaimedJob } from './queries.js';
import type { JobLog, JobRegistry } from './registry.js';

export interface JobRunnerOptions {
  db: Db;
  registry: JobRegistry;
  log: JobLog;
  /** How often to look for due jobs when idle. Default 1000. */
  pollMs?: number;
  /** Jobs run at the same time by this runner. Default 4. */
  concurrency?: number;
  /** How long a claim holds a job; renewed every third of it while the handler runs. Default 60 s. */
  leaseMs?: number;
}

export interface JobRunner {
  /** Starts polling; the first look is immediate. */
  start(): Promise<void>;
  /** Stops claiming, aborts the running handlers' signal and waits for them to finish. */
  stop(): Promise<void>;
  /** Runs what is due now (claiming again until nothing is) and waits for it; for tests and scripts. */
  runDue(): Promise<number>;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Runs the registry's jobs. Jobs live in the database (migrations/0014_jobs.sql), so they
 * survive restarts; claims use FOR UPDATE SKIP LOCKED and a lease, so any number of runners,
 * in one process or many, run each due job and each recurring occurrence once. A handler
 * runs with no transaction open and opens its own.
 */
export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, registry, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const concurrency = opts.concurrency ?? 4;
  const leaseMs = opts.leaseMs ?? 60_000;

  const inflight = new Set<Promise<void>>();
  let abort = new AbortController();
  let active = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<number> | null = null;
  let prepared: Promise<void> | null = null;

  /** Creates the recurring jobs' rows once per runner. */
  function prepare(): Promise<void> {
    prepared ??= (async () => {
      for (const r of registry.recurringJobs()) await ensureRecurring(db, r.name, r.intervalMs);
    })().catch((e: unknown) => {
      prepared = null;
      throw e;
    });
    return prepared;
  }

  /**
   * A job's outcome is retried while the database is away (within half a lease, once when
   * shutting down): left unwritten, the row would stay claimed until its lease ran out.
   */
  const settle = (write: () => Promise<void>, signal: AbortSignal) => persist(write, leaseMs / 2, signal);

  /** Runs `work` under a lease renewed until it settles. */
  async function leased(token: string, work: () => Promise<void>): Promise<void> {
    const renew = setInterval(() => {
      renewLease(db, token, leaseMs).catch((err: unknown) => log.warn({ err }, 'job lease renewal failed'));
    }, leaseMs / 3);
    renew.unref();
    try {
      await work();
    } finally {
      clearInterval(renew);
    }
  }

  async function runJob(job: ClaimedJob, token: string, signal: AbortSignal): Promise<void> {
    const def = registry.job(job.name)!;
    const fields = { job: job.name, jobId: job.id, key: job.key, attempt: job.attempts, ...(job.requestId ? { reqId: job.requestId } : {}) };
    if (job.attempts > def.maxAttempts) {
      // Its runners kept dying mid-run (the lease ran out every time): stop retrying.
      await settle(() => finishJob(db, job.id, token, { error: 'lease expired on every attempt', giveUp: true }), signal);
      log.error(fields, 'job given up');
      return;
    }
    try {
      // What the job schedules or queues in turn is still part of the request that caused it.
      const run = () => def.handler({ key: job.key, payload: job.payload, attempt: job.attempts, signal, log: withFields(log, fields) });
      await leased(token, () => (job.requestId ? runForRequest(job.requestId, run) : run()));
      await settle(() => finishJob(db, job.id, token, {}), signal);
      log.info(fields, 'job done');
    } catch (e) {
      if (signal.aborted) {
        await settle(() => finishJob(db, job.id, token, { released: true }), signal);
        log.info(fields, 'job interrupted by shutdown, handed back');
        return;
      }
      const giveUp = job.attempts >= def.maxAttempts;
      const retryInMs = retryDelayMs(job.attempts, def.backoffMs, def.backoffCapMs);
      await settle(() => finishJob(db, job.id, token, { error: message(e), giveUp, retryInMs }), signal);
      if (giveUp) log.error({ ...fields, err: e }, 'job given up');
      else log.warn({ ...fields, err: e, retryInMs }, 'job failed, will retry');
    }
  }

  async function runRecurring(name: string, token: string, signal: AbortSignal): Promise<void> {
    const def = registry.recurringJob(name)!;
    let error: string | null = null;
    try {
      await leased(token, () => def.handler({ key: null, payload: undefined, attempt: 1, signal, log }));
    } catch (e) {
      // A handler cut short by this instance's shutdown did not fail: an error logged then
      // would page an operator for every deploy.
      if (signal.aborted) log.info({ job: name }, 'recurring job interrupted by shutdown; it runs again at its next interval');
      else {
        error = message(e);
        log.error({ job: name, err: e }, 'recurring job failed; it runs again at its next interval');
      }
    }
    await settle(() => finishRecurring(db, name, token, error), signal);
  }

  function launch(work: Promise<void>): void {
    const p = work
      .catch((err: unknown) => log.error({ err }, 'job bookkeeping failed'))
      .finally(() => {
        inflight.delete(p);
        // A slot came free: look again now rather than after a full poll.
        if (active) wake(0);
      });
    inflight.add(p);
  }

  /** One look: claims up to the free slots and launches what it claimed. */
  async function tick(): Promise<number> {
    await prepare();
    const signal = abort.signal;
    let free = concurrency - inflight.size;
    if (free <= 0) return 0;
    const token = newToken();
    const names = registry.recurringJobs().map((r) => r.name);
    const recurring = await claimOrRelease(() => claimRecurring(db, names, free, token, leaseMs), () => releaseRecurring(db, token), leaseMs / 2, signal);
    for (const name of recurring) launch(runRecurring(name, token, signal));
    free -= recurring.length;
    const jobs = await claimOrRelease(() => claimJobs(db, registry.jobNames(), free, token, leaseMs), () => releaseJobs(db, token), leaseMs / 2, signal);
    for (const job of jobs) launch(runJob(job, token, signal));
    return recurring.length + jobs.length;
  }

  function wake(delay: number): void {
    if (!active || ticking) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (!active || ticking) return;
      ticking = tick()
        .catch((err: unknown) => {
          log.error({ err }, 'job poll failed');
          return 0;
        })
        .finally(() => {
          ticking = null;
          wake(pollMs);
        });
    }, delay);
  }

  return {
    async start() {
      if (active) return;
      await prepare();
      abort = new AbortController();
      active = true;
      wake(0);
    },
    async stop() {
      active = false;
      if (timer) clearTimeout(timer);
      timer = null;
      abort.abort();
      await ticking;
      while (inflight.size > 0) await Promise.all(inflight);
    },
    async runDue() {
      let total = 0;
      for (;;) {
        const n = await tick();
        while (inflight.size > 0) await Promise.all(inflight);
        if (n === 0) return total;
        total += n;
      }
    },
  };
}

/** `log` with `fields` on every line (the job's name and id, and the request that scheduled it). */
function withFields(log: JobLog, fields: object): JobLog {
  return {
    info: (obj, msg) => log.info({ ...fields, ...obj }, msg),
    warn: (obj, msg) => log.warn({ ...fields, ...obj }, msg),
    error: (obj, msg) => log.error({ ...fields, ...obj }, msg),
  };
}
