import { sql, type SQL } from 'drizzle-orm';
import { kopecksToUah, type Withdrawal, type WithdrawalStatus } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';

/** Every SQL statement of wallets and withdrawals, with their row types and mappers. */

export interface WalletRow {
  is_dev: boolean;
  general: number | string | null;
  dev: number | string | null;
  pending: number | string;
  held: number | string;
  incoming: number | string;
  incoming_from: Date | string | null;
}

/** A user's balances, developer role, money waiting in withdraw requests and in escrow; undefined for an unknown user. */
export const walletRow = (ex: Executor, telegramId: number) =>
  row<WalletRow>(
    ex,
    sql`SELECT EXISTS (SELECT 1 FROM user_roles WHERE telegram_id = u.telegram_id AND role = 'ROLE_DEVELOPER') AS is_dev,
               (SELECT balance FROM account_balances WHERE owner_id = u.telegram_id AND kind = 'general') AS general,
               (SELECT balance FROM account_balances WHERE owner_id = u.telegram_id AND kind = 'dev') AS dev,
               (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE user_id = u.telegram_id AND status = 'PENDING') AS pending,
               (SELECT COALESCE(SUM(price), 0) FROM orders
                 WHERE buyer_id = u.telegram_id AND status IN ('IN_PROGRESS', 'DELIVERED', 'DISPUTED')) AS held,
               -- the developer's share as the release will pay it (orders' platformFee: the fee rounded half up)
               (SELECT COALESCE(SUM(price - (price * platform_fee_percent + 50) / 100), 0) FROM orders
                 WHERE developer_id = u.telegram_id AND status = 'DELIVERED') AS incoming,
               (SELECT min(accept_until) FROM orders WHERE developer_id = u.telegram_id AND status = 'DELIVERED') AS incoming_from
        FROM users u WHERE u.telegram_id = ${telegramId}`,
  );

export async function userExists(ex: Executor, telegramId: number): Promise<boolean> {
  return Boolean(await row(ex, sql`SELECT 1 AS one FROM users WHERE telegram_id = ${telegramId}`));
}

export interface WithdrawalRow {
  id: number | string;
  user_id: number | string;
  username: string;
  idempotency_key: string;
  card_number: string;
  card_last4: string;
  amount: number | string;
  fee: number | string;
  payout: number | string;
  status: WithdrawalStatus;
  created_at: Date | string;
  resolved_at: Date | string | null;
  details_type: 'CARD' | 'CRYPTO';
  details_masked: string | null;
  reason: string | null;
  deadline_at: Date | string | null;
}

const SELECT = sql`SELECT w.*, u.username FROM withdrawals w JOIN users u ON u.telegram_id = w.user_id`;
export const maskCard = (last4: string) => `•••• ${last4}`;

/** What anyone but the admin paying a pending request sees of where it goes. */
export const maskedDetails = (r: Pick<WithdrawalRow, 'details_masked' | 'card_last4'>) => r.details_masked ?? maskCard(r.card_last4);

/**
 * `reveal` opens the stored card or address: admins pay a pending request by hand; everyone
 * else, and everyone once it is resolved, sees it masked.
 */
export function toWithdrawal(r: WithdrawalRow, reveal?: (stored: string) => string): Withdrawal {
  return {
    id: String(r.id),
    user: { telegramId: String(r.user_id), username: r.username },
    cardNumber: reveal && r.status === 'PENDING' ? reveal(r.card_number) : maskedDetails(r),
    cardLast4: r.card_last4,
    amount: kopecksToUah(Number(r.amount)),
    fee: kopecksToUah(Number(r.fee)),
    payout: kopecksToUah(Number(r.payout)),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at).toISOString(),
    paymentDetailsType: r.details_type === 'CRYPTO' ? 'CRYPTO' : 'BANK_CARD',
    reason: r.reason,
    deadlineAt: r.deadline_at === null ? null : new Date(r.deadline_at).toISOString(),
  };
}

export const withdrawalById = (ex: Executor, id: number) => row<WithdrawalRow>(ex, sql`${SELECT} WHERE w.id = ${id}`);

export const withdrawalByKey = (ex: Executor, userId: number, key: string) =>
  row<WithdrawalRow>(ex, sql`${SELECT} WHERE w.user_id = ${userId} AND w.idempotency_key = ${key}`);

export async function withdrawalExists(ex: Executor, id: number): Promise<boolean> {
  return Boolean(await row(ex, sql`SELECT 1 AS one FROM withdrawals WHERE id = ${id}`));
}

/**
 * PENDING -> `status` by a conditional UPDATE, forgetting the sealed card or address; false when
 * the request is not pending (resolved before, by another admin or the timeout at the same
 * moment), missing, or (`dueOnly`, the timeout) not past its deadline yet.
 */
export async function markResolved(
  ex: Executor,
  id: number,
  change: { status: 'PAID' | 'REJECTED'; adminId: number | null; reason: string | null; dueOnly?: boolean },
): Promise<boolean> {
  const r = await row(
    ex,
    sql`UPDATE withdrawals SET status = ${change.status}, resolved_at = now(), resolved_by = ${change.adminId}, reason = ${change.reason},
               card_number = COALESCE(details_masked, '•••• ' || card_last4)
        WHERE id = ${id} AND status = 'PENDING' ${change.dueOnly ? sql`AND deadline_at <= now()` : sql``} RETURNING id`,
  );
  return Boolean(r);
}

/** Everyone holding ROLE_ADMIN who is not banned. */
export async function adminRoleHolders(ex: Executor): Promise<number[]> {
  const found = await rows<{ telegram_id: number | string }>(
    ex,
    sql`SELECT r.telegram_id FROM user_roles r JOIN users u ON u.telegram_id = r.telegram_id
        WHERE r.role = 'ROLE_ADMIN' AND NOT u.is_banned`,
  );
  return found.map((r) => Number(r.telegram_id));
}

export interface WithdrawalFilter {
  status?: WithdrawalStatus;
  userId?: number;
  page: number;
  limit: number;
}

export function listWithdrawalRows(ex: Executor, f: WithdrawalFilter): Promise<WithdrawalRow[]> {
  const where: SQL[] = [sql`TRUE`];
  if (f.status) where.push(sql`w.status = ${f.status}`);
  if (f.userId !== undefined) where.push(sql`w.user_id = ${f.userId}`);
  return rows<WithdrawalRow>(
    ex,
    sql`${SELECT} WHERE ${sql.join(where, sql` AND `)}
        ORDER BY w.created_at DESC, w.id DESC LIMIT ${f.limit} OFFSET ${f.page * f.limit}`,
  );
}

/** Where a page of transfers ended, in their order (created_at DESC, id DESC, outgoing first). */
export interface TransferKey {
  /** created_at as the database wrote it (microseconds: a JavaScript Date would lose them). */
  at: string;
  id: string;
  incoming: boolean;
}

/**
 * The newest `take` transfers into and out of each account `accounts` lists (rows `id, kind`),
 * with `incoming`, the account's kind as `wallet` and `at_key` (created_at as text, for a
 * TransferKey). Each direction of each account is read in its index's order
 * (`transfers_credit_time`, `transfers_debit_time`) and cut at `take`, so a page costs its own
 * rows, not the wallet's whole history: a buyer with 12 000 transfers, page 1, 15.8 ms (every row
 * read and sorted) → 0.3 ms (docs/PERFORMANCE.md). `after`: only the rows after that key (the
 * next page by keyset), where the same index starts at the key instead of at the newest row.
 */
export const newestTransfersSql = (accounts: SQL, take: number, after?: TransferKey) => {
  const since = (incoming: boolean) => {
    if (!after) return sql``;
    const key = sql`(${after.at}::timestamptz, ${after.id}::bigint)`;
    // A transfer between two of the user's own wallets is listed twice, outgoing then incoming:
    // after its outgoing row, its incoming row is still to come.
    const tie = incoming && !after.incoming ? sql`<=` : sql`<`;
    return sql`AND (t.created_at, t.id) ${tie} ${key}`;
  };
  return sql`
  SELECT t.* FROM (${accounts}) m CROSS JOIN LATERAL (
    SELECT t.id, t.kind, t.amount, t.reference, t.created_at, t.created_at::text AS at_key, TRUE AS incoming, m.kind AS wallet
    FROM transfers t WHERE t.credit_account_id = m.id ${since(true)} ORDER BY t.created_at DESC, t.id DESC LIMIT ${take}) t
  UNION ALL
  SELECT t.* FROM (${accounts}) m CROSS JOIN LATERAL (
    SELECT t.id, t.kind, t.amount, t.reference, t.created_at, t.created_at::text AS at_key, FALSE AS incoming, m.kind AS wallet
    FROM transfers t WHERE t.debit_account_id = m.id ${since(false)} ORDER BY t.created_at DESC, t.id DESC LIMIT ${take}) t`;
};
