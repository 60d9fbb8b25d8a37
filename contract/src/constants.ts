/** Business constants of the product spec (section 9). Everything that a rule or screen counts lives here once. */
export const COURSES = [1, 2, 3, 4] as const;
export type CourseNumber = (typeof COURSES)[number];

export const ROLES = ['ROLE_USER', 'ROLE_DEVELOPER', 'ROLE_ADMIN'] as const;
export type Role = (typeof ROLES)[number];
/** Roles an admin may grant through `PATCH /users/{telegramId}/roles`. */
export const GRANTABLE_ROLES = ['ROLE_ADMIN', 'ROLE_DEVELOPER'] as const;

export const TASK_TYPES = ['REGULAR', 'TEST'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const DISCOUNT_TYPES = ['GLOBAL', 'LOCAL'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const NAME_MIN = 1;
export const NAME_MAX = 50;
export const DESCRIPTION_PREVIEW = 90;
/** Questions one test-task order may carry (the product's newer client allows 10). */
export const TEST_MAX_QUESTIONS = 10;
export const ERROR_BANNER_MS = 5000;
export const LONG_PRESS_MS = 500;
export const HISTORY_PAGE_SIZE = 5;

export const PRICE_FILTER_MIN = 1;
export const PRICE_FILTER_MAX = 500;
export const PRICE_FILTER_STEP = 1;
export const SLIDER_MARKS = 5;
export const DISCOUNT_MIN = 1;
export const DISCOUNT_MAX = 100;

export const MIN_TOPUP_UAH = 100;
/** Withdraw fee, percent of the requested amount. */
export const WITHDRAW_FEE_PERCENT = 5;
/** The default smallest withdraw request (UAH); the server's WITHDRAW_MIN_UAH may set another. */
export const WITHDRAW_MIN_UAH_DEFAULT = 1000;
/** Admins are warned this many hours before an unhandled withdraw request fails by itself. */
export const WITHDRAW_WARN_BEFORE_HOURS = 2;
export const WITHDRAW_REASON_MAX = 500;

export const REFERRAL_BONUS_UAH = 100;
export const REFERRAL_FRIENDS_REQUIRED = 3;
export const REFERRAL_MIN_SPEND_UAH = 100;

export const SUPPORT_MAX_FILES = 3;
export const SUPPORT_MAX_FILE_BYTES = 5242880;
/** Telegram's message limit is 4096; the rest is room for who wrote it. */
export const SUPPORT_MESSAGE_MAX = 3500;
export const ORDER_MAX_FILES = 10;
export const ORDER_MAX_FILE_BYTES = 20 * 1024 * 1024;
/**
 * The extensions an order's answer and a thread's attachment may have (lower case): the server
 * also checks that the bytes look like the format, the app checks the name before upload.
 */
export const ORDER_FILE_EXTENSIONS = [
  'pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'zip', 'doc', 'xls', 'ppt', 'rar', '7z', 'png', 'jpg', 'jpeg', 'gif', 'webp',
  'txt', 'md', 'csv', 'rtf', 'json', 'xml', 'sql', 'py', 'c', 'h', 'cpp', 'cs', 'java', 'js', 'ts', 'html', 'css', 'ipynb', 'm', 'pas',
] as const;
export type OrderFileExtension = (typeof ORDER_FILE_EXTENSIONS)[number];
/** The file's extension when it is one ORDER_FILE_EXTENSIONS allows, else null. */
export function orderFileExtension(fileName: string): OrderFileExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (ORDER_FILE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as OrderFileExtension) : null;
}

export const NEWS_SLIDE_MS = 10_000;
export const NEWS_SLIDES = 2;
export const KYIV_TIME_ZONE = 'Europe/Kyiv';
export const DATE_FORMAT = 'd MMMM, HH:mm, y';
/** Telegram clients newer than this get fullscreen on mobile. */
export const FULLSCREEN_MIN_VERSION = 7.1;
/** Native downloadFile exists from this Telegram version on (not on desktop). */
export const NATIVE_DOWNLOAD_MIN_VERSION = 8;
export const DOWNLOAD_FRAME_MS = 30_000;
export const DOWNLOAD_RESET_MS = 2000;

export const WALLET_NAMES = {
  general: 'Загальний гаманець',
  dev: 'Dev гаманець',
} as const;
export type WalletKind = keyof typeof WALLET_NAMES;

/** `start_param` prefix of a referral link: `ref_<telegramId>`. */
export const REFERRAL_PREFIX = 'ref_';
/**
 * `start_param` prefix of a link into an order's thread (the bot's notice of new messages):
 * `thread_<orderId>`. Here, beside the referral's: the first screen follows it, and may import
 * nothing of the zod schemas (threads.ts).
 */
export const THREAD_START_PREFIX = 'thread_';
/**
 * `start_param` of a shared task card's button: `task_<subjectId>_<teacherId>_<taskId>` opens
 * the buying screen, `test_…` the same for a test (Telegram allows 64 characters of [A-Za-z0-9_-]).
 */
export const TASK_START_PREFIX = 'task_';
export const TEST_START_PREFIX = 'test_';

/** A shared task card's `start_param` (the API's card button, the app's fallback link). */
export function taskStartParam(t: { type: string; subjectId: string | number; teacherId: string | number; id: string | number }): string {
  return `${t.type === 'TEST' ? TEST_START_PREFIX : TASK_START_PREFIX}${t.subjectId}_${t.teacherId}_${t.id}`;
}

export const MAINTENANCE_MESSAGE_MAX = 500;
/**
 * The `error` field of a 503 that maintenance answers, so a client tells it from an outage.
 * Here, not beside the maintenance schemas: the first screen reads it, and a module of zod
 * schemas it imports from would bring zod into that bundle.
 */
export const MAINTENANCE_ERROR = 'MAINTENANCE';

/** Durations in milliseconds, for timers and deadlines in every package. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
