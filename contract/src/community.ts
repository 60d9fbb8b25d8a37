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

/** `GET /api/v1/discounts/task/{taskId}`: a task's active discounts with the LOCAL user's name. */
export const TaskDiscount = Discount.extend({ username: z.string() });
export type TaskDiscount = z.infer<typeof TaskDiscount>;

/** `GET /api/v1/invites/link` (and the answer of a claim): what the invite screen shows. */
export const InviteProgress = z.object({
  /** `https://t.me/<bot>/<app>?startapp=ref_<telegramId>` */
  link: z.string(),
  invitedCount: z.number(),
  /** Invited friends who each spent at least `minSpend` UAH. */
  qualifiedCount: z.number(),
  requiredCount: z.number(),
  minSpend: z.number(),
  /** What the bonus button shows in UAH: the bonus before the claim, 0 after it. */
  bonus: z.number(),
  claimed: z.boolean(),
  isAvailableClaim: z.boolean(),
});
export type InviteProgress = z.infer<typeof InviteProgress>;

/** `POST /api/v1/supports/sent` */
export const SupportSent = z.object({ id: Id, files: z.number() });
export type SupportSent = z.infer<typeof SupportSent>;

export const InviteList = z.array(Invite);
export const TaskDiscountList = z.array(TaskDiscount);
export const TaskIdParam = z.object({ taskId: IdInput });
/** A bare boolean answer (existing clients read `true`/`false`, not an object). */
export const Flag = z.boolean();
