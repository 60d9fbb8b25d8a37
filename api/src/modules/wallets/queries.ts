import { sql, type SQL } from 'drizzle-orm';
import { kopecksToUah, type Withdrawal, type WithdrawalStatus } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';

/** Every SQL statement of wallets and withdrawals, with their row types and mappers. */

export interface WalletRow {
  is_dev: boolean;
  general: number | string | null;
  dev: number | string | null;
  pending: number | string;
}

/** A user's balances, developer role and money waiting in withdraw requests; undefined for an unknown user. */
export const walletRow = (ex: Executor, telegramId: number) =>
  row<WalletRow>(
    ex,
    sql`SELECT EXISTS (SELECT 1 FROM user_roles WHERE telegram_id = u.telegram_id AND role = 'ROLE_DEVELOPER') AS is_dev,
               (SELECT balance FROM account_balances WHERE owner_id = u.telegram_id AND kind = 'general') AS general,
               (SELECT balance FROM account_balances WHERE owner_id = u.telegram_id AND kind = 'dev') AS dev,
               (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE user_id = u.telegram_id AND status = 'PENDING') AS pending
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
}

const SELECT = sql`SELECT w.*, u.username FROM withdrawals w JOIN users u ON u.telegram_id = w.user_id`;
export const maskCard = (last4: string) => `•••• ${last4}`;

/** `full` shows the stored number: admins pay a pending request by hand; everyone else sees the last 4 digits. */
export function toWithdrawal(r: WithdrawalRow, full: boolean): Withdrawal {
  return {
    id: String(r.id),
    user: { telegramId: String(r.user_id), username: r.username },
    cardNumber: full ? r.card_number : maskCard(r.card_last4),
    cardLast4: r.card_last4,
    amount: kopecksToUah(Number(r.amount)),
    fee: kopecksToUah(Number(r.fee)),
    payout: kopecksToUah(Number(r.payout)),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at).toISOString(),
  };
}

export const withdrawalById = (ex: Executor, id: number) => row<WithdrawalRow>(ex, sql`${SELECT} WHERE w.id = ${id}`);

export const withdrawalByKey = (ex: Executor, userId: number, key: string) =>
  row<WithdrawalRow>(ex, sql`${SELECT} WHERE w.user_id = ${userId} AND w.idempotency_key = ${key}`);

export async function withdrawalExists(ex: Executor, id: number): Promise<boolean> {
  return Boolean(await row(ex, sql`SELECT 1 AS one FROM withdrawals WHERE id = ${id}`));
}

export interface NewWithdrawal {
  userId: number;
  key: string;
  card: string;
  amountKop: number;
  feeKop: number;
  payoutKop: number;
}

/** Inserts a PENDING request; undefined when this user's key was used before. */
export async function insertWithdrawal(ex: Executor, w: NewWithdrawal): Promise<number | undefined> {
  const r = await row<{ id: number | string }>(
    ex,
    sql`INSERT INTO withdrawals (user_id, idempotency_key, card_number, card_last4, amount, fee, payout)
        VALUES (${w.userId}, ${w.key}, ${w.card}, ${w.card.slice(-4)}, ${w.amountKop}, ${w.feeKop}, ${w.payoutKop})
        ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
  );
  return r ? Number(r.id) : undefined;
}

/**
 * PENDING -> `status` by a conditional UPDATE, forgetting the full card number; false when the
 * request is not pending (resolved before, or by another admin at the same moment) or missing.
 */
export async function markResolved(ex: Executor, id: number, status: 'PAID' | 'REJECTED', adminId: number): Promise<boolean> {
  const r = await row(
    ex,
    sql`UPDATE withdrawals SET status = ${status}, resolved_at = now(), resolved_by = ${adminId},
               card_number = '•••• ' || card_last4
        WHERE id = ${id} AND status = 'PENDING' RETURNING id`,
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
