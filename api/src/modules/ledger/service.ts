import { sql, type SQL } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';
import { HttpError } from '../../lib/errors.js';
import { SQL_STATES, sqlState } from '../../db/errors.js';
import { settleDebtsOfCredited } from './debts.js';

export type WalletKind = 'general' | 'dev';
export const SYSTEM = {
  topup: 'external:topup',
  payout: 'external:payout',
  pendingWithdrawals: 'pending:withdrawals',
  escrow: 'escrow:orders',
  fees: 'income:fees',
  referral: 'expense:referral',
  /** Money that came in as Telegram Stars (a deposit request paid by invoice). */
  stars: 'external:stars',
  /** Money that came into the bank jar and was matched by the statement reader or an admin. */
  monobank: 'external:monobank',
  /** What students paid for the tutor's answers (docs/EXPLANATIONS.md). */
  explanations: 'income:explanations',
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
  'DEPOSIT',
  'DEPOSIT_REFUND',
  /** Telegram refused a Stars refund: the DEPOSIT_REFUND debit goes back to the wallet. */
  'DEPOSIT_REFUND_UNDONE',
  /** A referral bonus taken back after the spending that earned it was refunded (docs/LEDGER.md). */
  'REFERRAL_CLAWBACK',
  /** A question to an order's tutor, and its refund when no answer was stored (docs/EXPLANATIONS.md). */
  'EXPLANATION',
  'EXPLANATION_REFUND',
  /**
   * A developer cancelled an order after its money was released: what it paid into their dev
   * wallet goes back to the buyer, and so does the platform's fee (docs/LEDGER.md).
   */
  'SALE_REVERSAL',
  'FEE_REVERSAL',
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

/** Not enough money on a user's account: the whole batch is undone. */
export class InsufficientFunds extends HttpError {
  constructor() {
    super(400, MSG.insufficientFunds);
  }
}

/** A leg's key was already used for a different movement of money: a caller bug or a reused client key. */
export class IdempotencyConflict extends HttpError {
  constructor(readonly key: string) {
    super(409, MSG.idempotencyKeyReused);
  }
}

export const accountCode = (a: AccountRef): string => ('system' in a ? a.system : `user:${a.user}:${a.wallet}`);

/**
 * Opens a user's wallet if it is not there yet (idempotent). A wallet nobody has paid into
 * yet simply does not exist: readers treat it as 0.
 */
export async function ensureWallet(ex: Executor, user: number, wallet: WalletKind): Promise<void> {
  await ex.execute(sql`
    INSERT INTO accounts (code, owner_id, kind) VALUES (${`user:${user}:${wallet}`}, ${user}, ${wallet})
    ON CONFLICT DO NOTHING`);
}

/** The legs as `ledger_post` takes them (migration 0022): accounts by code. */
function legsJson(legs: Leg[]): string {
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) throw new Error(`bad transfer amount ${leg.amount}`);
    if (accountCode(leg.from) === accountCode(leg.to)) throw new Error(`transfer ${leg.key} moves money to its own account`);
  }
  if (new Set(legs.map((l) => l.key)).size !== legs.length) throw new Error('two legs of one batch share a key');
  return JSON.stringify(
    legs.map((l) => ({ key: l.key, from: accountCode(l.from), to: accountCode(l.to), amount: l.amount, kind: l.kind, reference: l.reference ?? '' })),
  );
}

/**
 * The call that posts `legs`, as an SQL expression (true: posted now; false: all posted
 * before), for a statement that writes other tables in the same breath (a purchase). Its
 * failures abort that statement; `ledgerFailure` names them.
 */
export function postSql(legs: Leg[]): SQL {
  return sql`ledger_post(${legsJson(legs)}::jsonb)`;
}

/** The ledger's own refusal that failed a statement calling `postSql`, or null for any other failure. */
export function ledgerFailure(err: unknown): InsufficientFunds | IdempotencyConflict | Error | null {
  const e = sqlState(err);
  if (e?.code === SQL_STATES.insufficientFunds) return new InsufficientFunds();
  if (e?.code === SQL_STATES.keyConflict) return new IdempotencyConflict(e.message);
  if (e?.code === SQL_STATES.partlyPosted) return new Error(e.message);
  return null;
}

/**
 * Posts legs atomically inside the caller's transaction, in one round trip (`ledger_post`,
 * migrations/functions/ledger.sql, its live definition, where each rule is spelled out).
 * Returns true when the legs were posted now, false when every leg had been posted before (a
 * retry: nothing moves).
 *
 * - Only the user accounts the batch debits are locked, in id order, before anything moves, so
 *   two transactions touching the same accounts never deadlock; a credit of a user account goes
 *   to one of its stripes and locks nothing (docs/LEDGER.md, "Why credits go to stripes").
 * - A debit of a user account is a conditional UPDATE of its row (`balance >= amount`), tried
 *   again with its stripes folded in when the row alone is short; if that matches no row the
 *   payer lacks the money: InsufficientFunds.
 *   There is no read-decide-write of a balance anywhere; the CHECK constraint is the backstop.
 * - System accounts are neither locked nor updated: their balance is the sum of their
 *   transfers (view `account_balances`), so the escrow every purchase pays into is not a
 *   row every purchase waits for (migration 0011, docs/LEDGER.md).
 * - Each leg's key is UNIQUE in `transfers`. A key posted before moves nothing; it must
 *   describe the same movement (accounts, amount, kind), else IdempotencyConflict. A batch
 *   is all new or all posted before: a partly posted batch is a caller bug and throws.
 * - A refusal (InsufficientFunds, IdempotencyConflict) leaves nothing of the batch, even when
 *   the caller catches it and commits: the function undoes its own writes on the server.
 */
export async function post(tx: Executor, legs: Leg[]): Promise<boolean> {
  if (legs.length === 0) return true;
  let outcome: string;
  try {
    outcome = (await row<{ outcome: string }>(tx, sql`SELECT ledger_try_post(${legsJson(legs)}::jsonb) AS outcome`))!.outcome;
  } catch (err) {
    throw ledgerFailure(err) ?? err;
  }
  if (outcome === 'insufficient') throw new InsufficientFunds();
  if (outcome.startsWith('conflict:')) throw new IdempotencyConflict(outcome.slice('conflict:'.length));
  if (outcome !== 'posted') return false;
  // Money paid into a wallet that owes a bonus taken back pays that debt first, in the same transaction.
  await settleDebtsOfCredited(tx, legs, post);
  return true;
}

/** A user's wallet balances in kopecks (0 for a wallet not opened yet). */
export async function balances(ex: Executor, user: number): Promise<Record<WalletKind, number | null>> {
  const found = await rows<{ kind: WalletKind; balance: number }>(
    ex,
    sql`SELECT kind, balance FROM account_balances WHERE owner_id = ${user}`,
  );
  const by = Object.fromEntries(found.map((r) => [r.kind, Number(r.balance)]));
  return { general: by.general ?? 0, dev: by.dev ?? null };
}
