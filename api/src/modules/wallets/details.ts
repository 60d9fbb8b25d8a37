import {
  CRYPTO_NETWORKS,
  MSG,
  detailsProblem,
  kopecksToUah,
  maskDetails,
  normalizeDetails,
  type PaymentDetailsType,
  type PayoutRules,
  type WalletEntry,
  WITHDRAW_FEE_PERCENT,
} from '@zalik/contract';
import type { PayoutsConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { seal, unseal } from '../../lib/seal.js';
import { ensureWallet } from '../ledger/index.js';
import { walletRow } from './queries.js';
import { detailsOf, upsertDetails, walletAccount, walletEntryRows, type DetailsKind, type DetailsRow } from './payouts.queries.js';

const kindOf = (type: PaymentDetailsType): DetailsKind => (type === 'BANK_CARD' ? 'CARD' : 'CRYPTO');
const typeOf = (kind: DetailsKind): PaymentDetailsType => (kind === 'CARD' ? 'BANK_CARD' : 'CRYPTO');

/** Details as stored: sealed, with their masked form. `value` is already checked and normalised. */
export function sealedDetails(cfg: PayoutsConfig, type: PaymentDetailsType, value: string): DetailsRow {
  return {
    type: kindOf(type),
    sealed: seal(cfg.detailsKey, value),
    masked: maskDetails(type, value),
    network: type === 'CRYPTO' ? cfg.cryptoNetwork : null,
  };
}

/**
 * A user's wallets as the newest client reads them. Each needs an id, so the wallets are
 * opened here if nobody paid into them yet (idempotent): general always, dev for developers
 * and for whoever still has a dev account.
 */
export async function walletEntries(db: Db, telegramId: number): Promise<WalletEntry[]> {
  return db.transaction(async (tx) => {
    const w = await walletRow(tx, telegramId);
    if (!w) throw notFound(MSG.userNotFound);
    await ensureWallet(tx, telegramId, 'general');
    if (w.is_dev) await ensureWallet(tx, telegramId, 'dev');
    const details = await detailsOf(tx, telegramId);
    return (await walletEntryRows(tx, telegramId)).map((r) => {
      const dev = r.kind === 'dev';
      return {
        id: String(r.id),
        walletType: dev ? 'DEVELOPER' : 'DEFAULT',
        balance: kopecksToUah(Number(r.balance)),
        paymentDetails: dev && details ? details.masked : null,
        paymentDetailsType: dev && details ? typeOf(details.type) : null,
        ...(dev ? { pending: kopecksToUah(Number(w.pending)) } : {}),
      } satisfies WalletEntry;
    });
  });
}

/**
 * The caller's dev wallet by the id a client sent. Someone else's wallet reads as not found
 * (ids are not secrets, but nothing is told about them); the general wallet is refused.
 */
export async function ownDevWallet(ex: Executor, walletId: number, userId: number): Promise<void> {
  const account = await walletAccount(ex, walletId);
  if (!account || Number(account.owner_id) !== userId) throw notFound(MSG.walletNotFound);
  if (account.kind !== 'dev') throw badRequest(MSG.walletNotDev);
}

export async function saveDetails(
  db: Db,
  cfg: PayoutsConfig,
  input: { userId: number; walletId: number; type: PaymentDetailsType; value: string },
): Promise<WalletEntry> {
  const problem = detailsProblem(input.type, input.value, cfg.cryptoNetwork);
  if (problem) throw badRequest(problem);
  await db.transaction(async (tx) => {
    await ownDevWallet(tx, input.walletId, input.userId);
    await upsertDetails(tx, input.userId, sealedDetails(cfg, input.type, normalizeDetails(input.type, input.value)));
  });
  return (await walletEntries(db, input.userId)).find((w) => w.walletType === 'DEVELOPER')!;
}

/** The saved details in clear, to be sealed again into a request; refused when none are saved. */
export async function savedDetails(ex: Executor, cfg: PayoutsConfig, userId: number): Promise<{ type: DetailsKind; value: string }> {
  const d = await detailsOf(ex, userId);
  if (!d) throw badRequest(MSG.payoutDetailsMissing);
  return { type: d.type, value: unseal(cfg.detailsKey, d.sealed) };
}

export function payoutRules(cfg: PayoutsConfig): PayoutRules {
  return {
    minAmount: kopecksToUah(cfg.minKop),
    feePercent: WITHDRAW_FEE_PERCENT,
    cryptoNetwork: cfg.cryptoNetwork,
    cryptoNetworkLabel: CRYPTO_NETWORKS[cfg.cryptoNetwork].label,
    timeoutHours: cfg.timeoutHours,
  };
}
