import { z } from 'zod';
import { DISCOUNT_TYPES } from './constants.js';
import { Id, IdInput, IntInput } from './common.js';
import { MSG } from './messages.js';

export const Invite = z.object({
  user: z.object({ telegramId: Id, username: z.string(), photo: z.string() }),
  spendBalance: z.number(),
});
export type Invite = z.infer<typeof Invite>;

export const DiscountBody = z.object({
  type: z.enum(DISCOUNT_TYPES, { error: MSG.badRequest }),
  discountValue: IntInput(MSG.discountValue).pipe(z.number().min(0, { error: MSG.discountValue }).max(100, { error: MSG.discountValue })),
  availableValue: IntInput(MSG.discountCount).nullish(),
  telegramId: IdInput.nullish(),
  taskId: IdInput,
});
export const Discount = z.object({
  id: Id,
  type: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
  availableValue: z.number().nullable(),
  telegramId: Id.nullable(),
  taskId: Id,
});
export type Discount = z.infer<typeof Discount>;
