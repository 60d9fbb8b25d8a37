import type { Executor } from '../db/client.js';
import { cancel, reschedule, schedule, type ScheduleOptions } from './queries.js';

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

/** Delay before the retry after `attempts` failed runs: base·2^(attempts-1), capped. */
export function retryDelayMs(attempts: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

/**
 * What background work exists: one-off job kinds (`define`) and recurring jobs (`every`).
 * Built in createDeps; the runner runs what is registered here. Services schedule one-off
 * jobs through `schedule`, which refuses a name nobody handles.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly recurring = new Map<string, RecurringDefinition>();

  define<P>(name: string, handler: JobHandler<P>, opts: JobOptions = {}): this {
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

  async schedule(ex: Executor, name: string, opts?: ScheduleOptions): Promise<boolean> {
    return schedule(ex, this.known(name), opts);
  }

  async reschedule(ex: Executor, name: string, opts: ScheduleOptions & { key: string }): Promise<void> {
    return reschedule(ex, this.known(name), opts);
  }

  async cancel(ex: Executor, name: string, key: string): Promise<boolean> {
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
