import { z } from 'zod';
import { Id, IdInput, IsoDate } from './common.js';
import { WITHDRAW_REASON_MAX } from './constants.js';
import { MSG } from './messages.js';
import { isValidCard, normalizeCard } from './money.js';
import { HISTORY_MAX_LIMIT, TransactionQuery, WithdrawAmount } from './wallet.js';

/**
 * The payout desk (issue 27): saved payout details, the newest client's wallet list, its
 * withdraw call, the admins' queue, and its transactions list. Wire names are that client's
 * (`BANK_CARD`, `DEVELOPER`, `PROCESSING`...); docs/LEDGER.md maps them to the ledger's.
 */

/** On the wire the newest client says `BANK_CARD`; `CARD` is accepted as the same. */
export const PAYMENT_DETAILS_TYPES = ['BANK_CARD', 'CRYPTO'] as const;
export type PaymentDetailsType = (typeof PAYMENT_DETAILS_TYPES)[number];

/** Crypto networks a payout may go to; the server's PAYOUT_CRYPTO_NETWORK picks one. */
export const CRYPTO_NETWORKS = {
  /** A Tron address: base58, 34 characters, starting with T. */
  'USDT-TRC20': { label: 'USDT (TRC-20)', pattern: /^T[1-9A-HJ-NP-Za-km-z]{33}$/ },
  'USDT-ERC20': { label: 'USDT (ERC-20)', pattern: /^0x[0-9a-fA-F]{40}$/ },
} as const;
export type CryptoNetwork = keyof typeof CRYPTO_NETWORKS;
export const CRYPTO_NETWORK_NAMES = Object.keys(CRYPTO_NETWORKS) as CryptoNetwork[];

export function isCryptoAddress(network: CryptoNetwork, address: string): boolean {
  return CRYPTO_NETWORKS[network].pattern.test(address);
}

/** Payout details as typed: a card loses its spaces, an address its surrounding blanks. */
export function normalizeDetails(type: PaymentDetailsType, value: string): string {
  return type === 'BANK_CARD' ? normalizeCard(value) : value.trim();
}

/** The refusal for details that do not fit their type, or null when they are fine. */
export function detailsProblem(type: PaymentDetailsType, value: string, network: CryptoNetwork): string | null {
  const v = normalizeDetails(type, value);
  if (v === '') return MSG.payoutDetailsEmpty;
  if (type === 'BANK_CARD') return isValidCard(v) ? null : MSG.cardInvalid;
  return isCryptoAddress(network, v) ? null : MSG.cryptoAddressInvalid(CRYPTO_NETWORKS[network].label);
}

/** What anyone but the admin paying it sees: `•••• 1111`, or `TQn9…x7Ab`. */
export function maskDetails(type: PaymentDetailsType, value: string): string {
  return type === 'BANK_CARD' ? `•••• ${value.slice(-4)}` : `${value.slice(0, 4)}…${value.slice(-4)}`;
}

export const WALLET_TYPES = ['DEFAULT', 'DEVELOPER'] as const;
/** `GET /api/v1/wallets/{telegramId}`: the newest client's wallet list. */
export const WalletEntry = z.object({
  id: Id,
  walletType: z.enum(WALLET_TYPES),
  balance: z.number(),
  /** Masked; null until saved (dev wallet only). */
  paymentDetails: z.string().nullable(),
  paymentDetailsType: z.enum(PAYMENT_DETAILS_TYPES).nullable(),
  /** Dev wallet only: UAH waiting in a withdraw request. */
  pending: z.number().optional(),
});
export type WalletEntry = z.infer<typeof WalletEntry>;
export const WalletEntryList = z.array(WalletEntry);

const DetailsType = z
  .enum(['BANK_CARD', 'CARD', 'CRYPTO'], { error: MSG.payoutDetailsType })
  .transform((t): PaymentDetailsType => (t === 'CARD' ? 'BANK_CARD' : t));

/** `PATCH /api/v1/wallets/payment_details`; the value is checked against its type on the server (the network is configuration). */
export const PaymentDetailsBody = z.object({
  walletId: IdInput,
  paymentDetails: z.string({ error: MSG.payoutDetailsEmpty }).trim().min(1, { error: MSG.payoutDetailsEmpty }).max(200, { error: MSG.payoutDetailsEmpty }),
  paymentDetailsType: DetailsType,
});

/** `POST /api/v1/transactions/withdraw`: `encodedWalletId` is the dev wallet's `id` from the wallet list. */
export const WithdrawPostBody = z.object({ amount: WithdrawAmount, encodedWalletId: IdInput });

/** `GET /api/v1/wallets/payout-rules`: what the withdraw screen states before anyone confirms. */
export const PayoutRules = z.object({
  minAmount: z.number(),
  feePercent: z.number(),
  cryptoNetwork: z.string(),
  cryptoNetworkLabel: z.string(),
  timeoutHours: z.number(),
});
export type PayoutRules = z.infer<typeof PayoutRules>;

export const FEED_STATUSES = ['SUCCESS', 'PROCESSING', 'FAILED'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

const SourceUser = z.object({ telegramId: Id, username: z.string(), photo: z.string() });

/** One pending request in the admins' queue, oldest first; `source.paymentDetails` is in full: admins pay it by hand. */
export const WithdrawQueueItem = z.object({
  id: Id,
  /** The same as `id`: the newest client's payout screen reads this name. */
  transactionId: Id,
  type: z.literal('WITHDRAW'),
  status: z.enum(FEED_STATUSES),
  amount: z.number(),
  fee: z.number(),
  payout: z.number(),
  createdAt: IsoDate,
  deadlineAt: IsoDate.nullable(),
  source: z.object({ user: SourceUser, paymentDetails: z.string(), paymentDetailsType: z.enum(PAYMENT_DETAILS_TYPES) }),
});
export type WithdrawQueueItem = z.infer<typeof WithdrawQueueItem>;
export const WithdrawQueue = z.array(WithdrawQueueItem);
export const WithdrawQueueQuery = z.object({
  page: TransactionQuery.shape.page,
  limit: TransactionQuery.shape.limit.unwrap().default(HISTORY_MAX_LIMIT),
});

/** `PATCH /api/v1/transactions/confirm-withdraw`: FAILED needs the reason the developer will read. */
export const ConfirmWithdrawBody = z
  .object({
    transactionId: IdInput,
    status: z.enum(['SUCCESS', 'FAILED'], { error: MSG.withdrawConfirmStatus }),
    errorMessage: z.string({ error: MSG.withdrawRejectReason }).nullish(),
  })
  .transform((b, ctx) => {
    const reason = (b.errorMessage ?? '').trim();
    if (b.status === 'FAILED' && (reason === '' || reason.length > WITHDRAW_REASON_MAX)) {
      ctx.issues.push({ code: 'custom', input: b.errorMessage, path: ['errorMessage'], message: MSG.withdrawRejectReason });
      return z.NEVER;
    }
    return { transactionId: b.transactionId, status: b.status, reason: b.status === 'FAILED' ? reason : null };
  });

/** `GET /api/v1/transactions/transaction/{walletId}?page&limit`. */
export const FeedQuery = z.object({
  page: TransactionQuery.shape.page,
  limit: TransactionQuery.shape.limit.unwrap().default(10),
});
export const FEED_TYPES = ['DEPOSIT', 'TRANSFER', 'WITHDRAW'] as const;
export const FeedItem = z.object({
  id: Id,
  type: z.enum(FEED_TYPES),
  status: z.enum(FEED_STATUSES),
  /** Positive UAH; the direction comes from `type` (and `incoming`). */
  amount: z.number(),
  createdAt: IsoDate,
  /** Ours: money into the wallet, and Zalik's label of the row. */
  incoming: z.boolean(),
  title: z.string(),
  /** A failed withdrawal's reason. */
  errorMessage: z.string().nullable(),
  /** The other side where there is one (a buyer, a developer), else the wallet's owner. */
  source: z.object({ user: SourceUser }),
});
export type FeedItem = z.infer<typeof FeedItem>;
export const FeedPage = z.object({ content: z.array(FeedItem), last: z.boolean() });
export type FeedPage = z.infer<typeof FeedPage>;
export const WalletIdParam = z.object({ walletId: IdInput });

/** ISO 4217 numeric codes: `/exchange-rates/rate/840/980`. */
const CurrencyCode = z.string().regex(/^\d{3}$/, { error: MSG.rateCodes }).transform(Number);
export const RateParams = z.object({ from: CurrencyCode, to: CurrencyCode });
export const RateAnswer = z.object({
  currencyCodeA: z.number(),
  currencyCodeB: z.number(),
  rateBuy: z.number().nullable(),
  rateSell: z.number().nullable(),
  rateCross: z.number().nullable(),
  /** One figure for a preview: the cross rate, else the middle of buy and sell. UAH per unit of A when B is 980. */
  rate: z.number(),
  /** The bank's time of the rate. */
  date: IsoDate,
  /** When Zalik last read it from the bank; `stale`: the bank did not answer since, so this is the last known rate. */
  fetchedAt: IsoDate,
  stale: z.boolean(),
});
export type RateAnswer = z.infer<typeof RateAnswer>;
