import { sql } from 'drizzle-orm';
import { KYIV_DAY_START } from '../../db/kyiv.js';
import { row, rows, type Executor } from '../../db/client.js';
import { SYSTEM } from '../ledger/index.js';

type Num = number | string;

/** Everything `/metrics` reads of the whole deployment, in one round trip. */
export interface DeploymentFigures {
  /** Kopecks the escrow holds: the price of every order not closed yet (the ledger check keeps the two equal). */
  escrowKop: number;
  overdueOrders: number;
  disputedOrders: number;
  pendingWithdrawals: number;
  pendingWithdrawalsKop: number;
  pendingDeposits: number;
  /** Fees the platform earned since Kyiv midnight, in kopecks. */
  revenueTodayKop: number;
  outboxBacklog: number;
  outboxOldestSeconds: number;
  outboxSentLastMinute: number;
  blockedUsers: number;
  inboxBacklog: number;
  inboxFailed: number;
  inboxOldestSeconds: number;
}

interface FiguresRow {
  escrow: Num;
  overdue: Num;
  disputed: Num;
  withdrawals: Num;
  withdrawals_sum: Num;
  deposits: Num;
  revenue: Num;
  outbox: Num;
  outbox_oldest: Num;
  outbox_sent: Num;
  blocked: Num;
  inbox: Num;
  inbox_failed: Num;
  inbox_oldest: Num;
}

export async function deploymentFigures(ex: Executor): Promise<DeploymentFigures> {
  const r = (await row<FiguresRow>(
    ex,
    sql`SELECT (SELECT COALESCE(SUM(price), 0) FROM orders WHERE status IN ('IN_PROGRESS', 'DELIVERED', 'DISPUTED')) AS escrow,
               (SELECT count(*) FROM orders WHERE status = 'IN_PROGRESS' AND deadline_at < now()) AS overdue,
               (SELECT count(*) FROM orders WHERE status = 'DISPUTED') AS disputed,
               (SELECT count(*) FROM withdrawals WHERE status = 'PENDING') AS withdrawals,
               (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE status = 'PENDING') AS withdrawals_sum,
               (SELECT count(*) FROM deposit_requests WHERE status = 'PENDING' AND expires_at > now()) AS deposits,
               (SELECT COALESCE(SUM(t.amount), 0) FROM transfers t
                 WHERE t.credit_account_id = (SELECT id FROM accounts WHERE code = ${SYSTEM.fees})
                   AND t.created_at >= ${KYIV_DAY_START}) AS revenue,
               o.backlog AS outbox, o.oldest AS outbox_oldest,
               (SELECT count(*) FROM outbox WHERE sent_at > now() - interval '1 minute') AS outbox_sent,
               (SELECT count(*) FROM users WHERE bot_blocked_at IS NOT NULL) AS blocked,
               i.backlog AS inbox, i.failed AS inbox_failed, i.oldest AS inbox_oldest
        FROM (SELECT count(*) AS backlog, COALESCE(floor(extract(epoch FROM now() - min(created_at))), 0) AS oldest
              FROM outbox WHERE sent_at IS NULL AND gave_up_at IS NULL) o,
             (SELECT count(*) FILTER (WHERE failed_at IS NULL) AS backlog,
                     count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed,
                     COALESCE(floor(extract(epoch FROM now() - min(received_at) FILTER (WHERE failed_at IS NULL))), 0) AS oldest
              FROM bot_inbox WHERE processed_at IS NULL) i`,
  ))!;
  return {
    escrowKop: Number(r.escrow),
    overdueOrders: Number(r.overdue),
    disputedOrders: Number(r.disputed),
    pendingWithdrawals: Number(r.withdrawals),
    pendingWithdrawalsKop: Number(r.withdrawals_sum),
    pendingDeposits: Number(r.deposits),
    revenueTodayKop: Number(r.revenue),
    outboxBacklog: Number(r.outbox),
    outboxOldestSeconds: Number(r.outbox_oldest),
    outboxSentLastMinute: Number(r.outbox_sent),
    blockedUsers: Number(r.blocked),
    inboxBacklog: Number(r.inbox),
    inboxFailed: Number(r.inbox_failed),
    inboxOldestSeconds: Number(r.inbox_oldest),
  };
}

/** Per job name: due now (pending, its time come), running, failed (given up), and the oldest due job's age. */
export interface JobFigures {
  name: string;
  due: number;
  running: number;
  failed: number;
  oldestDueSeconds: number;
}

export async function jobFigures(ex: Executor): Promise<JobFigures[]> {
  const found = await rows<{ name: string; due: Num; running: Num; failed: Num; oldest: Num }>(
    ex,
    sql`SELECT name,
               count(*) FILTER (WHERE status = 'pending' AND run_at <= now()) AS due,
               count(*) FILTER (WHERE status = 'running') AS running,
               count(*) FILTER (WHERE status = 'failed') AS failed,
               COALESCE(floor(extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'pending' AND run_at <= now()))), 0) AS oldest
        FROM jobs WHERE status IN ('pending', 'running', 'failed') GROUP BY name ORDER BY name`,
  );
  return found.map((r) => ({ name: r.name, due: Number(r.due), running: Number(r.running), failed: Number(r.failed), oldestDueSeconds: Number(r.oldest) }));
}
