import { z } from 'zod';
import { Id, IdInput, IsoDate, NumberInput } from './common.js';
import { MSG } from './messages.js';
import { isUahAmount } from './money.js';

export const Wallet = z.object({ name: z.string(), balance: z.number(), kind: z.enum(['general', 'dev']) });
export type Wallet = z.infer<typeof Wallet>;

/** `DEPOSIT` is money in; every other type is money out (spec section 3). */
export const TRANSACTION_TYPES = ['DEPOSIT', 'PURCHASE', 'WITHDRAWAL'] as const;
export const Transaction = z.object({
  transactionId: Id,
  transactionType: z.enum(TRANSACTION_TYPES),
  initials: z.string(),
  createdTimeStamp: IsoDate,
  amount: z.number(),
  wallet: z.enum(['general', 'dev']),
});
export type Transaction = z.infer<typeof Transaction>;
export const TransactionQuery = z.object({
  page: z.coerce.number({ error: MSG.badRequest }).int({ error: MSG.badRequest }).min(0, { error: MSG.badRequest }).max(100000).default(0),
  limit: z.coerce.number({ error: MSG.badRequest }).int({ error: MSG.badRequest }).min(1, { error: MSG.badRequest }).max(100, { error: MSG.badRequest }).default(5),
  wallet: z.enum(['general', 'dev']).optional(),
});

export const Uah = NumberInput(MSG.amountInvalid).refine(isUahAmount, { error: MSG.amountInvalid });
export const DepositBody = z.object({ userTelegramId: IdInput, amount: Uah });
export const JarAnswer = z.object({ link: z.string(), minAmount: z.number() });

export const WithdrawBody = z.object({
  cardNumber: z.string({ error: MSG.withdrawEmpty }).transform((v) => v.replace(/\s+/g, '')).pipe(z.string().min(1, { error: MSG.withdrawEmpty })),
  amount: NumberInput(MSG.withdrawEmpty).refine((v) => v !== 0, { error: MSG.withdrawEmpty }).refine(isUahAmount, { error: MSG.amountInvalid }),
});
export const WITHDRAWAL_STATUSES = ['PENDING', 'PAID', 'REJECTED'] as const;
export const Withdrawal = z.object({
  id: Id,
  user: z.object({ telegramId: Id, username: z.string() }),
  cardNumber: z.string(),
  amount: z.number(),
  fee: z.number(),
  payout: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: IsoDate,
  resolvedAt: IsoDate.nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalQuery = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
export const WithdrawalResolveBody = z.object({ status: z.enum(['PAID', 'REJECTED'], { error: MSG.badRequest }) });
