import { z } from 'zod';
import { ID_PATTERN, Id, IdInput, IntInput, IsoDate, PageLimit, PageNumber } from './common.js';
import { MSG } from './messages.js';

/** A review's stars, its optional text, the developer's one answer and an admin's reason to hide it. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_HIDE_REASON_MAX = 500;
/** A DONE order can be reviewed for this many days after it became DONE. */
export const REVIEW_WINDOW_DAYS = 30;
/** A review can be changed for this many hours after it was written. */
export const REVIEW_EDIT_HOURS = 48;
/** Reviews per page of a task's list (`limit` may ask for up to PAGE_MAX_LIMIT). */
export const TASK_REVIEWS_PAGE_SIZE = 10;
/** The latest reviews an author's profile shows. */
export const PROFILE_LATEST_REVIEWS = 5;

const requiredText = (max: number, empty: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty })
    .max(max, { error: MSG.textTooLong(max) });

/** `POST` / `PUT /api/v1/histories/{id}/review`: 1-5 stars (a number or a numeric string) and an optional text. */
export const ReviewBody = z.object({
  rating: IntInput(MSG.reviewRating).pipe(
    z.number().min(REVIEW_RATING_MIN, { error: MSG.reviewRating }).max(REVIEW_RATING_MAX, { error: MSG.reviewRating }),
  ),
  text: z
    .string({ error: MSG.badRequest })
    .trim()
    .max(REVIEW_TEXT_MAX, { error: MSG.textTooLong(REVIEW_TEXT_MAX) })
    .nullish()
    .transform((v) => v ?? ''),
});
export type ReviewBody = z.infer<typeof ReviewBody>;

/** `POST /api/v1/reviews/{id}/reply` */
export const ReplyBody = z.object({ text: requiredText(REVIEW_REPLY_MAX, MSG.reviewReplyRequired) });
/** `POST /api/v1/reviews/{id}/hide` */
export const HideReviewBody = z.object({ reason: requiredText(REVIEW_HIDE_REASON_MAX, MSG.reviewHideReasonRequired) });

export const ReviewIdParam = z.object({ id: IdInput });
export const TaskReviewsParam = z.object({ taskId: IdInput });
export const TaskReviewsQuery = z.object({ page: PageNumber.default(0), limit: PageLimit.default(TASK_REVIEWS_PAGE_SIZE) });
export const AuthorParam = z.object({ telegramId: z.string().regex(ID_PATTERN, { error: MSG.authorNotFound }) });

/** A task's (or an author's) stars: the mean of the visible reviews to one decimal (0 while there are none) and their count. */
export const Rating = z.object({ average: z.number(), count: z.number().int() });
export type Rating = z.infer<typeof Rating>;
export const NO_RATING: Rating = { average: 0, count: 0 };
/** A mean as the app writes it: one decimal with the Ukrainian comma ('4,3', '5,0'). */
export const formatRating = (average: number): string => average.toFixed(1).replace('.', ',');

/**
 * One review as others read it. The buyer is named by first name only (never a username or an
 * id): a review must not lead to the student's Telegram account. `hidden` and `hiddenReason`
 * are only ever true / set for its author and admins; nobody else receives a hidden review.
 */
export const Review = z.object({
  id: Id,
  taskId: Id,
  taskTitle: z.string(),
  rating: z.number().int(),
  text: z.string(),
  authorName: z.string(),
  createdAt: IsoDate,
  /** When its author last changed it (null: never). */
  editedAt: IsoDate.nullable(),
  /** The task developer's one answer. */
  reply: z.object({ text: z.string(), createdAt: IsoDate }).nullable(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});
export type Review = z.infer<typeof Review>;

/** The buyer's own review of an order: a review plus until when they may still change it (null: no longer). */
export const MyReview = Review.extend({ editableUntil: IsoDate.nullable() });
export type MyReview = z.infer<typeof MyReview>;

export const ReviewPage = z.object({ content: z.array(Review), last: z.boolean() });
export type ReviewPage = z.infer<typeof ReviewPage>;

/**
 * An author's level, the highest whose every threshold the author meets (`authorLevel`). The
 * one rule for it: the server answers it and the profile screen explains it from this table.
 */
export const AUTHOR_LEVELS = [
  { code: 'NEW', name: 'Новий розробник', minOrders: 0, minReviews: 0, minAverage: 0, minOnTime: 0 },
  { code: 'VERIFIED', name: 'Перевірений автор', minOrders: 5, minReviews: 3, minAverage: 4.0, minOnTime: 0.8 },
  { code: 'EXPERIENCED', name: 'Досвідчений автор', minOrders: 20, minReviews: 10, minAverage: 4.5, minOnTime: 0.9 },
  { code: 'TOP', name: 'Топ-автор', minOrders: 50, minReviews: 20, minAverage: 4.8, minOnTime: 0.95 },
] as const;
export type AuthorLevelCode = (typeof AUTHOR_LEVELS)[number]['code'];
export type AuthorLevel = (typeof AUTHOR_LEVELS)[number];
const LEVEL_CODES = AUTHOR_LEVELS.map((l) => l.code) as [AuthorLevelCode, ...AuthorLevelCode[]];

/** What the level is judged on. `onTimeShare` null (no manual deliveries yet) holds no author back. */
export interface AuthorStats {
  ordersCompleted: number;
  rating: Rating;
  onTimeShare: number | null;
}

export function authorLevel(s: AuthorStats): AuthorLevel {
  let level: AuthorLevel = AUTHOR_LEVELS[0];
  for (const l of AUTHOR_LEVELS) {
    const met =
      s.ordersCompleted >= l.minOrders &&
      s.rating.count >= l.minReviews &&
      (l.minReviews === 0 || s.rating.average >= l.minAverage) &&
      (s.onTimeShare === null || s.onTimeShare >= l.minOnTime);
    if (!met) break;
    level = l;
  }
  return level;
}

/** `GET /api/v1/users/developer/{telegramId}/profile` */
export const AuthorProfile = z.object({
  telegramId: Id,
  username: z.string(),
  photo: z.string(),
  memberSince: IsoDate,
  level: z.enum(LEVEL_CODES),
  levelName: z.string(),
  /** Tasks students can buy now. */
  visibleTasks: z.number().int(),
  /** Paid orders of the author's tasks that ended DONE. */
  ordersCompleted: z.number().int(),
  /** Manual orders delivered, and the share of them delivered before their deadline (null: none delivered). */
  deliveries: z.number().int(),
  onTimeShare: z.number().nullable(),
  /** The median time from a purchase to the author's first answer in the order, in minutes (null: no answer yet). */
  firstAnswerMinutes: z.number().nullable(),
  rating: Rating,
  /** Visible reviews with 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: z.array(z.number().int()).length(5),
  latestReviews: z.array(Review),
});
export type AuthorProfile = z.infer<typeof AuthorProfile>;
