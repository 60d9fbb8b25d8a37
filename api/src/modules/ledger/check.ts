import { sql } from 'drizzle-orm';
import { row, rows, type Executor } from '../../db/client.js';
import { SYSTEM } from './service.js';

export interface LedgerReport {
  ok: boolean;
  problems: string[];
  accounts: number;
  transfers: number;
}

const n = (v: number | string | null | undefined) => Number(v ?? 0);

/**
 * Verifies the ledger's invariants (docs/LEDGER.md):
 * 1. the balances sum to zero (money is only moved, never made or lost);
 * 2. every user wallet's cached balance (its row plus its stripes) equals the sum of its
 *    transfers, and no system account caches one (theirs is derived from their transfers,
 *    view `account_balances`);
 * 3. no user account is negative;
 * 4. the system accounts match the business rows they stand for: `pending:withdrawals` =
 *    the PENDING withdrawals, `escrow:orders` = the orders not closed yet (IN_PROGRESS, DELIVERED,
 *    DISPUTED), `external:payout` = what PAID withdrawals sent to cards, `external:stars` = minus
 *    what PAID Stars top-ups credited, `external:monobank` = the bank payments credited (matched to
 *    a request or credited by an admin), each by its own transfer; what a referral bonus taken
 *    back says was taken equals its REFERRAL_CLAWBACK transfers.
 * Read in one REPEATABLE READ snapshot by the caller if writes may run meanwhile (see the script).
 */
export async function checkLedger(ex: Executor): Promise<LedgerReport> {
  const problems: string[] = [];
  const totals = await row<{ sum: number | string | null; accounts: number | string; transfers: number | string }>(
    ex,
    sql`SELECT (SELECT COALESCE(SUM(balance), 0) FROM account_balances) AS sum,
               (SELECT COUNT(*) FROM accounts) AS accounts,
               (SELECT COUNT(*) FROM transfers) AS transfers`,
  );
  if (n(totals?.sum) !== 0) problems.push(`balances sum to ${n(totals?.sum)} kopecks, not 0`);

  // A system account's stored balance must stay 0 and it has no stripes (CHECKs and ledger_post
  // see to both): 0 is what its transfers "add up to" here. A user wallet's is its row plus its stripes.
  const drift = await rows<{ code: string; balance: number | string; computed: number | string }>(
    ex,
    sql`WITH moved AS (
          SELECT credit_account_id AS id, amount FROM transfers
          UNION ALL
          SELECT debit_account_id, -amount FROM transfers
        ), net AS (SELECT id, SUM(amount) AS computed FROM moved GROUP BY id),
        striped AS (SELECT account_id AS id, SUM(amount) AS amount FROM account_stripes GROUP BY account_id),
        stored AS (SELECT a.id, a.code, a.balance + COALESCE(s.amount, 0) AS balance, a.owner_id FROM accounts a LEFT JOIN striped s ON s.id = a.id)
        SELECT a.code, a.balance, CASE WHEN a.owner_id IS NULL THEN 0 ELSE COALESCE(net.computed, 0) END AS computed
        FROM stored a LEFT JOIN net ON net.id = a.id
        WHERE a.balance <> CASE WHEN a.owner_id IS NULL THEN 0 ELSE COALESCE(net.computed, 0) END
        ORDER BY a.id`,
  );
  for (const d of drift) {
    problems.push(`account ${d.code}: balance ${n(d.balance)} but its transfers add up to ${n(d.computed)}`);
  }

  const negative = await rows<{ code: string; balance: number | string }>(
    ex,
    sql`SELECT code, balance FROM accounts WHERE owner_id IS NOT NULL AND balance < 0 ORDER BY id`,
  );
  for (const neg of negative) problems.push(`user account ${neg.code} is negative: ${n(neg.balance)}`);

  const system = (code: string) => sql`(SELECT COALESCE(SUM(balance), 0) FROM account_balances WHERE code = ${code})`;
  const held = await row<Record<'pending' | 'pending_rows' | 'escrow' | 'escrow_rows' | 'payout' | 'payout_rows', number | string>>(
    ex,
    sql`SELECT ${system(SYSTEM.pendingWithdrawals)} AS pending,
               (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE status = 'PENDING') AS pending_rows,
               ${system(SYSTEM.escrow)} AS escrow,
               (SELECT COALESCE(SUM(price), 0) FROM orders WHERE status IN ('IN_PROGRESS', 'DELIVERED', 'DISPUTED')) AS escrow_rows,
               ${system(SYSTEM.payout)} AS payout,
               (SELECT COALESCE(SUM(payout), 0) FROM withdrawals WHERE status = 'PAID') AS payout_rows`,
  );
  if (n(held?.pending) !== n(held?.pending_rows)) {
    problems.push(`${SYSTEM.pendingWithdrawals} holds ${n(held?.pending)} kopecks but PENDING withdrawals add up to ${n(held?.pending_rows)}`);
  }
  if (n(held?.escrow) !== n(held?.escrow_rows)) {
    problems.push(`${SYSTEM.escrow} holds ${n(held?.escrow)} kopecks but open orders (in progress, delivered, disputed) add up to ${n(held?.escrow_rows)}`);
  }
  if (n(held?.payout) !== n(held?.payout_rows)) {
    problems.push(`${SYSTEM.payout} holds ${n(held?.payout)} kopecks but PAID withdrawals sent ${n(held?.payout_rows)} to cards`);
  }

  // A refunded (or refunding) Stars top-up nets to zero: only the PAID ones are money that came in as Stars.
  const stars = await row<{ stars: number | string; paid: number | string }>(
    ex,
    sql`SELECT ${system(SYSTEM.stars)} AS stars,
               (SELECT COALESCE(SUM(credited), 0) FROM deposit_requests WHERE provider = 'TELEGRAM_STARS' AND status = 'PAID') AS paid`,
  );
  if (n(stars?.stars) !== -n(stars?.paid)) {
    problems.push(`${SYSTEM.stars} holds ${n(stars?.stars)} kopecks but PAID Stars top-ups credited ${n(stars?.paid)}`);
  }

  // Every hryvnia that left external:monobank is a jar statement item credited once, and the reverse.
  const bank = await row<{ ledger: number | string; items: number | string; uncredited: number | string }>(
    ex,
    sql`SELECT -${system(SYSTEM.monobank)} AS ledger,
               (SELECT COALESCE(SUM(amount), 0) FROM bank_payments WHERE deposit_request_id IS NOT NULL OR credited_user_id IS NOT NULL) AS items,
               (SELECT COUNT(*) FROM bank_payments b WHERE (b.deposit_request_id IS NOT NULL OR b.credited_user_id IS NOT NULL)
                  AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.idempotency_key IN ('deposit:MONOBANK:' || b.id, 'bank-payment:' || b.id) AND t.amount = b.amount)) AS uncredited`,
  );
  if (n(bank?.ledger) !== n(bank?.items)) {
    problems.push(`${SYSTEM.monobank} paid out ${n(bank?.ledger)} kopecks but credited bank payments add up to ${n(bank?.items)}`);
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
  const tutor = await row<{ held: number | string; kept: number | string; unpaid: number | string }>(
    ex,
    sql`SELECT ${system(SYSTEM.explanations)} AS held,
               (SELECT COALESCE(SUM(price), 0) FROM explanation_questions WHERE status <> 'REFUNDED') AS kept,
               (SELECT count(*) FROM explanation_questions q WHERE q.status = 'REFUNDED' AND q.price > 0
                  AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.idempotency_key = 'explanation:' || q.id || ':refund' AND t.amount = q.price)) AS unpaid`,
  );
  if (n(tutor?.held) !== n(tutor?.kept)) {
    problems.push(`${SYSTEM.explanations} holds ${n(tutor?.held)} kopecks but questions not refunded cost ${n(tutor?.kept)}`);
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

  return { ok: problems.length === 0, problems, accounts: n(totals?.accounts), transfers: n(totals?.transfers) };
}
