import { z } from 'zod';
import { ID_PATTERN, Id, IdInput, IsoDate, PageLimit, PageNumber, PageQuery, pageOf } from './common.js';
import { MSG } from './messages.js';
import { MyReview } from './reviews.js';
import { TASK_TYPES } from './constants.js';
import { Argument } from './catalogue.js';

/** `POST /api/v1/tasks/process` */
export const ProcessBody = z.object({
  taskId: IdInput,
  arguments: z.array(z.string({ error: MSG.argumentEmpty }).max(5000, { error: MSG.invalidField('arguments') }), { error: MSG.argumentEmpty }).max(200, { error: MSG.argumentsCount }),
});
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, { error: MSG.idempotencyKeyInvalid });
/**
 * The headers of a money call: an optional `Idempotency-Key` (8-100 of A-Z a-z 0-9 _ -). The
 * same key from the same user answers the first result and never moves money twice.
 */
export const IdempotencyHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey.optional() });

/**
 * A manual order: IN_PROGRESS (paid into escrow, a deadline) -> DELIVERED (files sent, money
 * still in escrow, an acceptance window) -> DONE (released to the developer) or REFUNDED; a
 * revision sends DELIVERED back to IN_PROGRESS; a dispute holds a DELIVERED order (DISPUTED)
 * until an admin releases or refunds it. An auto-generated order is DONE at once.
 */
export const ORDER_STATUSES = ['IN_PROGRESS', 'DELIVERED', 'DISPUTED', 'DONE', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** An order's state in words: the buyer's history and the accountant's CSV say the same. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  IN_PROGRESS: 'В роботі',
  DELIVERED: 'Очікує перевірки',
  DISPUTED: 'Спір',
  DONE: 'Виконано',
  REFUNDED: 'Кошти повернуто',
};

/**
 * An order's `status` as the product's clients read it: IN_PROGRESS until files are delivered,
 * COMPLETED once they are (delivered, disputed or done: the download shows), FAILED once
 * refunded. The escrow's own state is `orderStatus` (Zalik's app reads that).
 */
export const ORDER_PROGRESS = ['IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type OrderProgress = (typeof ORDER_PROGRESS)[number];
export const orderProgress = (status: OrderStatus): OrderProgress =>
  status === 'IN_PROGRESS' ? 'IN_PROGRESS' : status === 'REFUNDED' ? 'FAILED' : 'COMPLETED';

/** Who cancelled a refunded order (null while it is not refunded). */
export const ORDER_CANCELLED_BY = ['STUDENT', 'DEVELOPER', 'ADMIN', 'SYSTEM'] as const;
export type OrderCancelledBy = (typeof ORDER_CANCELLED_BY)[number];
/** Who made a change of state: the buyer, the developer, an admin, or a timer. */
export const ORDER_ACTORS = ['STUDENT', 'DEVELOPER', 'ADMIN', 'SYSTEM'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];
export const DISPUTE_OUTCOMES = ['RELEASE', 'REFUND'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** Longest revision comment, dispute reason and developer's cancel reason, in characters. */
export const REVISION_COMMENT_MAX = 2000;
export const DISPUTE_REASON_MAX = 2000;
export const CANCEL_REASON_MAX = 1000;

export const FileLink = z.object({ fileName: z.string(), link: z.string() });
export type FileLink = z.infer<typeof FileLink>;

/** A buyer or a developer of an order, as the newest client shows them (avatar and username). */
export const OrderParty = z.object({ telegramId: Id, username: z.string(), photo: z.string() });
export type OrderParty = z.infer<typeof OrderParty>;

/**
 * The task an order was bought from, nested as the product's newest client reads it. Title,
 * teacher and subject are what the buyer saw at purchase; the developer and the arguments are
 * today's (`arguments` empty when they no longer line up with the values bought with).
 */
export const OrderTask = z.object({
  id: Id,
  title: z.string(),
  type: z.enum(TASK_TYPES),
  autoGenerate: z.boolean(),
  teacher: z.object({ name: z.string(), subject: z.object({ name: z.string() }) }),
  developer: OrderParty,
  arguments: z.array(Argument),
});
export type OrderTask = z.infer<typeof OrderTask>;

export const ProcessedTask = z.object({
  id: Id,
  developerName: z.string(),
  subjectName: z.string(),
  taskTitle: z.string(),
  autoGenerate: z.boolean(),
  fileName: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: IsoDate,
  message: z.string().nullable(),
  /** The clients' status (ORDER_PROGRESS); the escrow's state is `orderStatus`. */
  status: z.enum(ORDER_PROGRESS),
  orderStatus: z.enum(ORDER_STATUSES),
  task: OrderTask,
  /** UAH taken from the buyer's wallet for this order (0 for a free take or a 100 % discount). */
  charged: z.number(),
  /** The task's developer or an admin took it without paying: no money moved, nobody is paid on delivery. */
  free: z.boolean(),
  /** A manual order's deadline ('Виконати до …'); null for an auto-generated one. */
  deadlineAt: IsoDate.nullable(),
  /** The order's tutor chat ("Пояснення"); null while the order has nothing to explain or explanations are off. */
  explanationSessionId: Id.nullable(),
});
export type ProcessedTask = z.infer<typeof ProcessedTask>;

export const HistoryItem = z.object({
  id: Id,
  taskTitle: z.string(),
  subjectName: z.string(),
  developerName: z.string(),
  /** The clients' status (ORDER_PROGRESS); the escrow's state is `orderStatus`. */
  status: z.enum(ORDER_PROGRESS),
  orderStatus: z.enum(ORDER_STATUSES),
  task: OrderTask,
  /** The buyer (the developer's and admins' lists show them). */
  user: OrderParty,
  createdAt: IsoDate,
  fileName: z.string().nullable(),
  link: z.string().nullable(),
  files: z.array(FileLink),
  message: z.string().nullable(),
  autoGenerate: z.boolean(),
  price: z.number(),
  /** A manual order's deadline; null for an auto-generated one. Moves on with each revision. */
  deadlineAt: IsoDate.nullable(),
  /** The deadline has passed and nothing is delivered: the buyer may cancel for a full refund (`POST .../cancel`). */
  overdue: z.boolean(),
  /** When the files were last delivered (null before). */
  deliveredAt: IsoDate.nullable(),
  /** DELIVERED: the money goes to the developer at this moment unless the buyer acts first. */
  acceptUntil: IsoDate.nullable(),
  /** When it became DONE or REFUNDED. */
  completedAt: IsoDate.nullable(),
  /** Revisions the buyer may still ask for (0 for an auto-generated order). */
  revisionsLeft: z.number().int(),
  /** The buyer's latest revision comment (null if none was asked). */
  revisionComment: z.string().nullable(),
  /** The buyer's reason, once a dispute was opened. */
  disputeReason: z.string().nullable(),
  /** How an admin resolved the dispute (null while open or never opened). */
  disputeOutcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  /** REFUNDED: who cancelled it. */
  cancelledBy: z.enum(ORDER_CANCELLED_BY).nullable(),
  /** The developer's reason when the developer cancelled it. */
  cancelReason: z.string().nullable(),
  /** An auto-generated order its buyer may still regenerate once, free (`PUT /histories/reprocess/{id}`). */
  allowedReprocess: z.boolean(),
  /** What the buyer entered at purchase (or at the regeneration): the regeneration form starts from them. */
  arguments: z.array(z.string()),
  /**
   * What each of `arguments` is (the task's argument names, e.g. 'ПІБ студента'), in the same
   * order; empty when they no longer line up (a test task's questions, or the task's arguments
   * changed since the purchase). The regeneration form's labels.
   */
  argumentNames: z.array(z.string()),
  /** The order's tutor chat ("Пояснення"); null while the order has nothing to explain or explanations are off. */
  explanationSessionId: Id.nullable(),
  /** The buyer's review of this order (null: none yet). */
  review: MyReview.nullable(),
  /** Until when the buyer may still review it (`POST /histories/{id}/review`); null: not reviewable, or reviewed already. */
  reviewUntil: IsoDate.nullable(),
  /** Messages of the order's thread the caller has not read. */
  unread: z.number().int(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export const InProgressOrder = z.object({
  id: Id,
  user: OrderParty,
  task: OrderTask,
  /** Always IN_PROGRESS here (the clients' status). */
  status: z.enum(ORDER_PROGRESS),
  subjectName: z.string(),
  teacherName: z.string(),
  taskTitle: z.string(),
  arguments: z.array(z.string()),
  /**
   * The field each of `arguments` was entered in, in the same order, as the buyer's form named
   * it: a regular task's argument names, a test's questions ('Питання №2'); empty when they no
   * longer line up (the task's arguments changed since the purchase).
   */
  argumentNames: z.array(z.string()),
  createdAt: IsoDate,
  deadlineAt: IsoDate.nullable(),
  /** Revisions asked so far; the latest comment says what to change. */
  revisions: z.number().int(),
  revisionComment: z.string().nullable(),
  /** Messages of the order's thread the developer has not read. */
  unread: z.number().int(),
});
export type InProgressOrder = z.infer<typeof InProgressOrder>;

/** `POST /api/v1/histories/{id}/revision` */
export const RevisionBody = z.object({
  comment: z
    .string({ error: MSG.revisionCommentRequired })
    .trim()
    .min(1, { error: MSG.revisionCommentRequired })
    .max(REVISION_COMMENT_MAX, { error: MSG.textTooLong(REVISION_COMMENT_MAX) }),
});
/** `POST /api/v1/histories/{id}/dispute` */
export const DisputeBody = z.object({
  reason: z
    .string({ error: MSG.disputeReasonRequired })
    .trim()
    .min(1, { error: MSG.disputeReasonRequired })
    .max(DISPUTE_REASON_MAX, { error: MSG.textTooLong(DISPUTE_REASON_MAX) }),
});
/**
 * `PATCH /api/v1/histories/developer/cancel`. The newest client cancels an order in progress
 * with `reason: ""`; a delivered or completed order needs a reason (the service says so).
 */
export const DeveloperCancelBody = z.object({
  id: IdInput,
  reason: z
    .string({ error: MSG.cancelReasonRequired })
    .trim()
    .max(CANCEL_REASON_MAX, { error: MSG.textTooLong(CANCEL_REASON_MAX) }),
});
/** `PATCH /api/v1/histories/{id}/resolve` */
export const ResolveBody = z.object({ outcome: z.enum(DISPUTE_OUTCOMES, { error: MSG.disputeOutcome }) });
/**
 * `PUT /api/v1/histories/reprocess/{id}`: the corrected arguments, as in a purchase; no body
 * (the newest client) regenerates with the arguments the order was bought with.
 */
export const ReprocessBody = z.object({ arguments: ProcessBody.shape.arguments }).nullish();

/** What happened to an order: each is one row of its history. */
export const ORDER_EVENT_KINDS = [
  'PURCHASE',
  'DELIVERY',
  'ACCEPT',
  'AUTO_RELEASE',
  'REVISION',
  'DISPUTE',
  'RESOLVE_RELEASE',
  'RESOLVE_REFUND',
  'STUDENT_CANCEL',
  'DEVELOPER_CANCEL',
  'AUTO_REFUND',
  'ADMIN_REFUND',
  'REPROCESS',
  'FILES_REPLACED',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** One change of an order's state (`order_events`), oldest first. */
export const OrderEvent = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  actor: z.enum(ORDER_ACTORS),
  /** The user who acted (null for a timer). */
  actorId: Id.nullable(),
  /** The revision comment, dispute reason, cancel reason or the developer's message. */
  note: z.string().nullable(),
  at: IsoDate,
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** `GET /api/v1/histories/disputes` (admin): an open dispute with all an admin needs to decide it. */
export const Dispute = z.object({
  id: Id,
  taskTitle: z.string(),
  subjectName: z.string(),
  teacherName: z.string(),
  price: z.number(),
  arguments: z.array(z.string()),
  buyer: z.object({ telegramId: Id, username: z.string() }),
  developer: z.object({ telegramId: Id, username: z.string() }),
  createdAt: IsoDate,
  deadlineAt: IsoDate.nullable(),
  deliveredAt: IsoDate.nullable(),
  disputedAt: IsoDate,
  disputeReason: z.string(),
  /** The developer's message sent with the files. */
  message: z.string().nullable(),
  files: z.array(FileLink),
  events: z.array(OrderEvent),
});
export type Dispute = z.infer<typeof Dispute>;
export const DisputeList = z.array(Dispute);
/** Disputes per page when only `page` is sent: each carries its whole story, so pages stay short. */
export const DISPUTE_PAGE_SIZE = 10;
/**
 * `?page&limit` of `GET /api/v1/histories/disputes`: without both every open dispute as a plain
 * array (the answer before paging, which existing clients read); with either, one page
 * `{content, last}`, oldest first.
 */
export const DisputesQuery = PageQuery;
export const DisputeListOrPage = z.union([DisputeList, pageOf(Dispute)]);

/** `GET /api/v1/histories/developer/completed`: what a developer delivered, newest first. */
export const DeveloperOrder = z.object({
  id: Id,
  taskTitle: z.string(),
  subjectName: z.string(),
  user: z.object({ telegramId: Id, username: z.string() }),
  /** The clients' status (ORDER_PROGRESS). */
  status: z.enum(ORDER_PROGRESS),
  /** DELIVERED and DISPUTED are waiting for the buyer or an admin; DONE paid; REFUNDED returned. */
  orderStatus: z.enum(ORDER_STATUSES),
  /** UAH the buyer paid. */
  price: z.number(),
  /** UAH this order paid into the developer's wallet (0 until DONE, and for a refund). */
  earned: z.number(),
  createdAt: IsoDate,
  deliveredAt: IsoDate.nullable(),
  completedAt: IsoDate.nullable(),
  /** Messages of the order's thread the developer has not read. */
  unread: z.number().int(),
});
export type DeveloperOrder = z.infer<typeof DeveloperOrder>;
export const DeveloperOrderList = z.array(DeveloperOrder);
/** Orders per page of a history or a developer's queue or completed orders when only `page` is sent. */
export const ORDER_PAGE_SIZE = 20;
/** `?page&limit` of the developer's completed orders: page 0 and a page of ORDER_PAGE_SIZE unless given. */
export const DeveloperOrdersQuery = z.object({ page: PageNumber.default(0), limit: PageLimit.default(ORDER_PAGE_SIZE) });

export const OrderIdParam = z.object({ id: IdInput });

/** Developer's note sent with the files of a manual order (save-file `message` part). */
export const ORDER_MESSAGE_MAX = 2000;

/**
 * Which purchases a history shows (the newest client's filter): every one, auto-generated ones,
 * or the others (manual tasks).
 */
export const HISTORY_TYPES = ['ALL', 'AUTOGENERATE', 'REGULAR'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
/**
 * `?page&limit&type` of `GET /api/v1/histories/user/{telegramId}`: without `page` and `limit`
 * the whole history as a plain array (1.8.7); with either, one page `{content, last}`.
 */
export const HistoryQuery = PageQuery.extend({ type: z.enum(HISTORY_TYPES, { error: MSG.historyTypeInvalid }).default('ALL') });
/** `?page&limit` of the developer's open orders: without both the whole queue as a plain array. */
export const InProgressQuery = PageQuery;
/**
 * `GET /api/v1/histories/developer?isAutoGenerate=&page&limit` (the newest client's developer
 * history): the caller's orders past IN_PROGRESS, newest first, auto-generated ones or the
 * others (`isAutoGenerate` left out: both).
 */
export const DeveloperHistoryQuery = PageQuery.extend({
  isAutoGenerate: z.enum(['true', 'false'], { error: MSG.badRequest }).transform((v) => v === 'true').optional(),
});

/** A signed download link's query: `exp` (unix seconds) and `sig` (base64url HMAC). */
export const FileLinkQuery = z.object({
  exp: z.string().regex(/^\d{1,12}$/, { error: MSG.linkInvalid }),
  sig: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: MSG.linkInvalid }),
});
export const FileIdParam = z.object({ fileId: z.string().regex(ID_PATTERN, { error: MSG.linkInvalid }) });

/**
 * DOCX templates (`docx-template` generator). Tags are docxtemplater placeholders without
 * expressions:
 * - REGULAR task: one `{Argument name}` per argument of the task, e.g. `{Варіант}`.
 * - TEST task: a loop over the answers, `{#answers}{number}. {value}{/answers}`; inside the
 *   loop `{<first argument's name>}` is the same as `{value}`, outside it all answers joined
 *   by `; `.
 */
export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * All parts of a template together, unpacked: a coursework template is far below this; a zip
 * that unpacks to more is refused (counted while inflating, whatever its headers declare).
 */
export const TEMPLATE_MAX_UNPACKED_BYTES = 10 * 1024 * 1024;
/** Placeholders in one template, loops included; a real one has a few dozen. */
export const TEMPLATE_MAX_TAGS = 1000;
export const TEMPLATE_ANSWERS_TAG = 'answers';

/** A test task's question field as the buyer's form names it: after the task's first argument, numbered from 1. */
export const testQuestionLabel = (argumentName: string | undefined, index: number): string => `${argumentName ?? 'Питання'} №${index + 1}`;
export const TEMPLATE_NUMBER_TAG = 'number';
export const TEMPLATE_VALUE_TAG = 'value';

/**
 * Why a template whose placeholders are `tags` (as stored: every tag name once) cannot generate
 * a task of this type and these arguments, or null when it can: a REGULAR task's template names
 * exactly its arguments; a TEST task's loops over the answers with only `number`, `value` and
 * the first argument's name. A library template is checked with it before a task uses it.
 */
export function templateMisfit(tags: readonly string[], type: 'REGULAR' | 'TEST', argumentNames: readonly string[]): { missing: string[]; extra: string[] } | null {
  const names = argumentNames.map((n) => n.trim());
  if (type === 'REGULAR') {
    const missing = names.filter((n) => !tags.includes(n));
    const extra = tags.filter((t) => !names.includes(t));
    return missing.length || extra.length ? { missing, extra } : null;
  }
  const allowed = [TEMPLATE_ANSWERS_TAG, TEMPLATE_NUMBER_TAG, TEMPLATE_VALUE_TAG, ...names.slice(0, 1)];
  const missing = tags.includes(TEMPLATE_ANSWERS_TAG) ? [] : [`#${TEMPLATE_ANSWERS_TAG}`];
  const extra = tags.filter((t) => !allowed.includes(t));
  return missing.length || extra.length ? { missing, extra } : null;
}

/** `GET|PUT /api/v1/tasks/{id}/template` */
export const TaskTemplateInfo = z.object({ fileName: z.string(), tags: z.array(z.string()), uploadedAt: IsoDate });
export type TaskTemplateInfo = z.infer<typeof TaskTemplateInfo>;

export const HistoryList = z.array(HistoryItem);
export const InProgressList = z.array(InProgressOrder);
export const HistoryListOrPage = z.union([HistoryList, pageOf(HistoryItem)]);
export const HistoryPage = pageOf(HistoryItem);
export const InProgressListOrPage = z.union([InProgressList, pageOf(InProgressOrder)]);
/** `GET /api/v1/files/{fileId}` as routed; the handler checks them against FileIdParam and FileLinkQuery. */
export const DownloadParam = z.object({ fileId: z.string() });
/** `for=staff`: a link made for an admin or the order's developer, which outlives a refund of the order. */
export const DownloadQuery = z.object({ exp: z.string().optional(), sig: z.string().optional(), for: z.string().optional() });
