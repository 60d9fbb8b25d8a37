import { z } from 'zod';
import { ID_PATTERN, Id, IdInput, IsoDate, PAGE_MAX_LIMIT } from './common.js';
import { MINUTE_MS, ORDER_MAX_FILE_BYTES } from './constants.js';
import { MSG } from './messages.js';
import { FileLink, ORDER_STATUSES } from './orders.js';

/**
 * The thread of an order: one conversation between its buyer, the task's developer and the
 * admins (who write as "Підтримка Залік"), from the purchase until THREAD_OPEN_DAYS after
 * the order ended. Messages never change; an admin may hide one. Contacts are masked
 * (contacts.ts). Revisions, disputes, deliveries, acceptance and cancellations appear in it as
 * system lines, so it is the order's whole story.
 */

/** A message's text, trimmed; a message with files may have none. */
export const THREAD_TEXT_MAX = 4000;
export const THREAD_MAX_FILES = 5;
/** The same limit as a delivery's files. */
export const THREAD_MAX_FILE_BYTES = ORDER_MAX_FILE_BYTES;
/** Messages per page of the thread (newest first); `limit` may ask for up to PAGE_MAX_LIMIT. */
export const THREAD_PAGE_SIZE = 30;
/** One person's messages in one order per window: a person in a conversation never meets it. */
export const THREAD_RATE_MESSAGES = 30;
export const THREAD_RATE_MINUTES = 10;
/** After the order ends (done or refunded) its thread stays writable this many days, then read-only. */
export const THREAD_OPEN_DAYS = 30;
/** At most one bot notice per order and recipient in this many minutes, carrying the count of unread messages. */
export const THREAD_NOTICE_MINUTES = 5;
/** The longest a live stream stays open; the client opens the next one from where it stopped. */
export const THREAD_STREAM_MAX_SECONDS = 300;
export const THREAD_HIDE_REASON_MAX = 500;
/** How often the client reads the first page when the live stream cannot be kept open. */
export const THREAD_POLL_MS = 5000;
export const THREAD_NOTICE_MS = THREAD_NOTICE_MINUTES * MINUTE_MS;

/** Who wrote a line: the buyer, the task's developer, an admin (shown as Підтримка Залік), or the system (a timer). */
export const THREAD_AUTHOR_ROLES = ['STUDENT', 'DEVELOPER', 'SUPPORT', 'SYSTEM'] as const;
export type ThreadAuthorRole = (typeof THREAD_AUTHOR_ROLES)[number];

/**
 * What a line is: a person's MESSAGE, or a system line written with a change of the order
 * (its text is the comment, reason or message of that change; CANCEL says who by its role).
 */
export const THREAD_LINE_KINDS = ['MESSAGE', 'DELIVERY', 'REVISION', 'DISPUTE', 'ACCEPT', 'RESOLVE_RELEASE', 'RESOLVE_REFUND', 'CANCEL'] as const;
export type ThreadLineKind = (typeof THREAD_LINE_KINDS)[number];

/** How the thread titles a system line. */
export function threadLineTitle(kind: Exclude<ThreadLineKind, 'MESSAGE'>, role: ThreadAuthorRole): string {
  switch (kind) {
    case 'DELIVERY':
      return 'Розробник надіслав відповідь';
    case 'REVISION':
      return 'Запит на доопрацювання';
    case 'DISPUTE':
      return 'Відкрито спір';
    case 'ACCEPT':
      return role === 'SYSTEM' ? 'Час на перевірку минув: роботу прийнято автоматично' : 'Роботу прийнято';
    case 'RESOLVE_RELEASE':
      return 'Спір вирішено: кошти передано розробнику';
    case 'RESOLVE_REFUND':
      return 'Спір вирішено: кошти повернуто студенту';
    case 'CANCEL':
      return {
        STUDENT: 'Студент скасував замовлення',
        DEVELOPER: 'Розробник скасував замовлення',
        SUPPORT: 'Підтримка скасувала замовлення, кошти повернуто',
        SYSTEM: 'Замовлення скасовано: строк виконання минув, кошти повернуто',
      }[role];
  }
}

export const ThreadAuthor = z.object({
  /** Null for the system, and for an admin as the buyer and the developer see them (Підтримка Залік). */
  telegramId: Id.nullable(),
  username: z.string().nullable(),
  role: z.enum(THREAD_AUTHOR_ROLES),
});
export type ThreadAuthor = z.infer<typeof ThreadAuthor>;

export const ThreadMessage = z.object({
  id: Id,
  kind: z.enum(THREAD_LINE_KINDS),
  author: ThreadAuthor,
  /** Hidden: MSG.threadHidden for everyone but admins, who still read what it said. */
  text: z.string(),
  /** Signed download links (the same as a delivery's); none while hidden, except for admins. */
  files: z.array(FileLink),
  createdAt: IsoDate,
  hidden: z.boolean(),
  /** Why an admin hid it: admins only (null for everyone else). */
  hiddenReason: z.string().nullable(),
  /** Contacts in it were masked when it was sent. */
  masked: z.boolean(),
  /** The other side (the buyer or the developer who did not write it) has read it. */
  read: z.boolean(),
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

/** The order a thread belongs to, as its screen heads it. */
export const ThreadInfo = z.object({
  orderId: Id,
  taskTitle: z.string(),
  subjectName: z.string(),
  status: z.enum(ORDER_STATUSES),
  buyer: z.object({ telegramId: Id, username: z.string() }),
  developer: z.object({ telegramId: Id, username: z.string() }),
  /** The caller may write (a party, and the thread is not closed yet). */
  writable: z.boolean(),
  /** When it turns read-only (the order ended); null while the order is open. */
  closesAt: IsoDate.nullable(),
  /** Messages of the others the caller has not read. */
  unread: z.number().int(),
});
export type ThreadInfo = z.infer<typeof ThreadInfo>;

/** `GET /api/v1/histories/{id}/messages`: newest first. */
export const ThreadPage = z.object({ content: z.array(ThreadMessage), last: z.boolean(), thread: ThreadInfo });
export type ThreadPage = z.infer<typeof ThreadPage>;

/** `?before=&limit=`: the page of messages older than `before` (a message id); the newest page without it. */
export const ThreadQuery = z.object({
  before: IdInput.optional(),
  limit: z.coerce
    .number({ error: MSG.limitInvalid })
    .int({ error: MSG.limitInvalid })
    .min(1, { error: MSG.limitInvalid })
    .max(PAGE_MAX_LIMIT, { error: MSG.limitInvalid })
    .default(THREAD_PAGE_SIZE),
});

export const ThreadParams = z.object({ id: IdInput });
export const ThreadMessageParams = z.object({ id: IdInput, messageId: IdInput });

/** `POST .../messages/read`: everything up to this message has been read. */
export const ThreadReadBody = z.object({
  upTo: z
    .union([z.string(), z.number()], { error: MSG.threadReadInvalid })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(ID_PATTERN, { error: MSG.threadReadInvalid })),
});
export const ThreadReadAnswer = z.object({ unread: z.number().int() });

/** `POST .../messages/{messageId}/hide` (admin). */
export const ThreadHideBody = z.object({
  reason: z
    .string({ error: MSG.threadHideReasonRequired })
    .trim()
    .min(1, { error: MSG.threadHideReasonRequired })
    .max(THREAD_HIDE_REASON_MAX, { error: MSG.textTooLong(THREAD_HIDE_REASON_MAX) }),
});

/** `GET /api/v1/histories/messages/unread`: unread messages in the caller's purchases and in the orders they fulfil. */
export const ThreadUnread = z.object({ asBuyer: z.number().int(), asDeveloper: z.number().int() });
export type ThreadUnread = z.infer<typeof ThreadUnread>;

/** `GET .../messages/stream?after=&wait=`: events after message `after`, then live ones for `wait` seconds. */
export const ThreadStreamQuery = z.object({
  /** The last line the client has (0: none yet). */
  after: z
    .string({ error: MSG.badRequest })
    .regex(/^\d{1,16}$/, { error: MSG.badRequest })
    .transform(Number)
    .optional(),
  wait: z.coerce
    .number({ error: MSG.badRequest })
    .int({ error: MSG.badRequest })
    .min(0, { error: MSG.badRequest })
    .max(THREAD_STREAM_MAX_SECONDS, { error: MSG.badRequest })
    .default(0),
});

/**
 * The live stream's events (server-sent events, `event:` is `type`): a line new or changed
 * (hidden) since the client last saw it, or a read mark of the other side.
 */
export type ThreadStreamEvent = { type: 'message'; message: ThreadMessage } | { type: 'read'; telegramId: string; upTo: string };

/** Ukrainian plural: 1 повідомлення… the form by the number's last digits (1, 2-4, else; 11-14 take the last). */
function pluralForm(n: number): 0 | 1 | 2 {
  const tens = n % 100;
  const last = n % 10;
  if (last === 1 && tens !== 11) return 0;
  if (last >= 2 && last <= 4 && (tens < 12 || tens > 14)) return 1;
  return 2;
}

/** '1 нове повідомлення', '3 нові повідомлення', '5 нових повідомлень' (the bot's notice, the unread badge's label). */
export function newMessagesText(n: number): string {
  return `${n} ${['нове повідомлення', 'нові повідомлення', 'нових повідомлень'][pluralForm(n)]}`;
}
