import { randomUUID } from 'node:crypto';
import { MSG, withdrawSplit, type Withdrawal, type WithdrawalStatus } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { withdrawalRequestedText, withdrawalResolvedText } from '../../bot/texts.js';
import { enqueue } from '../outbox/enqueue.js';
import { IdempotencyConflict, InsufficientFunds, SYSTEM, post, type Leg } from '../ledger/service.js';
import {
  adminRoleHolders,
  insertWithdrawal,
  listWithdrawalRows,
  markResolved,
  maskCard,
  toWithdrawal,
  withdrawalById,
  withdrawalByKey,
  withdrawalExists,
} from './queries.js';

/** Admins to tell about a new request: the configured ones and everyone holding ROLE_ADMIN (not banned). */
async function adminChats(tx: Executor, configured: ReadonlySet<string>): Promise<number[]> {
  const found = await adminRoleHolders(tx);
  return [...new Set([...[...configured].map(Number), ...found])].sort((a, b) => a - b);
}

export interface WithdrawInput {
  userId: number;
  /** Digits only, Luhn-checked by the caller. */
  card: string;
  amountKop: number;
  clientKey?: string;
  /** Admin chat ids to notify; null in the demo seed. */
  adminIds: ReadonlySet<string> | null;
}

/**
 * Creates a PENDING withdrawal and moves its whole amount dev -> pending:withdrawals in the
 * same transaction, so the money can be neither spent nor requested twice while an admin
 * pays. A retry with the same key returns the first request.
 */
export async function requestWithdrawal(tx: Executor, input: WithdrawInput): Promise<Withdrawal> {
  const { feeKop, payoutKop } = withdrawSplit(input.amountKop);
  if (payoutKop <= 0) throw badRequest(MSG.withdrawTooSmall);
  const key = input.clientKey ?? randomUUID();
  const id = await insertWithdrawal(tx, {
    userId: input.userId,
    key,
    card: input.card,
    amountKop: input.amountKop,
    feeKop,
    payoutKop,
  });
  if (id === undefined) {
    const old = (await withdrawalByKey(tx, input.userId, key))!;
    if (Number(old.amount) !== input.amountKop || old.card_last4 !== input.card.slice(-4)) throw new IdempotencyConflict(key);
    return toWithdrawal(old, false);
  }
  try {
    await post(tx, [
      {
        from: { user: input.userId, wallet: 'dev' },
        to: { system: SYSTEM.pendingWithdrawals },
        amount: input.amountKop,
        kind: 'WITHDRAWAL',
        key: `withdrawal:${id}:hold`,
        reference: `withdrawal:${id}`,
      },
    ]);
  } catch (e) {
    // The caller's transaction rolls back with it, taking the withdrawals row along.
    if (e instanceof InsufficientFunds) throw badRequest(MSG.withdrawInsufficient);
    throw e;
  }
  const w = toWithdrawal((await withdrawalById(tx, id))!, false);
  if (input.adminIds) {
    const text = withdrawalRequestedText({
      id: w.id,
      username: w.user.username,
      telegramId: w.user.telegramId,
      amountUah: w.amount,
      feeUah: w.fee,
      payoutUah: w.payout,
      card: w.cardNumber,
    });
    for (const chatId of await adminChats(tx, input.adminIds)) {
      await enqueue(tx, { kind: 'withdrawal_requested', chatId, text, openApp: true, dedupeKey: `withdrawal_requested:${id}:${chatId}` });
    }
  }
  return w;
}

/**
 * PAID: pending -> external:payout (payout) and pending -> income:fees (fee).
 * REJECTED: pending -> the developer's dev wallet (the whole amount).
 * The status flips by a conditional UPDATE, so of two admins resolving at once exactly one
 * moves money; the other is refused. Once resolved, the full card number is no longer kept.
 * The developer's bot message is queued in the same transaction: sent once, only if it commits
 * (not in the demo seed, whose past requests nobody should be told about now).
 */
export async function resolveWithdrawal(
  tx: Executor,
  id: number,
  status: 'PAID' | 'REJECTED',
  adminId: number,
  opts: { notify: boolean } = { notify: true },
): Promise<Withdrawal> {
  if (!(await markResolved(tx, id, status, adminId))) {
    throw (await withdrawalExists(tx, id)) ? conflict(MSG.withdrawalResolved) : notFound(MSG.withdrawalNotFound);
  }
  const full = (await withdrawalById(tx, id))!;
  const from = { system: SYSTEM.pendingWithdrawals } as const;
  const reference = `withdrawal:${id}`;
  const legs: Leg[] =
    status === 'PAID'
      ? ([
          { from, to: { system: SYSTEM.payout }, amount: Number(full.payout), kind: 'WITHDRAWAL_PAID', key: `withdrawal:${id}:paid`, reference },
          { from, to: { system: SYSTEM.fees }, amount: Number(full.fee), kind: 'WITHDRAWAL_FEE', key: `withdrawal:${id}:fee`, reference },
        ] satisfies Leg[]).filter((l) => l.amount > 0)
      : [
          {
            from,
            to: { user: Number(full.user_id), wallet: 'dev' },
            amount: Number(full.amount),
            kind: 'WITHDRAWAL_REJECTED',
            key: `withdrawal:${id}:rejected`,
            reference,
          },
        ];
  await post(tx, legs);
  const resolved = toWithdrawal(full, true);
  if (!opts.notify) return resolved;
  await enqueue(tx, {
    kind: 'withdrawal_resolved',
    chatId: Number(full.user_id),
    text: withdrawalResolvedText({
      id: resolved.id,
      status,
      amountUah: resolved.amount,
      feeUah: resolved.fee,
      payoutUah: resolved.payout,
      card: maskCard(full.card_last4),
    }),
    openApp: true,
    dedupeKey: `withdrawal_resolved:${id}`,
  });
  return resolved;
}

export async function listWithdrawals(
  ex: Executor,
  opts: { status?: WithdrawalStatus; userId?: number; page: number; limit: number },
): Promise<Withdrawal[]> {
  const found = await listWithdrawalRows(ex, opts);
  // A developer's own list never carries the full number, not even their own.
  return found.map((r) => toWithdrawal(r, opts.userId === undefined));
}
