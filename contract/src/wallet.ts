import { z } from 'zod';
import { Id, IdInput, IsoDate, NumberInput } from './common.js';
import { MSG } from './messages.js';
import { isUahAmount } from './money.js';

/** The largest single admin top-up, a guard against a typo adding zeros (UAH). */
export const MAX_TOPUP_UAH = 100_000;
/** The largest single withdraw request (UAH). */
export const MAX_WITHDRAW_UAH = 100_000;

/**
 * `GET /api/v1/wallets/user/{telegramId}`: an array of these. `name` is one of WALLET_NAMES;
 * `kind` is an extra field so clients need not compare Ukrainian names.
 */
export const Wallet = z.object({
  name: z.string(),
  balance: z.number(),
  kind: z.enum(['general', 'dev']),
  /** Dev wallet only: UAH of withdraw requests waiting for an admin (already out of `balance`). */
  pending: z.number().optional(),
  /**
   * General wallet: UAH the owner paid for manual orders not closed yet (in progress, delivered,
   * disputed), held in escrow: it goes to the developer on acceptance or comes back on a refund.
   */
  held: z.number().optional(),
  /** Dev wallet: UAH (after the platform's fee) of delivered orders, paid out when accepted or when their window ends. */
  incoming: z.number().optional(),
  /** Dev wallet: when the first of those windows ends (ISO), null when nothing is incoming. */
  incomingFrom: z.string().nullable().optional(),
});
export type Wallet = z.infer<typeof Wallet>;

/** `DEPOSIT` is money in; every other type is money out (spec section 3). */
export const TRANSACTION_TYPES = ['DEPOSIT', 'PURCHASE', 'WITHDRAWAL'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** `GET /api/v1/transactions/history/user/{telegramId}`: a plain array of these, newest first. */
export const Transaction = z.object({
  transactionId: Id,
  transactionType: z.enum(TRANSACTION_TYPES),
  /** A short Ukrainian label: 'Поповнення', 'Покупка: <task title>', 'Виведення на картку •••• 1111'... */
  initials: z.string(),
  createdTimeStamp: IsoDate,
  /** Positive UAH; the sign comes from transactionType. */
  amount: z.number(),
  /** Extra field: which of the user's wallets the money moved on. */
  wallet: z.enum(['general', 'dev']),
});
export type Transaction = z.infer<typeof Transaction>;
export const HISTORY_MAX_LIMIT = 50;
export const TransactionQuery = z.object({
  page: z.coerce.number({ error: MSG.pageInvalid }).int({ error: MSG.pageInvalid }).min(0, { error: MSG.pageInvalid }).max(100000, { error: MSG.pageInvalid }).default(0),
  limit: z.coerce
    .number({ error: MSG.limitInvalid })
    .int({ error: MSG.limitInvalid })
    .min(1, { error: MSG.limitInvalid })
    .max(HISTORY_MAX_LIMIT, { error: MSG.limitInvalid })
    .default(5),
  /** Only one wallet's rows (the dev/general switch); both when absent. */
  wallet: z.enum(['general', 'dev'], { error: MSG.badRequest }).optional(),
});

/** A positive UAH amount with at most two decimals, at most `max`; numeric strings accepted. */
const uahUpTo = (max: number) =>
  NumberInput(MSG.amountInvalid)
    .refine(isUahAmount, { error: MSG.amountInvalid, abort: true })
    .refine((v) => v <= max, { error: MSG.amountTooLarge(max) });

export const Uah = NumberInput(MSG.amountInvalid).refine(isUahAmount, { error: MSG.amountInvalid });
/** `PATCH /api/v1/wallets/deposit` (admin). An `Idempotency-Key` header makes a retry safe. */
export const DepositBody = z.object({ userTelegramId: IdInput, amount: uahUpTo(MAX_TOPUP_UAH) });
export const JarAnswer = z.object({ link: z.string(), minAmount: z.number() });
export type JarAnswer = z.infer<typeof JarAnswer>;

/** A withdraw amount: the spec's message for an empty or zero one, numeric strings accepted. */
export const WithdrawAmount = z
  .union([z.number(), z.string()], { error: MSG.withdrawEmpty })
  .transform((v, ctx) => {
    if (typeof v === 'number') return v;
    const t = v.trim();
    if (t !== '' && /^-?\d+(\.\d+)?$/.test(t)) return Number(t);
    ctx.issues.push({ code: 'custom', input: v, message: t === '' ? MSG.withdrawEmpty : MSG.amountInvalid });
    return z.NEVER;
  })
  .refine((v) => v !== 0, { error: MSG.withdrawEmpty, abort: true })
  .refine(isUahAmount, { error: MSG.amountInvalid, abort: true })
  .refine((v) => v <= MAX_WITHDRAW_UAH, { error: MSG.amountTooLarge(MAX_WITHDRAW_UAH) });
/**
 * `PATCH /api/v1/wallets/withdraw` (developers, the older clients' call). Empty or zero fields
 * give the spec's message; the card is checked with Luhn on the server (isValidCard).
 */
export const WithdrawBody = z.object({
  cardNumber: z
    .union([z.string(), z.number()], { error: MSG.withdrawEmpty })
    .transform((v) => String(v).replace(/\s+/g, ''))
    .pipe(z.string().min(1, { error: MSG.withdrawEmpty })),
  amount: WithdrawAmount,
});
export const WITHDRAWAL_STATUSES = ['PENDING', 'PAID', 'REJECTED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/**
 * A withdraw request. `cardNumber` is the full number for admins while the request is
 * pending (they pay it by hand) and `•••• 1111` for the developer and after resolution.
 * `payout` is what reaches the card: amount − fee (5 %, half up to the kopeck).
 */
export const Withdrawal = z.object({
  id: Id,
  user: z.object({ telegramId: Id, username: z.string() }),
  cardNumber: z.string(),
  cardLast4: z.string(),
  amount: z.number(),
  fee: z.number(),
  payout: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: IsoDate,
  resolvedAt: IsoDate.nullable(),
  /** Where it is paid: `cardNumber` holds the card, or the crypto address (masked the same way). */
  paymentDetailsType: z.enum(['BANK_CARD', 'CRYPTO']),
  /** Why it was rejected (an admin's words, or the timeout's); null otherwise. */
  reason: z.string().nullable(),
  /** When a still pending request fails by itself (WITHDRAW_TIMEOUT_HOURS after it was made). */
  deadlineAt: IsoDate.nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES, { error: MSG.badRequest }).optional(),
  page: TransactionQuery.shape.page,
  limit: TransactionQuery.shape.limit.unwrap().default(HISTORY_MAX_LIMIT),
});
export const WithdrawalResolveBody = z.object({ status: z.enum(['PAID', 'REJECTED'], { error: MSG.withdrawalStatus }) });

export const WalletList = z.array(Wallet);
export const TransactionList = z.array(Transaction);
export const WithdrawalList = z.array(Withdrawal);
