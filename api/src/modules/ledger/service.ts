import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';
import { HttpError } from '../../lib/errors.js';

export type WalletKind = 'general' | 'dev';
export const SYSTEM = {
  topup: 'external:topup',
  payout: 'external:payout',
  pendingWithdrawals: 'pending:withdrawals',
  escrow: 'escrow:orders',
  fees: 'income:fees',
  referral: 'expense:referral',
} as const;
export type SystemAccount = (typeof SYSTEM)[keyof typeof SYSTEM];

/** Where money moves: a user's wallet or a system account. */
export type AccountRef = { user: number; wallet: WalletKind } | { system: SystemAccount };

export const TRANSFER_KINDS = [
  'TOPUP',
  'PURCHASE',
  'SALE',
  'PLATFORM_FEE',
  'ESCROW_RELEASE',
  'REFUND',
  'WITHDRAWAL',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_FEE',
  'WITHDRAWAL_REJECTED',
  'REFERRAL_BONUS',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export interface Leg {
  from: AccountRef;
  to: AccountRef;
  /** Kopecks, > 0. */
  amount: number;
  kind: TransferKind;
  /** Unique for all time: the same key twice means the same transfer (see `post`). */
  key: string;
  reference?: string;
}

/** Not enough money on a user's account: the whole transaction rolls back. */
export class InsufficientFunds extends HttpError {
  constructor() {
    super(400, MSG.insufficientFunds);
  }
}

const codeOf = (a: AccountRef): string => ('system' in a ? a.system : `user:${a.user}:${a.wallet}`);

/** Opens a user's wallet if it is not there yet (idempotent). */
export async function ensureWallet(ex: Executor, user: number, wallet: WalletKind): Promise<void> {
  await ex.execute(sql`
    INSERT INTO accounts (code, owner_id, kind) VALUES (${`user:${user}:${wallet}`}, ${user}, ${wallet})
    ON CONFLICT (code) DO NOTHING`);
}

/**
 * Posts legs atomically inside the caller's transaction.
 *
 * - Accounts are locked in id order before anything moves, so two transactions touching
 *   the same accounts never deadlock.
 * - A debit of a user account is a conditional UPDATE (`balance >= amount`); if it matches
 *   no row the buyer lacks the money and InsufficientFunds rolls everything back. There is
 *   no read-decide-write of a balance anywhere.
 * - Each leg's key is UNIQUE in `transfers`: posting a leg whose key exists moves nothing
 *   and returns false for the batch, so a retried operation never moves money twice.
 *   A batch is all new or all already posted; a half-posted batch cannot exist because
 *   the legs of one batch commit together.
 */
export async function post(tx: Executor, legs: Leg[]): Promise<boolean> {
  if (legs.length === 0) return true;
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) throw new Error(`bad transfer amount ${leg.amount}`);
  }
  const codes = [...new Set(legs.flatMap((l) => [codeOf(l.from), codeOf(l.to)]))];
  for (const l of legs) {
    for (const a of [l.from, l.to]) if ('user' in a) await ensureWallet(tx, a.user, a.wallet);
  }
  const locked = await rows<{ id: number; code: string }>(
    tx,
    sql`SELECT id, code FROM accounts WHERE code IN (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )}) ORDER BY id FOR UPDATE`,
  );
  const idOf = new Map(locked.map((r) => [r.code, r.id]));

  let fresh = 0;
  for (const leg of legs) {
    const debit = idOf.get(codeOf(leg.from))!;
    const credit = idOf.get(codeOf(leg.to))!;
    const inserted = await row<{ id: number }>(
      tx,
      sql`INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference)
          VALUES (${leg.key}, ${debit}, ${credit}, ${leg.amount}, ${leg.kind}, ${leg.reference ?? ''})
          ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    );
    if (!inserted) continue;
    fresh++;
    const debited = await row<{ id: number }>(
      tx,
      sql`UPDATE accounts SET balance = balance - ${leg.amount}
          WHERE id = ${debit} AND (owner_id IS NULL OR balance >= ${leg.amount}) RETURNING id`,
    );
    if (!debited) throw new InsufficientFunds();
    await tx.execute(sql`UPDATE accounts SET balance = balance + ${leg.amount} WHERE id = ${credit}`);
  }
  if (fresh !== 0 && fresh !== legs.length) throw new Error('a transfer batch was partly posted before');
  return fresh === legs.length;
}

/** A user's wallet balances in kopecks (0 for a wallet not opened yet). */
export async function balances(ex: Executor, user: number): Promise<Record<WalletKind, number | null>> {
  const found = await rows<{ kind: WalletKind; balance: number }>(
    ex,
    sql`SELECT kind, balance FROM accounts WHERE owner_id = ${user}`,
  );
  const by = Object.fromEntries(found.map((r) => [r.kind, Number(r.balance)]));
  return { general: by.general ?? 0, dev: by.dev ?? null };
}
