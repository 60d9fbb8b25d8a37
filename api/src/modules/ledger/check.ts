import { sql } from 'drizzle-orm';
import { row, rows, type Db, type Executor } from '../../db/client.js';
import {
  accountNets,
  emptyPointNets,
  insertPoint,
  lastKeyThrough,
  lockPoints,
  newestPoint,
  settledThrough,
  transfersAfter,
} from './check.queries.js';
import { SYSTEM } from './service.js';

export interface LedgerReport {
  ok: boolean;
  problems: string[];
  accounts: number;
  transfers: number;
  /** `full`: every transfer was read; `incremental`: those after the newest verified point. */
  mode: 'full' | 'incremental';
  /** W of the point the check started from (0 in full mode). */
  from: number;
  /** How many transfers it read (all of them in full mode). */
  read: number;
  /** The point this check wrote (clean ledger, `recordThrough` past `from`), else null. */
  recorded: number | null;
  /** What the operator should know besides problems (the point refused, not advanced...). */
  notes: string[];
}

export interface CheckOptions {
  /** Start from the newest verified point when there is a sound one (default: read every transfer). */
  incremental?: boolean;
  /**
   * Record a new point through this transfer id if the ledger is clean. It must come from
   * `settledThrough`, taken before the caller's snapshot, and the caller must run the check in
   * one REPEATABLE READ transaction that began with `lockPoints` (see the script).
   */
  recordThrough?: number | null;
}

const n = (v: number | string | null | undefined) => Number(v ?? 0);

/**
 * Verifies the ledger's invariants (docs/LEDGER.md):
 * 1. the balances sum to zero (money is only moved, never made or lost);
 * 2. every user wallet's cached balance (its row plus its stripes) equals the sum of its
 *    transfers, and no system account caches one (theirs is derived from their transfers);
 * 3. no user account is negative;
 * 4. the system accounts match the business rows they stand for: `pending:withdrawals` =
 *    the PENDING withdrawals, `escrow:orders` = the orders not closed yet (IN_PROGRESS, DELIVERED,
 *    DISPUTED), `external:payout` = what PAID withdrawals sent to cards, `external:stars` = minus
 *    what PAID Stars top-ups credited, `external:monobank` = the bank payments credited (matched to
 *    a request or credited by an admin), each by its own transfer; what a referral bonus taken
 *    back says was taken equals its REFERRAL_CLAWBACK transfers.
 * Each account's net is the verified point's plus the transfers after it (incremental), or all
 * its transfers (full). Read in one REPEATABLE READ snapshot by the caller if writes may run
 * meanwhile (see the script).
 */
export async function checkLedger(ex: Executor, opts: CheckOptions = {}): Promise<LedgerReport> {
  const problems: string[] = [];
  const notes: string[] = [];
  let point = opts.incremental ? await newestPoint(ex) : null;
  // Transfers are immutable, so the newest one through W is still there with its key; if not, the
  // table was emptied or replaced under the point, whose nets then describe other transfers.
  if (point && (await lastKeyThrough(ex, point.through)) !== point.lastKey) {
    notes.push(`the verified point through transfer ${point.through} no longer matches the transfers: checked in full`);
    point = null;
  }
  const from = point?.through ?? 0;
  const record = opts.recordThrough != null && opts.recordThrough > from ? opts.recordThrough : null;
  if (record !== null) {
    await ex.execute(sql`SAVEPOINT ledger_point`);
    if (!point) await emptyPointNets(ex);
  }

  const nets = await accountNets(ex, { from, fromPoint: point !== null, recordThrough: record });
  const counted = await transfersAfter(ex, from, record ?? from);

  // A system account's stored balance must stay 0 and it has no stripes (CHECKs and ledger_post
  // see to both); its balance is what its transfers add up to. A user wallet's is its row plus its stripes.
  const systemBalance = new Map<string, number>();
  for (const a of nets.accounts) {
    if (a.owner_id === null) {
      systemBalance.set(a.code, n(a.computed));
      if (n(a.balance) !== 0) problems.push(`account ${a.code}: balance ${n(a.balance)} but its transfers add up to 0`);
    } else {
      problems.push(`account ${a.code}: balance ${n(a.balance)} but its transfers add up to ${n(a.computed)}`);
    }
  }
  const sum = nets.usersHold + [...systemBalance.values()].reduce((a, b) => a + b, 0);
  if (sum !== 0) problems.unshift(`balances sum to ${sum} kopecks, not 0`);

  const negative = await rows<{ code: string; balance: number | string }>(
    ex,
    sql`SELECT code, balance FROM accounts WHERE owner_id IS NOT NULL AND balance < 0 ORDER BY id`,
  );
  for (const neg of negative) problems.push(`user account ${neg.code} is negative: ${n(neg.balance)}`);

  const system = (code: string) => systemBalance.get(code) ?? 0;
  const held = await row<Record<'pending_rows' | 'escrow_rows' | 'payout_rows', number | string>>(
    ex,
    sql`SELECT (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE status = 'PENDING') AS pending_rows,
               (SELECT COALESCE(SUM(price), 0) FROM orders WHERE status IN ('IN_PROGRESS', 'DELIVERED', 'DISPUTED')) AS escrow_rows,
               (SELECT COALESCE(SUM(payout), 0) FROM withdrawals WHERE status = 'PAID') AS payout_rows`,
  );
  if (system(SYSTEM.pendingWithdrawals) !== n(held?.pending_rows)) {
    problems.push(`${SYSTEM.pendingWithdrawals} holds ${system(SYSTEM.pendingWithdrawals)} kopecks but PENDING withdrawals add up to ${n(held?.pending_rows)}`);
  }
  if (system(SYSTEM.escrow) !== n(held?.escrow_rows)) {
    problems.push(`${SYSTEM.escrow} holds ${system(SYSTEM.escrow)} kopecks but open orders (in progress, delivered, disputed) add up to ${n(held?.escrow_rows)}`);
  }
  if (system(SYSTEM.payout) !== n(held?.payout_rows)) {
    problems.push(`${SYSTEM.payout} holds ${system(SYSTEM.payout)} kopecks but PAID withdrawals sent ${n(held?.payout_rows)} to cards`);
  }

  // A refunded (or refunding) Stars top-up nets to zero: only the PAID ones are money that came in as Stars.
  const stars = await row<{ paid: number | string }>(
    ex,
    sql`SELECT (SELECT COALESCE(SUM(credited), 0) FROM deposit_requests WHERE provider = 'TELEGRAM_STARS' AND status = 'PAID') AS paid`,
  );
  if (system(SYSTEM.stars) !== -n(stars?.paid)) {
    problems.push(`${SYSTEM.stars} holds ${system(SYSTEM.stars)} kopecks but PAID Stars top-ups credited ${n(stars?.paid)}`);
  }

  // Every hryvnia that left external:monobank is a jar statement item credited once, and the reverse.
  const bank = await row<{ items: number | string; uncredited: number | string }>(
    ex,
    sql`SELECT (SELECT COALESCE(SUM(amount), 0) FROM bank_payments WHERE deposit_request_id IS NOT NULL OR credited_user_id IS NOT NULL) AS items,
               (SELECT COUNT(*) FROM bank_payments b WHERE (b.deposit_request_id IS NOT NULL OR b.credited_user_id IS NOT NULL)
                  AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.idempotency_key IN ('deposit:MONOBANK:' || b.id, 'bank-payment:' || b.id) AND t.amount = b.amount)) AS uncredited`,
  );
  if (-system(SYSTEM.monobank) !== n(bank?.items)) {
    problems.push(`${SYSTEM.monobank} paid out ${-system(SYSTEM.monobank)} kopecks but credited bank payments add up to ${n(bank?.items)}`);
  }
  if (n(bank?.uncredited) > 0) problems.push(`${n(bank?.uncredited)} matched or credited bank payments have no transfer of their amount`);

  // A bonus taken back moved exactly what its row says was taken, by REFERRAL_CLAWBACK transfers of that inviter.
  const clawbacks = await row<{ off: number | string }>(
    ex,
    sql`SELECT count(*) AS off FROM referral_clawbacks c
        WHERE c.taken <> COALESCE((SELECT SUM(t.amount) FROM transfers t
                                   WHERE t.kind = 'REFERRAL_CLAWBACK' AND t.reference = 'referral:' || c.inviter_id), 0)`,
  );
  if (n(clawbacks?.off) > 0) problems.push(`${n(clawbacks?.off)} referral bonuses taken back differ from their REFERRAL_CLAWBACK transfers`);

  // The tutor keeps what its questions cost, less each refund: exactly the questions not refunded,
  // and every refunded question was paid back in full.
  const tutor = await row<{ kept: number | string; unpaid: number | string }>(
    ex,
    sql`SELECT (SELECT COALESCE(SUM(price), 0) FROM explanation_questions WHERE status <> 'REFUNDED') AS kept,
               (SELECT count(*) FROM explanation_questions q WHERE q.status = 'REFUNDED' AND q.price > 0
                  AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.idempotency_key = 'explanation:' || q.id || ':refund' AND t.amount = q.price)) AS unpaid`,
  );
  if (system(SYSTEM.explanations) !== n(tutor?.kept)) {
    problems.push(`${SYSTEM.explanations} holds ${system(SYSTEM.explanations)} kopecks but questions not refunded cost ${n(tutor?.kept)}`);
  }
  if (n(tutor?.unpaid) > 0) problems.push(`${n(tutor?.unpaid)} refunded explanation questions have no refund transfer`);

  // The invitation reads what friends spent from users.done_spend (migration 0063): it must be
  // exactly what their DONE orders charged.
  const spend = await row<{ off: number | string }>(
    ex,
    sql`SELECT count(*) AS off FROM users u
        LEFT JOIN (SELECT buyer_id, sum(price) AS total FROM orders WHERE status = 'DONE' GROUP BY buyer_id) s ON s.buyer_id = u.telegram_id
        WHERE u.done_spend <> COALESCE(s.total, 0)`,
  );
  if (n(spend?.off) > 0) problems.push(`${n(spend?.off)} users' done_spend differs from what their DONE orders charged`);

  const ok = problems.length === 0;
  let recorded: number | null = null;
  if (record !== null) {
    // The nets were moved to `record` by the statement above: kept only for a clean ledger.
    if (ok) {
      await insertPoint(ex, {
        through: record,
        transfers: (point?.transfers ?? 0) + counted.upto,
        lastKey: await lastKeyThrough(ex, record),
        mode: point ? 'INCREMENTAL' : 'FULL',
      });
      recorded = record;
    } else {
      await ex.execute(sql`ROLLBACK TO SAVEPOINT ledger_point`);
    }
    await ex.execute(sql`RELEASE SAVEPOINT ledger_point`);
  }
  return {
    ok,
    problems,
    accounts: nets.accountCount,
    transfers: (point?.transfers ?? 0) + counted.read,
    mode: point ? 'incremental' : 'full',
    from,
    read: counted.read,
    recorded,
    notes,
  };
}

/** How long a check waits for posting transactions still open before it keeps the old point. */
export const POINT_WAIT_MS = 30_000;

/**
 * The whole `npm run ledger:check`: the barrier, then one REPEATABLE READ transaction that reads
 * every invariant in one snapshot (safe while the server runs) and, when clean, records the new
 * point. Incremental unless `full` or no sound point exists.
 */
export async function runLedgerCheck(db: Db, opts: { full?: boolean; waitMs?: number } = {}): Promise<LedgerReport> {
  const settled = await settledThrough(db, opts.waitMs ?? POINT_WAIT_MS);
  const report = await db.transaction(
    async (tx) => {
      await lockPoints(tx);
      return checkLedger(tx, { incremental: !opts.full, recordThrough: settled.through });
    },
    { isolationLevel: 'repeatable read' },
  );
  if (settled.through === null) {
    report.notes.push(
      settled.open > 0
        ? `the verified point was not moved: ${settled.open} transactions posting transfers were still open after ${Math.round((opts.waitMs ?? POINT_WAIT_MS) / 1000)} s`
        : 'the verified point was not moved: the transfer id sequence caches ids per session, so no id is known to be settled',
    );
  }
  return report;
}
