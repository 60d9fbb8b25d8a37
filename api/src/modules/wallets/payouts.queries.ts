import { sql } from 'drizzle-orm';
import { row, rows, type Executor } from '../../db/client.js';
import { newestTransfersSql, type TransferKey, type WithdrawalRow } from './queries.js';

/** The payout desk's SQL: saved details, wallet ids, the admins' queue, timers and the batched notice. */

export type DetailsKind = 'CARD' | 'CRYPTO';

export interface DetailsRow {
  type: DetailsKind;
  sealed: string;
  masked: string;
  network: string | null;
}

export const detailsOf = (ex: Executor, userId: number) =>
  row<DetailsRow>(ex, sql`SELECT type, sealed, masked, network FROM payout_details WHERE user_id = ${userId}`);

export async function upsertDetails(ex: Executor, userId: number, d: DetailsRow): Promise<void> {
  await ex.execute(sql`
    INSERT INTO payout_details (user_id, type, sealed, masked, network) VALUES (${userId}, ${d.type}, ${d.sealed}, ${d.masked}, ${d.network})
    ON CONFLICT (user_id) DO UPDATE SET type = EXCLUDED.type, sealed = EXCLUDED.sealed, masked = EXCLUDED.masked,
                                        network = EXCLUDED.network, updated_at = now()`);
}

/** Saves details only when none are saved yet (the older clients' withdraw call); true when it saved. */
export async function insertDetailsIfNone(ex: Executor, userId: number, d: DetailsRow): Promise<boolean> {
  const r = await row(
    ex,
    sql`INSERT INTO payout_details (user_id, type, sealed, masked, network) VALUES (${userId}, ${d.type}, ${d.sealed}, ${d.masked}, ${d.network})
        ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
  );
  return Boolean(r);
}

export interface AccountRow {
  id: number | string;
  owner_id: number | string;
  kind: 'general' | 'dev';
}

/** A user wallet's account by its id (the wallet id the newest client sends); undefined for a system account or none. */
export const walletAccount = (ex: Executor, accountId: number) =>
  row<AccountRow>(ex, sql`SELECT id, owner_id, kind FROM accounts WHERE id = ${accountId} AND owner_id IS NOT NULL`);

export interface WalletEntryRow {
  id: number | string;
  kind: 'general' | 'dev';
  balance: number | string;
}

/** A user's wallet accounts with balances (opened beforehand, so each has an id). */
export const walletEntryRows = (ex: Executor, userId: number) =>
  rows<WalletEntryRow>(ex, sql`SELECT id, kind, balance FROM account_balances WHERE owner_id = ${userId} ORDER BY kind DESC`);

export interface NewRequest {
  userId: number;
  key: string;
  sealed: string;
  last4: string;
  masked: string;
  type: DetailsKind;
  amountKop: number;
  feeKop: number;
  payoutKop: number;
  timeoutHours: number;
}

/**
 * Inserts a PENDING request with its deadline on the database's clock; undefined when the
 * user's key was used before or the user already has an open request (both unique indexes).
 */
export async function insertRequest(ex: Executor, w: NewRequest): Promise<{ id: number; deadline_at: Date | string } | undefined> {
  return row<{ id: number; deadline_at: Date | string }>(
    ex,
    sql`INSERT INTO withdrawals (user_id, idempotency_key, card_number, card_last4, details_type, details_masked, amount, fee, payout, deadline_at)
        VALUES (${w.userId}, ${w.key}, ${w.sealed}, ${w.last4}, ${w.type}, ${w.masked}, ${w.amountKop}, ${w.feeKop}, ${w.payoutKop},
                now() + ${w.timeoutHours} * interval '1 hour')
        ON CONFLICT DO NOTHING RETURNING id, deadline_at`,
  );
}

export async function openRequestOf(ex: Executor, userId: number): Promise<boolean> {
  return Boolean(await row(ex, sql`SELECT 1 AS one FROM withdrawals WHERE user_id = ${userId} AND status = 'PENDING'`));
}

const SELECT = sql`SELECT w.*, u.username, u.photo FROM withdrawals w JOIN users u ON u.telegram_id = w.user_id`;

export type QueueRow = WithdrawalRow & { photo: string };

/** Pending requests, oldest first. */
export const queueRows = (ex: Executor, page: number, limit: number) =>
  rows<QueueRow>(ex, sql`${SELECT} WHERE w.status = 'PENDING' ORDER BY w.created_at, w.id LIMIT ${limit} OFFSET ${page * limit}`);

/** A request still pending whose deadline has come, or its deadline when not yet. */
export const pendingDeadline = (ex: Executor, id: number) =>
  row<{ deadline_at: Date | string | null; due: boolean }>(
    ex,
    sql`SELECT deadline_at, deadline_at <= now() AS due FROM withdrawals WHERE id = ${id} AND status = 'PENDING'`,
  );

/** Claims the pending requests no admin notice named yet, in the caller's transaction (one being resolved right now is skipped: it needs no notice). */
export const claimUnannounced = (ex: Executor) =>
  rows<WithdrawalRow>(
    ex,
    sql`UPDATE withdrawals w SET announced_at = now() FROM users u
        WHERE u.telegram_id = w.user_id AND w.announced_at IS NULL AND w.id IN (
          SELECT id FROM withdrawals WHERE announced_at IS NULL AND status = 'PENDING' ORDER BY id FOR UPDATE SKIP LOCKED)
        RETURNING w.*, u.username`,
  );

/** Legacy pending requests whose card is still in clear, a batch at a time. */
export const clearCards = (ex: Executor) =>
  rows<{ id: number | string; card_number: string }>(
    ex,
    sql`SELECT id, card_number FROM withdrawals WHERE status = 'PENDING' AND card_number NOT LIKE 'v1:%' ORDER BY id LIMIT 200 FOR UPDATE`,
  );

/**
 * Gives each pending request made before deadlines existed its own: `timeoutHours` after it was
 * made, but never sooner than `leadHours` from now, so admins still get their warning first.
 */
export const setLegacyDeadlines = (ex: Executor, timeoutHours: number, leadHours: number) =>
  rows<{ id: number | string; deadline_at: Date | string }>(
    ex,
    sql`UPDATE withdrawals
        SET deadline_at = GREATEST(created_at + ${timeoutHours} * interval '1 hour', now() + ${leadHours} * interval '1 hour')
        WHERE status = 'PENDING' AND deadline_at IS NULL
        RETURNING id, deadline_at`,
  );

export async function setSealedCard(ex: Executor, id: number, sealed: string): Promise<void> {
  await ex.execute(sql`UPDATE withdrawals SET card_number = ${sealed} WHERE id = ${id} AND status = 'PENDING'`);
}

export interface FeedRow {
  id: number | string;
  kind: string;
  amount: number | string;
  created_at: Date | string;
  at_key: string;
  incoming: boolean;
  task_title: string | null;
  w_status: 'PENDING' | 'PAID' | 'REJECTED' | null;
  w_reason: string | null;
  w_masked: string | null;
  other_id: number | string | null;
  other_username: string | null;
  other_photo: string | null;
}

/**
 * A page of one wallet's transfers, newest first (ties by id), one row more than `limit` so
 * the caller knows whether it is the last. The other side of an order (the buyer of a sale,
 * the developer of a purchase) and the state of a withdrawal are joined for the page only.
 * `after`: the previous page's last row, read from there (keyset) instead of skipping `page` pages.
 */
export const feedRows = (ex: Executor, accountId: number, page: number, limit: number, after?: TransferKey) => {
  const skip = after ? 0 : page * limit;
  return rows<FeedRow>(
    ex,
    sql`WITH page AS (
          SELECT * FROM (${newestTransfersSql(sql`SELECT id, kind FROM accounts WHERE id = ${accountId}`, skip + limit + 1, after)}) both_ways
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit + 1} OFFSET ${skip}
        )
        SELECT p.id, p.kind, p.amount, p.created_at, p.at_key, p.incoming, o.task_title,
               w.status AS w_status, w.reason AS w_reason, COALESCE(w.details_masked, '•••• ' || w.card_last4) AS w_masked,
               other.telegram_id AS other_id, other.username AS other_username, other.photo AS other_photo
        FROM page p
        LEFT JOIN orders o
          ON o.id = CASE WHEN p.reference ~ '^order:[0-9]{1,18}$' THEN substr(p.reference, 7)::bigint END
        LEFT JOIN withdrawals w
          ON w.id = CASE WHEN p.reference ~ '^withdrawal:[0-9]{1,18}$' THEN substr(p.reference, 12)::bigint END
        LEFT JOIN users other ON other.telegram_id = CASE WHEN p.incoming THEN o.buyer_id ELSE o.developer_id END
        ORDER BY p.created_at DESC, p.id DESC`,
  );
};

export const ownerOf = (ex: Executor, userId: number) =>
  row<{ username: string; photo: string }>(ex, sql`SELECT username, photo FROM users WHERE telegram_id = ${userId}`);
