import { recordAudit } from '../audit/index.js';
import { randomUUID } from 'node:crypto';
import { MSG, WITHDRAW_WARN_BEFORE_HOURS, kopecksToUah, maskDetails, withdrawSplit, type Withdrawal, type WithdrawalStatus } from '@zalik/contract';
import type { PayoutsConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import type { JobRegistry } from '../../jobs/registry.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isSealed, seal, unseal } from '../../lib/seal.js';
import { enqueue, withdrawalResolvedText } from '../outbox/index.js';
import { IdempotencyConflict, InsufficientFunds, SYSTEM, post, type Leg } from '../ledger/index.js';
import { listWithdrawalRows, markResolved, maskedDetails, toWithdrawal, withdrawalById, withdrawalByKey, withdrawalExists } from './queries.js';
import { insertRequest, type DetailsKind } from './payouts.queries.js';
import { ANNOUNCE_JOB, TIMEOUT_JOB, WARN_JOB } from './job-names.js';

/** What the withdrawal rules need besides the transaction. */
export interface PayoutEnv {
  jobs: JobRegistry;
  payouts: PayoutsConfig;
}

/** Opens a stored card or address for an admin; requests made before sealing hold it in clear. */
export const revealer = (key: Buffer) => (stored: string) => (isSealed(stored) ? unseal(key, stored) : stored);

export interface WithdrawInput {
  userId: number;
  /** Where to pay, in clear (checked by the caller): the saved details, or the card an older client typed. */
  details: { type: DetailsKind; value: string };
  amountKop: number;
  clientKey?: string;
  /** false in the demo seed: its past requests are nobody's news. */
  announce?: boolean;
}

/**
 * Creates a PENDING withdrawal and moves its whole amount dev -> pending:withdrawals in the
 * same transaction, so the money can be neither spent nor requested twice while an admin
 * pays. The second open request of a developer is refused by a unique index, so racing
 * requests make one. A retry with the same key returns the first request. The timeout, the
 * admins' warning before it and the batched notice are scheduled in the same transaction.
 */
export async function requestWithdrawal(tx: Executor, env: PayoutEnv, input: WithdrawInput): Promise<Withdrawal> {
  const { minKop, timeoutHours, detailsKey } = env.payouts;
  if (input.amountKop < minKop) throw badRequest(MSG.withdrawBelowMin(kopecksToUah(minKop)));
  const { feeKop, payoutKop } = withdrawSplit(input.amountKop);
  if (payoutKop <= 0) throw badRequest(MSG.withdrawTooSmall);
  const key = input.clientKey ?? randomUUID();
  const { type, value } = input.details;
  const inserted = await insertRequest(tx, {
    userId: input.userId,
    key,
    sealed: seal(detailsKey, value),
    last4: value.slice(-4),
    masked: maskDetails(type === 'CARD' ? 'BANK_CARD' : 'CRYPTO', value),
    type,
    amountKop: input.amountKop,
    feeKop,
    payoutKop,
    timeoutHours,
  });
  if (!inserted) {
    const old = await withdrawalByKey(tx, input.userId, key);
    if (!old) throw conflict(MSG.withdrawOpenExists);
    if (Number(old.amount) !== input.amountKop || old.card_last4 !== value.slice(-4)) throw new IdempotencyConflict(key);
    return toWithdrawal(old);
  }
  const id = Number(inserted.id);
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
  await scheduleDeadline(env.jobs, tx, id, new Date(inserted.deadline_at));
  if (input.announce !== false) {
    // Many requests in the window make one pending notice (same key).
    const runAt = new Date(Date.now() + env.payouts.noticeMinutes * 60_000);
    await env.jobs.schedule(tx, ANNOUNCE_JOB, { key: 'next', runAt });
  }
  return toWithdrawal((await withdrawalById(tx, id))!);
}

/** A pending request's timeout at `deadline`, and the admins' warning before it when there is time for one. */
export async function scheduleDeadline(jobs: JobRegistry, tx: Executor, id: number, deadline: Date): Promise<void> {
  await jobs.schedule(tx, TIMEOUT_JOB, { key: String(id), runAt: deadline, payload: { id } });
  const warnAt = new Date(deadline.getTime() - WITHDRAW_WARN_BEFORE_HOURS * 3_600_000);
  if (warnAt.getTime() > Date.now()) await jobs.schedule(tx, WARN_JOB, { key: String(id), runAt: warnAt, payload: { id } });
}

export interface Resolution {
  status: 'PAID' | 'REJECTED';
  /** null: the timeout. */
  adminId: number | null;
  reason?: string | null;
  /** The timeout: only once the deadline has passed. */
  dueOnly?: boolean;
}

/**
 * PAID: pending -> external:payout (payout) and pending -> income:fees (fee).
 * REJECTED: pending -> the developer's dev wallet (the whole amount, fee included).
 * The status flips by a conditional UPDATE, so of admins and the timeout resolving at once
 * exactly one moves money; the others are refused (the timeout gets null). Once resolved, the
 * sealed card or address is no longer kept. The developer's bot message is queued in the same
 * transaction: sent once, only if it commits (not in the demo seed).
 */
export async function resolveWithdrawal(
  tx: Executor,
  env: Pick<PayoutEnv, 'jobs'>,
  id: number,
  how: Resolution,
  opts: { notify: boolean } = { notify: true },
): Promise<Withdrawal | null> {
  const reason = how.status === 'REJECTED' ? (how.reason ?? null) : null;
  if (!(await markResolved(tx, id, { status: how.status, adminId: how.adminId, reason, dueOnly: how.dueOnly }))) {
    if (how.dueOnly) return null;
    throw (await withdrawalExists(tx, id)) ? conflict(MSG.withdrawalResolved) : notFound(MSG.withdrawalNotFound);
  }
  const full = (await withdrawalById(tx, id))!;
  const from = { system: SYSTEM.pendingWithdrawals } as const;
  const reference = `withdrawal:${id}`;
  const legs: Leg[] =
    how.status === 'PAID'
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
  await env.jobs.cancel(tx, TIMEOUT_JOB, String(id));
  await env.jobs.cancel(tx, WARN_JOB, String(id));
  const resolved = toWithdrawal(full);
  // An admin's decision is theirs to answer for; the timeout's is the rule's (its reason says so).
  if (how.adminId !== null) {
    await recordAudit(tx, {
      adminId: how.adminId,
      action: how.status === 'PAID' ? 'withdrawal.paid' : 'withdrawal.rejected',
      target: reference,
      userId: Number(full.user_id),
      before: { status: 'PENDING' },
      after: { status: how.status, amountUah: resolved.amount, payoutUah: resolved.payout, ...(reason ? { reason } : {}) },
    });
  }
  if (!opts.notify) return resolved;
  await enqueue(tx, {
    kind: 'withdrawal_resolved',
    chatId: Number(full.user_id),
    text: withdrawalResolvedText({
      id: resolved.id,
      status: how.status,
      amountUah: resolved.amount,
      feeUah: resolved.fee,
      payoutUah: resolved.payout,
      card: maskedDetails(full),
      crypto: full.details_type === 'CRYPTO',
      reason,
    }),
    openApp: true,
    dedupeKey: `withdrawal_resolved:${id}`,
  });
  return resolved;
}

export async function listWithdrawals(
  ex: Executor,
  key: Buffer,
  opts: { status?: WithdrawalStatus; userId?: number; page: number; limit: number },
): Promise<Withdrawal[]> {
  const found = await listWithdrawalRows(ex, opts);
  // A developer's own list never carries the full number, not even their own.
  const reveal = opts.userId === undefined ? revealer(key) : undefined;
  return found.map((r) => toWithdrawal(r, reveal));
}
