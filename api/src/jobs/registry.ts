import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cancel, reschedule, rescheduleSql, schedule, scheduleEachSql, type ScheduleOptions } from './queries.js';

/**
 * The one-off jobs and their payloads. Each area adds its own from its jobs.ts by declaration
 * merging (`declare module '.../jobs/registry.js' { interface JobPayloads { ... } }`), so a
 * name nobody defined, or a payload of the wrong shape, does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' declarations
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/** A job with no payload is stored with `{}`; one with a payload must be given it. */
type PayloadOf<N extends JobName> = Record<string, never> extends JobPayloads[N] ? { payload?: JobPayloads[N] } : { payload: JobPayloads[N] };

export type Schedule<N extends JobName> = Omit<ScheduleOptions, 'payload'> & PayloadOf<N>;
export type Reschedule<N extends JobName> = Schedule<N> & { key: string };

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext<P = unknown> {
  /** The one-off job's key (null for recurring jobs and unkeyed ones). */
  key: string | null;
  payload: P;
  /** 1 on the first run; one more for every retry. */
  attempt: number;
  /** Aborted when the runner stops: finish soon, or throw to be run again after the restart. */
  signal: AbortSignal;
  log: JobLog;
}

/**
 * Runs at least once per scheduled job or occurrence (a crash after the work but before the
 * runner records it runs it again), so it must be idempotent: open its own transaction, check
 * the state it acts on, and key any ledger transfer so a second run cannot post twice.
 */
export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<void>;

export interface JobOptions {
  /** Runs before a failing job is given up (status 'failed'). Default 5. */
  maxAttempts?: number;
  /** Wait before the first retry; doubles every retry, up to backoffCapMs. Default 10 s. */
  backoffMs?: number;
  backoffCapMs?: number;
}

export interface JobDefinition extends Required<JobOptions> {
  name: string;
  handler: JobHandler;
}

export interface RecurringDefinition {
  name: string;
  intervalMs: number;
  handler: JobHandler<undefined>;
}

/**
 * What background work exists: one-off job kinds (`define`) and recurring jobs (`every`).
 * Built in createDeps; the runner runs what is registered here. Services schedule one-off
 * jobs only through it: the names and payloads are JobPayloads', and at run time a name this
 * registry does not handle is refused.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly recurring = new Map<string, RecurringDefinition>();

  define<N extends JobName>(name: N, handler: JobHandler<JobPayloads[N]>, opts: JobOptions = {}): this {
    this.claimName(name);
    this.jobs.set(name, {
      name,
      handler: handler as JobHandler,
      maxAttempts: opts.maxAttempts ?? 5,
      backoffMs: opts.backoffMs ?? 10_000,
      backoffCapMs: opts.backoffCapMs ?? 3_600_000,
    });
    return this;
  }

  /** Runs `handler` every `intervalMs`, on one instance per occurrence; a failed run waits for the next. */
  every(name: string, intervalMs: number, handler: JobHandler<undefined>): this {
    if (!Number.isInteger(intervalMs) || intervalMs < 1) throw new Error(`job ${name}: interval must be a positive whole number of ms`);
    this.claimName(name);
    this.recurring.set(name, { name, intervalMs, handler });
    return this;
  }

  job(name: string): JobDefinition | undefined {
    return this.jobs.get(name);
  }

  recurringJob(name: string): RecurringDefinition | undefined {
    return this.recurring.get(name);
  }

  jobNames(): string[] {
    return [...this.jobs.keys()];
  }

  recurringJobs(): RecurringDefinition[] {
    return [...this.recurring.values()];
  }

  /**
   * Queues a one-off job in the caller's transaction (see queries.ts `schedule`); answers false
   * when a pending job with this name and key already exists.
   */
  async schedule<N extends JobName>(ex: Executor, name: N, opts: Schedule<N>): Promise<boolean> {
    return schedule(ex, this.known(name), opts);
  }

  async reschedule<N extends JobName>(ex: Executor, name: N, opts: Reschedule<N>): Promise<void> {
    return reschedule(ex, this.known(name), opts);
  }

  /** `reschedule` as SQL, for a change that writes several tables in one statement (a purchase). */
  rescheduleSql<N extends JobName>(name: N, opts: Reschedule<N>): SQL {
    return rescheduleSql(this.known(name), opts);
  }

  /**
   * `schedule` as SQL for jobs whose keys, payloads and times the statement itself computes
   * (queries.ts `scheduleEachSql`): the payload's shape is the caller's to keep to JobPayloads[N].
   */
  scheduleEachSql<N extends JobName>(name: N, select: SQL): SQL {
    return scheduleEachSql(this.known(name), select);
  }

  async cancel(ex: Executor, name: JobName, key: string): Promise<boolean> {
    return cancel(ex, this.known(name), key);
  }

  private known(name: string): string {
    if (!this.jobs.has(name)) throw new Error(`no job named ${name} is defined`);
    return name;
  }

  private claimName(name: string): void {
    if (this.jobs.has(name) || this.recurring.has(name)) throw new Error(`job ${name} is registered twice`);
  }
}
