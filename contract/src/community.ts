import { z } from 'zod';
import { DISCOUNT_TYPES } from './constants.js';
import { Id, IdInput, IntInput, IsoDate, PageLimit, PageNumber, SearchText, pageOf } from './common.js';
import { MSG } from './messages.js';

export const Invite = z.object({
  user: z.object({ telegramId: Id, username: z.string(), photo: z.string() }),
  spendBalance: z.number(),
});
export type Invite = z.infer<typeof Invite>;

/** Earliest and latest time a discount window may name: a typo (year 0026, 20266) is refused, not stored. */
const WINDOW_MIN = Date.parse('2000-01-01T00:00:00Z');
const WINDOW_MAX = Date.parse('9999-12-31T00:00:00Z');
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;

/** An ISO 8601 time with seconds and `Z` or an offset, naming a day and time that exist, between 2000 and 9999. */
export function isWindowTime(v: string): boolean {
  const m = ISO_TIME.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 30 February over into March: the parts must come back as they were.
  if (wall.getUTCFullYear() !== y || wall.getUTCMonth() !== mo - 1 || wall.getUTCDate() !== d || wall.getUTCHours() !== h || wall.getUTCMinutes() !== mi) return false;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false;
  const t = Date.parse(v);
  return t >= WINDOW_MIN && t <= WINDOW_MAX;
}

/**
 * One end of a discount's validity window: an ISO 8601 time with `Z` or an offset
 * (`2026-09-01T00:00:00+03:00`); null or absent is no bound on that side.
 */
export const WindowBound = z
  .string({ error: MSG.discountWindowInvalid })
  .refine(isWindowTime, { error: MSG.discountWindowInvalid })
  .nullish();

/**
 * `POST /api/v1/discounts/discount`: sets one discount (the existing clients' call). The window
 * is ours and optional: a discount applies from `validFrom` (inclusive) until `validTo`
 * (exclusive); what is not sent is no bound, so a client that knows no windows sets a discount
 * that applies from now on, as it always did.
 */
export const DiscountBody = z.object({
  type: z.enum(DISCOUNT_TYPES, { error: MSG.badRequest }),
  discountValue: IntInput(MSG.discountValue).pipe(z.number().min(0, { error: MSG.discountValue }).max(100, { error: MSG.discountValue })),
  availableValue: IntInput(MSG.discountCount).nullish(),
  telegramId: IdInput.nullish(),
  taskId: IdInput,
  validFrom: WindowBound,
  validTo: WindowBound,
});
export const Discount = z.object({
  id: Id,
  type: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
  availableValue: z.number().nullable(),
  telegramId: Id.nullable(),
  taskId: Id,
  /** The window (null: no bound on that side). */
  validFrom: IsoDate.nullable(),
  validTo: IsoDate.nullable(),
});
export type Discount = z.infer<typeof Discount>;

/** `GET /api/v1/discounts/task/{taskId}`: a task's discounts with uses left, with the LOCAL user's name. */
export const TaskDiscount = Discount.extend({ username: z.string(), active: z.boolean() });
export type TaskDiscount = z.infer<typeof TaskDiscount>;

/** Rows of the admin discount list per page by default; PAGE_MAX_LIMIT at most. */
export const DISCOUNT_PAGE_SIZE = 20;
/**
 * `GET /api/v1/discounts`: the discounts that still have uses left, newest first, one page.
 * `search` matches a task title or a username (part of either, any case, a leading `@`
 * ignored); `task` and `username` match only that one.
 */
export const DiscountListQuery = z.object({
  type: z.enum(DISCOUNT_TYPES, { error: MSG.badRequest }).optional(),
  search: SearchText.optional(),
  task: SearchText.optional(),
  username: SearchText.optional(),
  page: PageNumber.default(0),
  limit: PageLimit.default(DISCOUNT_PAGE_SIZE),
});
/** A row of the admin list: the discount, its task and user, and whether it applies now. */
export const DiscountListItem = TaskDiscount.extend({
  taskTitle: z.string(),
  /** The task's full price, UAH. */
  taskPrice: z.number(),
  subjectName: z.string(),
  teacherName: z.string(),
  courseNumber: z.number(),
});
export type DiscountListItem = z.infer<typeof DiscountListItem>;
export const DiscountList = z.array(DiscountListItem);

/**
 * `PATCH /api/v1/discounts/{id}`: what is sent changes, what is absent stays; `null` clears a
 * bound of the window or (GLOBAL only) makes the uses unlimited.
 */
export const DiscountPatch = z.object({
  discountValue: IntInput(MSG.discountPercent)
    .pipe(z.number().min(1, { error: MSG.discountPercent }).max(100, { error: MSG.discountPercent }))
    .optional(),
  availableValue: IntInput(MSG.discountCount).nullable().optional(),
  validFrom: WindowBound,
  validTo: WindowBound,
});

/** Caps of one `POST /api/v1/discounts/bulk`: up to 50 tasks times 200 users, 10 000 discounts. */
export const DISCOUNT_BULK_MAX_TASKS = 50;
export const DISCOUNT_BULK_MAX_USERS = 200;
/**
 * `POST /api/v1/discounts/bulk`: the same discount on several tasks, for everyone (GLOBAL) or
 * for several users (LOCAL, one discount per task and user). Each one is set as
 * `POST /discounts/discount` sets it (an existing one is replaced), all in one transaction:
 * any refusal writes nothing.
 */
export const DiscountBulkBody = z.object({
  type: z.enum(DISCOUNT_TYPES, { error: MSG.badRequest }),
  discountValue: IntInput(MSG.discountPercent).pipe(z.number().min(1, { error: MSG.discountPercent }).max(100, { error: MSG.discountPercent })),
  availableValue: IntInput(MSG.discountCount).nullish(),
  taskIds: z
    .array(IdInput, { error: MSG.discountTasksRequired })
    .min(1, { error: MSG.discountTasksRequired })
    .max(DISCOUNT_BULK_MAX_TASKS, { error: MSG.discountTooManyTasks(DISCOUNT_BULK_MAX_TASKS) }),
  telegramIds: z
    .array(IdInput, { error: MSG.badRequest })
    .max(DISCOUNT_BULK_MAX_USERS, { error: MSG.discountTooManyUsers(DISCOUNT_BULK_MAX_USERS) })
    .nullish(),
  validFrom: WindowBound,
  validTo: WindowBound,
});
/**
 * The newest client's `POST /api/v1/discounts/discount`: one percent on several tasks, for
 * everyone (no `telegramIds`) or for each user named. `activationLimit` 0 or absent is no
 * limit for everyone's discount and one use for a user's own; `from`/`to` `""` is no bound.
 * Told apart from the older shape by its `taskIds`.
 */
const clientBound = z.union([z.literal('').transform(() => null), WindowBound]).optional();
export const DiscountCreateBody = z.object({
  value: IntInput(MSG.discountPercent).pipe(z.number().min(1, { error: MSG.discountPercent }).max(100, { error: MSG.discountPercent })),
  taskIds: DiscountBulkBody.shape.taskIds,
  telegramIds: DiscountBulkBody.shape.telegramIds,
  activationLimit: IntInput(MSG.discountCount).pipe(z.number().min(0, { error: MSG.discountCount })).nullish(),
  from: clientBound,
  to: clientBound,
});
/** `POST /discounts/discount` takes either shape: the newest client's when it names `taskIds`. */
export const DiscountSetBody = z.unknown().transform((body, ctx) => {
  const isNew = typeof body === 'object' && body !== null && 'taskIds' in body;
  const parsed = (isNew ? DiscountCreateBody : DiscountBody).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    return z.NEVER;
  }
  return isNew ? { shape: 'new' as const, body: parsed.data as z.output<typeof DiscountCreateBody> } : { shape: 'old' as const, body: parsed.data as z.output<typeof DiscountBody> };
});
/** The newest client's `PUT /api/v1/discounts/discount`: changes one discount (its user stays). */
export const DiscountUpdateBody = z.object({
  discountId: IdInput,
  value: DiscountCreateBody.shape.value,
  telegramId: IdInput.nullish(),
  activationLimit: DiscountCreateBody.shape.activationLimit,
  from: clientBound,
  to: clientBound,
});
/** A discount as the newest client's discount list reads it. */
export const ClientDiscount = z.object({
  id: Id,
  type: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  /** Uses left; null: no limit. */
  activationLimits: z.number().nullable(),
  validFrom: IsoDate.nullable(),
  validTo: IsoDate.nullable(),
  active: z.boolean(),
  task: z.object({ id: Id, title: z.string(), price: z.number(), teacher: z.object({ name: z.string(), subject: z.object({ name: z.string() }) }) }),
  user: z.object({ telegramId: Id, username: z.string(), photo: z.string() }).nullable(),
});
export type ClientDiscount = z.infer<typeof ClientDiscount>;
export const ClientDiscountPage = pageOf(ClientDiscount);
/** How many discounts a bulk call created, and how many it replaced. */
export const DiscountBulkResult = z.object({ created: z.number(), updated: z.number() });
export type DiscountBulkResult = z.infer<typeof DiscountBulkResult>;
/** What `POST /discounts/discount` answers: the older shape's discount, or the newest shape's counts. */
export const DiscountSetAnswer = z.union([Discount, DiscountBulkResult]);

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
