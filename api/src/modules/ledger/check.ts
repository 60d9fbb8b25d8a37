import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';

export interface LedgerReport {
  ok: boolean;
  problems: string[];
  accounts: number;
  transfers: number;
}

/**
 * Verifies the ledger's invariants: the balances sum to zero, every cached balance equals
 * the sum of its transfers, and no user account is negative.
 */
export async function checkLedger(ex: Executor): Promise<LedgerReport> {
  const problems: string[] = [];
  const [totals] = await rows<{ sum: number | string | null; accounts: number | string; transfers: number | string }>(
    ex,
    sql`SELECT (SELECT COALESCE(SUM(balance), 0) FROM accounts) AS sum,
               (SELECT COUNT(*) FROM accounts) AS accounts,
               (SELECT COUNT(*) FROM transfers) AS transfers`,
  );
  if (Number(totals?.sum ?? 0) !== 0) problems.push(`balances sum to ${totals?.sum} kopecks, not 0`);

  const drift = await rows<{ code: string; balance: number; computed: number }>(
    ex,
    sql`SELECT a.code, a.balance,
               COALESCE((SELECT SUM(amount) FROM transfers WHERE credit_account_id = a.id), 0)
             - COALESCE((SELECT SUM(amount) FROM transfers WHERE debit_account_id = a.id), 0) AS computed
        FROM accounts a`,
  );
  for (const d of drift) {
    if (Number(d.balance) !== Number(d.computed)) {
      problems.push(`account ${d.code}: balance ${d.balance} but transfers add up to ${d.computed}`);
    }
  }
  const negative = await rows<{ code: string; balance: number }>(
    ex,
    sql`SELECT code, balance FROM accounts WHERE owner_id IS NOT NULL AND balance < 0`,
  );
  for (const n of negative) problems.push(`user account ${n.code} is negative: ${n.balance}`);

  return { ok: problems.length === 0, problems, accounts: Number(totals?.accounts ?? 0), transfers: Number(totals?.transfers ?? 0) };
}
