import { sql } from 'drizzle-orm';
import { row, rows, type Executor } from '../../db/client.js';

/** The ledger check's SQL: each account's net from a verified point, the point itself, and the barrier that chooses it. */

export interface LedgerPoint {
  id: number;
  /** W: every transfer with id <= W was committed (or never will be) when the point was written. */
  through: number;
  /** How many transfers have id <= W. */
  transfers: number;
  lastKey: string | null;
  verifiedAt: Date;
}

export async function newestPoint(ex: Executor): Promise<LedgerPoint | null> {
  const r = await row<{ id: string | number; through_id: string | number; transfers: string | number; last_key: string | null; verified_at: Date | string }>(
    ex,
    sql`SELECT id, through_id, transfers, last_key, verified_at FROM ledger_points ORDER BY through_id DESC, id DESC LIMIT 1`,
  );
  if (!r) return null;
  return { id: Number(r.id), through: Number(r.through_id), transfers: Number(r.transfers), lastKey: r.last_key, verifiedAt: new Date(r.verified_at) };
}

/** The key of the newest transfer with id <= `through` (null when there is none). */
export async function lastKeyThrough(ex: Executor, through: number): Promise<string | null> {
  const r = await row<{ key: string }>(ex, sql`SELECT idempotency_key AS key FROM transfers WHERE id <= ${through} ORDER BY id DESC LIMIT 1`);
  return r?.key ?? null;
}

export interface AccountNet {
  code: string;
  owner_id: string | number | null;
  /** what the account caches: its row plus its stripes (a system account must cache 0) */
  balance: string | number;
  /** credits - debits of all its transfers: the point's net plus those read after it */
  computed: string | number;
}

export interface Nets {
  /** every system account, and every user account whose cached balance differs from its transfers */
  accounts: AccountNet[];
  /** what all user accounts cache (rows plus stripes) */
  usersHold: number;
  accountCount: number;
}

/**
 * Each account's net against what it caches, in one pass over the accounts. Reads the transfers
 * with id > `from` (a range of the primary key) and adds them to the nets of the point when
 * `fromPoint`; otherwise `from` is 0 and every transfer is read. With `recordThrough` (> `from`)
 * the same statement also moves the point's nets to that id: in full mode into an emptied table,
 * incrementally by adding what moved in (from, recordThrough]. A data-modifying CTE runs once
 * whatever reads it, and the rest of the statement still sees the nets as they were. The last
 * row (code NULL) carries the totals.
 */
export async function accountNets(ex: Executor, opts: { from: number; fromPoint: boolean; recordThrough: number | null }): Promise<Nets> {
  const { from, fromPoint, recordThrough } = opts;
  const record =
    recordThrough === null
      ? sql``
      : sql`, recorded AS (
          INSERT INTO ledger_point_nets (account_id, net)
          SELECT id, upto FROM delta WHERE moved_upto
          ON CONFLICT (account_id) DO UPDATE SET net = ledger_point_nets.net + EXCLUDED.net
          RETURNING 1)`;
  const upto = recordThrough ?? from;
  const found = await rows<AccountNet & { id: string | number | null }>(
    ex,
    sql`WITH moved AS (
          SELECT credit_account_id AS id, amount, id AS tid FROM transfers WHERE id > ${from}
          UNION ALL
          SELECT debit_account_id, -amount, id FROM transfers WHERE id > ${from}
        ), delta AS (
          SELECT id, SUM(amount) AS net, COALESCE(SUM(amount) FILTER (WHERE tid <= ${upto}), 0) AS upto,
                 bool_or(tid <= ${upto}) AS moved_upto
          FROM moved GROUP BY id
        ), base AS (
          SELECT account_id AS id, net FROM ledger_point_nets WHERE ${fromPoint}
        ), striped AS (
          SELECT account_id AS id, SUM(amount) AS amount FROM account_stripes GROUP BY account_id
        ), stored AS (
          SELECT a.id, a.code, a.owner_id, a.balance + COALESCE(s.amount, 0) AS balance,
                 COALESCE(b.net, 0) + COALESCE(d.net, 0) AS computed
          FROM accounts a LEFT JOIN striped s ON s.id = a.id LEFT JOIN base b ON b.id = a.id LEFT JOIN delta d ON d.id = a.id
        )${record}
        SELECT id, code, owner_id, balance, computed FROM stored
        WHERE owner_id IS NULL OR balance <> computed
        UNION ALL
        SELECT NULL, NULL, NULL, COALESCE(SUM(balance) FILTER (WHERE owner_id IS NOT NULL), 0), count(*) FROM stored
        ORDER BY 1 NULLS LAST`,
  );
  const totals = found.pop();
  return { accounts: found, usersHold: Number(totals?.balance ?? 0), accountCount: Number(totals?.computed ?? 0) };
}

/** How many transfers have id > `from`, and how many of them id <= `upto`. */
export async function transfersAfter(ex: Executor, from: number, upto: number): Promise<{ read: number; upto: number }> {
  const r = await row<{ read: string | number; upto: string | number }>(
    ex,
    sql`SELECT count(*) AS read, count(*) FILTER (WHERE id <= ${upto}) AS upto FROM transfers WHERE id > ${from}`,
  );
  return { read: Number(r?.read ?? 0), upto: Number(r?.upto ?? 0) };
}

export const emptyPointNets = (ex: Executor) => ex.execute(sql`DELETE FROM ledger_point_nets`);

export async function insertPoint(ex: Executor, p: { through: number; transfers: number; lastKey: string | null; mode: 'FULL' | 'INCREMENTAL' }): Promise<void> {
  await ex.execute(sql`INSERT INTO ledger_points (through_id, transfers, last_key, mode) VALUES (${p.through}, ${p.transfers}, ${p.lastKey}, ${p.mode})`);
}

/**
 * Two checks that record points take turns: the second waits for the first to commit and then
 * starts from its point. Must be the transaction's first statement: a REPEATABLE READ
 * transaction takes its snapshot at its first query, and LOCK is not one.
 */
export const lockPoints = (ex: Executor) => ex.execute(sql`LOCK TABLE ledger_points IN EXCLUSIVE MODE`);

/**
 * The barrier (docs/LEDGER.md, "The verified point"): a transfer id S such that every transfer
 * with id <= S has committed or never will. S is the sequence's last value read first; every
 * transaction that drew an id <= S did so inside an INSERT into transfers, holding that table's
 * RowExclusiveLock from before it drew until it ends, so it is among the holders listed after
 * reading S. Once none of those is left, none can commit an id <= S any more. Returns null when
 * some are still open after `waitMs`. Runs outside the check's transaction (its snapshot must be
 * taken after the wait), on any connection: the caller's own holds no lock on transfers.
 */
export async function settledThrough(ex: Executor, waitMs: number, pollMs = 50): Promise<{ through: number | null; open: number }> {
  const seq = await row<{ last: string | number | null; cache: string | number }>(
    ex,
    sql`SELECT last_value AS last, cache_size AS cache FROM pg_sequences
        WHERE schemaname = current_schema() AND sequencename = 'transfers_id_seq'`,
  );
  // A session caching ids could hand out one <= S after the wait: no barrier holds then.
  if (!seq || Number(seq.cache) !== 1) return { through: null, open: 0 };
  const holders = sql`SELECT DISTINCT virtualtransaction FROM pg_locks
                      WHERE locktype = 'relation' AND relation = 'transfers'::regclass
                        AND mode = 'RowExclusiveLock' AND granted AND pid IS DISTINCT FROM pg_backend_pid()`;
  const open = (await rows<{ virtualtransaction: string }>(ex, holders)).map((h) => h.virtualtransaction);
  const deadline = Date.now() + waitMs;
  let left = open.length;
  while (left > 0) {
    if (Date.now() >= deadline) return { through: null, open: left };
    await new Promise((r) => setTimeout(r, pollMs));
    const still = await row<{ n: string | number }>(
      ex,
      sql`SELECT count(*) AS n FROM (${holders}) h WHERE h.virtualtransaction = ANY(${`{${open.join(',')}}`}::text[])`,
    );
    left = Number(still?.n ?? 0);
  }
  return { through: Number(seq.last ?? 0), open: 0 };
}
