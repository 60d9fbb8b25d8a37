import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MSG, WALLET_NAMES, kopecksToUah, type Wallet } from '@zalik/contract';
import { row, type Db, type Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { SYSTEM, post } from '../ledger/service.js';

interface WalletRow {
  is_dev: boolean;
  general: number | string | null;
  dev: number | string | null;
  pending: number | string;
}

/**
 * A user's wallets as the app shows them: general always, dev for developers (or whoever
 * still has a dev account) with what waits in withdraw requests. A wallet never paid into
 * has no account row yet and reads 0.
 */
export async function walletsOf(ex: Executor, telegramId: number): Promise<Wallet[]> {
  const r = await row<WalletRow>(
    ex,
    sql`SELECT EXISTS (SELECT 1 FROM user_roles WHERE telegram_id = u.telegram_id AND role = 'ROLE_DEVELOPER') AS is_dev,
               (SELECT balance FROM accounts WHERE owner_id = u.telegram_id AND kind = 'general') AS general,
               (SELECT balance FROM accounts WHERE owner_id = u.telegram_id AND kind = 'dev') AS dev,
               (SELECT COALESCE(SUM(amount), 0) FROM withdrawals WHERE user_id = u.telegram_id AND status = 'PENDING') AS pending
        FROM users u WHERE u.telegram_id = ${telegramId}`,
  );
  if (!r) throw notFound(MSG.userNotFound);
  const wallets: Wallet[] = [{ name: WALLET_NAMES.general, balance: kopecksToUah(Number(r.general ?? 0)), kind: 'general' }];
  if (r.is_dev || r.dev !== null) {
    wallets.push({ name: WALLET_NAMES.dev, balance: kopecksToUah(Number(r.dev ?? 0)), kind: 'dev', pending: kopecksToUah(Number(r.pending)) });
  }
  return wallets;
}

export interface DepositInput {
  adminId: number;
  userId: number;
  amountKop: number;
  /** The admin client's Idempotency-Key: the same key again returns the same result and credits once. */
  clientKey?: string;
}

/** Records an admin top-up (money that arrived in the bank jar): external:topup -> user general. */
export async function topUp(tx: Executor, input: DepositInput): Promise<boolean> {
  const exists = await row(tx, sql`SELECT 1 AS one FROM users WHERE telegram_id = ${input.userId}`);
  if (!exists) throw notFound(MSG.userNotFound);
  return post(tx, [
    {
      from: { system: SYSTEM.topup },
      to: { user: input.userId, wallet: 'general' },
      amount: input.amountKop,
      kind: 'TOPUP',
      // Scoped to the admin, so two admins' clients can never collide on a key.
      key: input.clientKey ? `topup:${input.adminId}:${input.clientKey}` : `topup:${randomUUID()}`,
      reference: `topup:admin:${input.adminId}`,
    },
  ]);
}

export async function deposit(db: Db, input: DepositInput): Promise<Wallet[]> {
  await db.transaction((tx) => topUp(tx, input));
  return walletsOf(db, input.userId);
}
