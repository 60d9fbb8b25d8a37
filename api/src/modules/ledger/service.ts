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
  /** Money that came in as Telegram Stars (a deposit request paid by invoice). */
  stars: 'external:stars',
  /** Money that came into the bank jar and was matched by the statement reader or an admin. */
  monobank: 'external:monobank',
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

const USER_CODE = /^user:(\d+):(general|dev)$/;
const isUserCode = (code: string) => USER_CODE.test(code);

/**
 * Posts legs atomically inside the caller's transaction. Returns true when the legs were
 * posted now, false when every leg had been posted before (a retry: nothing moves).
 *
 * - The batch runs in a savepoint: if it throws (InsufficientFunds, IdempotencyConflict),
 *   nothing of it remains even when the caller catches the error and commits.
 * - The user accounts of the batch are locked in id order before anything moves, so two
 *   transactions touching the same accounts never deadlock.
 * - A debit of a user account is a conditional UPDATE (`balance >= amount`); if it matches
 *   no row the payer lacks the money and InsufficientFunds undoes the batch. There is no
 *   read-decide-write of a balance anywhere; the CHECK constraint is the backstop.
 * - System accounts are neither locked nor updated: their balance is the sum of their
 *   transfers (view `account_balances`), so the escrow every purchase pays into is not a
 *   row every purchase waits for (migration 0011, docs/LEDGER.md).
 * - Each leg's key is UNIQUE in `transfers`. A key posted before moves nothing; it must
 *   describe the same movement (accounts, amount, kind), else IdempotencyConflict. A batch
 *   is all new or all posted before: a partly posted batch is a caller bug and throws.
 */
export async function post(tx: Executor, legs: Leg[]): Promise<boolean> {
  if (legs.length === 0) return true;
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) throw new Error(`bad transfer amount ${leg.amount}`);
    if (accountCode(leg.from) === accountCode(leg.to)) throw new Error(`transfer ${leg.key} moves money to its own account`);
  }
  if (new Set(legs.map((l) => l.key)).size !== legs.length) throw new Error('two legs of one batch share a key');
  return tx.transaction(async (sp) => {
    const codes = [...new Set(legs.flatMap((l) => [accountCode(l.from), accountCode(l.to)]))];
    let idOf = await lockAccounts(sp, codes);
    const unopened = codes.filter((c) => !idOf.has(c) && isUserCode(c));
    if (unopened.length) {
      for (const code of unopened) {
        const [, user, wallet] = USER_CODE.exec(code)!;
        await ensureWallet(sp, Number(user), wallet as WalletKind);
      }
      idOf = await lockAccounts(sp, codes);
    }
    const missing = codes.filter((c) => !idOf.has(c));
    if (missing.length) throw new Error(`no such account: ${missing.join(', ')}`);

    let fresh = 0;
    for (const leg of legs) {
      const debit = idOf.get(accountCode(leg.from))!;
      const credit = idOf.get(accountCode(leg.to))!;
      const inserted = await row<{ id: number }>(
        sp,
        sql`INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference)
            VALUES (${leg.key}, ${debit}, ${credit}, ${leg.amount}, ${leg.kind}, ${leg.reference ?? ''})
            ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      );
      if (!inserted) {
        await assertSameTransfer(sp, leg, debit, credit);
        continue;
      }
      fresh++;
      if (!('system' in leg.from)) {
        const debited = await row<{ id: number }>(
          sp,
          sql`UPDATE accounts SET balance = balance - ${leg.amount} WHERE id = ${debit} AND balance >= ${leg.amount} RETURNING id`,
        );
        if (!debited) throw new InsufficientFunds();
      }
      if (!('system' in leg.to)) await sp.execute(sql`UPDATE accounts SET balance = balance + ${leg.amount} WHERE id = ${credit}`);
    }
    if (fresh !== 0 && fresh !== legs.length) throw new Error('a transfer batch was partly posted before');
    return fresh === legs.length;
  });
}

/** Ids of the accounts by code, the user ones locked FOR UPDATE in id order (one round trip). */
async function lockAccounts(ex: Executor, codes: string[]): Promise<Map<string, number>> {
  const list = (cs: string[]) => (cs.length ? sql.join(cs.map((c) => sql`${c}`), sql`, `) : sql`NULL`);
  const found = await rows<{ id: number | string; code: string }>(
    ex,
    sql`WITH locked AS (SELECT id, code FROM accounts WHERE code IN (${list(codes.filter(isUserCode))}) ORDER BY id FOR UPDATE)
        SELECT id, code FROM locked
        UNION ALL
        SELECT id, code FROM accounts WHERE code IN (${list(codes.filter((c) => !isUserCode(c)))})`,
  );
  return new Map(found.map((r) => [r.code, Number(r.id)]));
}

async function assertSameTransfer(ex: Executor, leg: Leg, debit: number, credit: number): Promise<void> {
  const old = await row<{ debit_account_id: number | string; credit_account_id: number | string; amount: number | string; kind: string }>(
    ex,
    sql`SELECT debit_account_id, credit_account_id, amount, kind FROM transfers WHERE idempotency_key = ${leg.key}`,
  );
  const same =
    old &&
    Number(old.debit_account_id) === debit &&
    Number(old.credit_account_id) === credit &&
    Number(old.amount) === leg.amount &&
    old.kind === leg.kind;
  if (!same) throw new IdempotencyConflict(leg.key);
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
