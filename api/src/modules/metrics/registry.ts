import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client.js';
import { deploymentFigures, jobFigures, type DeploymentFigures, type JobFigures } from './queries.js';

/** Where a request's latency falls, in seconds: from a cached catalogue read to a DOCX render. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** One finished request: `route` is the endpoint's path pattern, never the raw URL. */
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void;
  /** The text a scrape answers (Prometheus's exposition format). */
  scrape(): Promise<string>;
}

interface Snapshot {
  at: number;
  figures: Promise<{ deployment: DeploymentFigures; jobs: JobFigures[] }>;
}

/**
 * The instance's metrics. Process figures (requests, event loop, heap, pool) are its own; the
 * deployment's (money held, backlogs, jobs) come from the database, read at most once per
 * `intervalMs` whatever the number of scrapers: concurrent scrapes share one read in flight, and
 * a scrape within the interval reuses its answer.
 */
export function createMetrics(database: Database, opts: { intervalMs: number }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['route', 'method', 'status_class'] as const;
  const requests = new Counter({ name: 'zalik_http_requests_total', help: 'Requests answered, by endpoint path pattern and status class', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'zalik_http_request_duration_seconds',
    help: 'Time to answer a request, by endpoint path pattern and status class',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const reads = new Counter({ name: 'zalik_metrics_database_reads_total', help: 'Times this instance read the deployment figures for /metrics', registers: [registry] });

  let snapshot: Snapshot | undefined;
  const figures = () => {
    const now = Date.now();
    if (!snapshot || now - snapshot.at >= opts.intervalMs) {
      reads.inc();
      const read = Promise.all([deploymentFigures(database.db), jobFigures(database.db)]).then(([deployment, jobs]) => ({ deployment, jobs }));
      // A failed read is not kept: the next scrape tries again.
      read.catch(() => (snapshot = undefined));
      snapshot = { at: now, figures: read };
    }
    return snapshot.figures;
  };

  const deploymentGauge = (name: string, help: string, value: (f: DeploymentFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(value((await figures()).deployment));
      },
    });
  const uah = (kop: number) => kop / 100;
  deploymentGauge('zalik_escrow_uah', 'Money held in escrow for orders not closed yet (UAH)', (f) => uah(f.escrowKop));
  deploymentGauge('zalik_orders_overdue', 'Orders in progress past their deadline', (f) => f.overdueOrders);
  deploymentGauge('zalik_orders_disputed', 'Orders in an open dispute', (f) => f.disputedOrders);
  deploymentGauge('zalik_withdrawals_pending', 'Withdrawal requests waiting for an admin', (f) => f.pendingWithdrawals);
  deploymentGauge('zalik_withdrawals_pending_uah', 'Sum of the withdrawal requests waiting for an admin (UAH)', (f) => uah(f.pendingWithdrawalsKop));
  deploymentGauge('zalik_deposit_requests_pending', 'Top-up requests waiting for their payment', (f) => f.pendingDeposits);
  deploymentGauge('zalik_revenue_today_uah', 'Fees earned since midnight in Kyiv (UAH)', (f) => uah(f.revenueTodayKop));
  deploymentGauge('zalik_outbox_backlog', 'Bot messages waiting to be sent', (f) => f.outboxBacklog);
  deploymentGauge('zalik_outbox_oldest_seconds', 'Age of the oldest bot message waiting to be sent', (f) => f.outboxOldestSeconds);
  deploymentGauge('zalik_outbox_sent_per_second', 'Bot messages sent over the last minute, per second', (f) => f.outboxSentLastMinute / 60);
  deploymentGauge('zalik_users_blocked_bot', 'Users who blocked the bot (messages to them are skipped)', (f) => f.blockedUsers);
  deploymentGauge('zalik_bot_inbox_backlog', 'Telegram updates stored and not handled yet', (f) => f.inboxBacklog);
  deploymentGauge('zalik_bot_inbox_failed', 'Telegram updates given up on, kept for an admin', (f) => f.inboxFailed);
  deploymentGauge('zalik_bot_inbox_oldest_seconds', 'Age of the oldest Telegram update not handled yet', (f) => f.inboxOldestSeconds);

  const jobGauge = (name: string, help: string, value: (j: JobFigures) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const job of (await figures()).jobs) this.set({ job: job.name }, value(job));
      },
    });
  jobGauge('zalik_jobs_due', 'Jobs whose time has come and that no worker runs yet', (j) => j.due);
  jobGauge('zalik_jobs_running', 'Jobs a worker runs now', (j) => j.running);
  jobGauge('zalik_jobs_failed', 'Jobs given up after their last attempt (kept JOBS_KEEP_DAYS)', (j) => j.failed);
  jobGauge('zalik_jobs_oldest_due_seconds', 'How long the oldest due job has waited', (j) => j.oldestDueSeconds);

  const pool = (name: string, help: string, value: (p: NonNullable<ReturnType<Database['poolStats']>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        if (stats) this.set(value(stats));
      },
    });
  // PGlite has no pool: no series rather than zeros that would read as an empty one.
  if (database.poolStats()) {
    pool('zalik_db_pool_total', 'Connections the pool holds (PostgreSQL)', (p) => p.total);
    pool('zalik_db_pool_idle', 'Connections idle in the pool (PostgreSQL)', (p) => p.idle);
    pool('zalik_db_pool_waiting', 'Requests waiting for a pooled connection (PostgreSQL)', (p) => p.waiting);
    pool('zalik_db_pool_max', 'Connections the pool may open (PostgreSQL)', (p) => p.max);
  }

  return {
    registry,
    observeRequest(route, method, statusCode, seconds) {
      const labels = { route, method, status_class: `${Math.floor(statusCode / 100)}xx` };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    scrape: () => registry.metrics(),
  };
}
