import { recordAudit } from '../audit/index.js';
import { randomUUID } from 'node:crypto';
import { MSG, WALLET_NAMES, kopecksToUah, type Wallet } from '@zalik/contract';
import type { Db, Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { SYSTEM, post } from '../ledger/index.js';
import { userExists, walletRow } from './queries.js';

/**
 * A user's wallets as the app shows them: general always, dev for developers (or whoever
 * still has a dev account) with what waits in withdraw requests. A wallet never paid into
 * has no account row yet and reads 0.
 */
export async function walletsOf(ex: Executor, telegramId: number): Promise<Wallet[]> {
  const r = await walletRow(ex, telegramId);
  if (!r) throw notFound(MSG.userNotFound);
  const wallets: Wallet[] = [{ name: WALLET_NAMES.general, balance: kopecksToUah(Number(r.general ?? 0)), kind: 'general', held: kopecksToUah(Number(r.held)) }];
  if (r.is_dev || r.dev !== null) {
    wallets.push({
      name: WALLET_NAMES.dev,
      balance: kopecksToUah(Number(r.dev ?? 0)),
      kind: 'dev',
      pending: kopecksToUah(Number(r.pending)),
      incoming: kopecksToUah(Number(r.incoming)),
      incomingFrom: r.incoming_from === null ? null : new Date(r.incoming_from).toISOString(),
    });
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
  if (!(await userExists(tx, input.userId))) throw notFound(MSG.userNotFound);
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

/** An admin's top-up, recorded in the audit trail once (a repeated Idempotency-Key posts and records nothing). */
export async function deposit(db: Db, input: DepositInput): Promise<Wallet[]> {
  await db.transaction(async (tx) => {
    if (!(await topUp(tx, input))) return;
    await recordAudit(tx, {
      adminId: input.adminId,
      action: 'wallet.topup',
      target: `wallet:${input.userId}:general`,
      userId: input.userId,
      after: { amountUah: kopecksToUah(input.amountKop) },
    });
  });
  return walletsOf(db, input.userId);
}
