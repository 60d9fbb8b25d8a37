import { z } from 'zod';
import { Id, IdInput, IsoDate, NumberInput } from './common.js';
import { MIN_TOPUP_UAH } from './constants.js';
import { MSG } from './messages.js';
import { isUahAmount, uahToKopecks } from './money.js';
import { TransactionQuery } from './wallet.js';

/** The largest top-up one deposit request may ask for (UAH). */
export const MAX_DEPOSIT_UAH = 2500;
/** The amounts the top-up sheet offers as buttons (UAH). */
export const DEPOSIT_PRESETS_UAH = [100, 250, 500] as const;
/** Deposit requests a student may have waiting for payment at once. */
export const MAX_OPEN_DEPOSIT_REQUESTS = 5;

export const DEPOSIT_PROVIDERS = ['TELEGRAM_STARS', 'MONOBANK'] as const;
export type DepositProvider = (typeof DEPOSIT_PROVIDERS)[number];
export const DEPOSIT_STATUSES = ['PENDING', 'PAID', 'EXPIRED', 'REFUNDED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * The Stars price of a top-up: the amount at `kopecksPerStar` (what one Star credits), plus the
 * Stars fee, rounded up to a whole Star. Integer arithmetic, so the web and the API show the same
 * number for the same settings.
 */
export function starsPrice(amountUah: number, kopecksPerStar: number, feePercent: number): number {
  return Math.ceil((uahToKopecks(amountUah) * (100 + feePercent)) / (kopecksPerStar * 100));
}

/** `POST /api/v1/transactions/request/deposit`: UAH (numbers or numeric strings), 100-2 500, two decimals at most. */
export const DepositRequestBody = z.object({
  amount: NumberInput(MSG.amountInvalid)
    .refine(isUahAmount, { error: MSG.amountInvalid, abort: true })
    .refine((v) => v >= MIN_TOPUP_UAH, { error: MSG.depositTooSmall(MIN_TOPUP_UAH), abort: true })
    .refine((v) => v <= MAX_DEPOSIT_UAH, { error: MSG.amountTooLarge(MAX_DEPOSIT_UAH) }),
  provider: z.enum(DEPOSIT_PROVIDERS, { error: MSG.depositProvider }),
});

/**
 * A deposit request as its owner and admins see it. `paymentLink` opens the payment (a Stars
 * invoice, or the bank jar with the amount and code filled in); `comment` is the code a bank
 * payment must carry; `stars` the Stars price. `credited` is what reached the wallet (UAH).
 */
export const DepositRequest = z.object({
  id: Id,
  paymentLink: z.string(),
  provider: z.enum(DEPOSIT_PROVIDERS),
  amount: z.number(),
  stars: z.number().optional(),
  comment: z.string().optional(),
  status: z.enum(DEPOSIT_STATUSES),
  credited: z.number().nullable(),
  createdAt: IsoDate,
  expiresAt: IsoDate,
  paidAt: IsoDate.nullable(),
  user: z.object({ telegramId: Id, username: z.string() }),
});
export type DepositRequest = z.infer<typeof DepositRequest>;
export const DepositRequestList = z.array(DepositRequest);

export const DepositRequestQuery = z.object({
  status: z.enum(DEPOSIT_STATUSES, { error: MSG.badRequest }).optional(),
  provider: z.enum(DEPOSIT_PROVIDERS, { error: MSG.badRequest }).optional(),
  page: TransactionQuery.shape.page,
  limit: TransactionQuery.shape.limit.unwrap().default(50),
});

export const BANK_PAYMENT_STATUSES = ['UNMATCHED', 'MATCHED', 'CREDITED'] as const;
export const BANK_PAYMENT_HOLDS = ['QUARANTINED', 'FOREIGN_CURRENCY', 'SEVERAL_CODES'] as const;
/**
 * An incoming item of the jar's bank statement. MATCHED: its comment named a deposit request,
 * which it paid; UNMATCHED: it named none and waits for an admin; CREDITED: an admin credited it.
 */
export const BankPayment = z.object({
  id: Id,
  amount: z.number(),
  comment: z.string(),
  description: z.string(),
  occurredAt: IsoDate,
  status: z.enum(BANK_PAYMENT_STATUSES),
  depositRequestId: Id.nullable(),
  creditedTo: z.object({ telegramId: Id, username: z.string() }).nullable(),
  /**
   * Why an UNMATCHED item waits for an admin beyond naming no request: QUARANTINED (it could
   * not be read or stored: `raw` holds its JSON, `amount` is 0 when unknown), FOREIGN_CURRENCY
   * (not UAH: never credited as hryvnias), SEVERAL_CODES (its comment names several top-ups).
   */
  hold: z.enum(BANK_PAYMENT_HOLDS).nullable(),
  /** ISO 4217 number of the item's currency (980: UAH). */
  currencyCode: z.number(),
  raw: z.string().nullable(),
});
export type BankPayment = z.infer<typeof BankPayment>;
export const BankPaymentList = z.array(BankPayment);
export const BankPaymentQuery = z.object({
  status: z.enum(BANK_PAYMENT_STATUSES, { error: MSG.badRequest }).optional(),
  page: TransactionQuery.shape.page,
  limit: TransactionQuery.shape.limit.unwrap().default(50),
});
/** Bank statement ids are the bank's strings, not numbers. */
export const BankPaymentParam = z.object({ id: z.string({ error: MSG.badRequest }).trim().min(1, { error: MSG.badRequest }).max(64, { error: MSG.badRequest }) });
export const BankPaymentCreditBody = z.object({ userTelegramId: IdInput });

/**
 * What the bank's webhook posts (`{ type: "StatementItem", data: { account, statementItem } }`).
 * Unsigned, so only `data.account` is read, as a hint to read the statement soon.
 */
export const MonobankWebhookBody = z.looseObject({
  type: z.string().optional(),
  data: z.looseObject({ account: z.string().optional() }).optional(),
});

/**
 * What the top-up sheet needs before the student chooses: the limits, and per provider whether it
 * works and (Stars) its price settings. `automatic` false: a bank payment is recorded by an admin.
 */
export const DepositOptions = z.object({
  minAmount: z.number(),
  maxAmount: z.number(),
  presets: z.array(z.number()),
  stars: z.object({ available: z.boolean(), kopecksPerStar: z.number(), feePercent: z.number() }),
  monobank: z.object({ available: z.boolean(), automatic: z.boolean(), jarLink: z.string() }),
});
export type DepositOptions = z.infer<typeof DepositOptions>;

/**
 * Demo mode only: what stands in for Telegram's payment sheet and for a bank app, so the demo
 * pays through the same bot updates and statement reads as production (docs/WEB.md "Demo mode").
 * An invoice is named by its link's slug (`https://t.me/$<slug>`), which is all the mini-app's
 * invoice call hands the client.
 */
export const DemoInvoiceParam = z.object({ slug: z.string({ error: MSG.badRequest }).regex(/^[A-Za-z0-9_=-]{1,128}$/, { error: MSG.badRequest }) });
export const DemoInvoice = z.object({ title: z.string(), stars: z.number(), amount: z.number() });
export type DemoInvoice = z.infer<typeof DemoInvoice>;
/** `ok: false` with Telegram's pre-checkout refusal (an expired request...): nothing was charged. */
export const DemoPayAnswer = z.object({ ok: z.boolean(), message: z.string().optional() });
export type DemoPayAnswer = z.infer<typeof DemoPayAnswer>;
/** A transfer into the demo jar, as a student would make it in the bank's app: any amount, any comment. */
export const DemoJarPayBody = z.object({
  amount: NumberInput(MSG.amountInvalid).refine(isUahAmount, { error: MSG.amountInvalid, abort: true }).refine((v) => v <= MAX_DEPOSIT_UAH * 10, { error: MSG.amountInvalid }),
  comment: z.string({ error: MSG.badRequest }).max(200, { error: MSG.badRequest }),
});
