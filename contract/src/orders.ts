import { z } from 'zod';
import { ID_PATTERN, Id, IdInput, IsoDate } from './common.js';
import { MSG } from './messages.js';

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
  status: z.enum(ORDER_STATUSES),
  /** UAH taken from the buyer's wallet for this order (0 for a free take or a 100 % discount). */
  charged: z.number(),
  /** The task's developer or an admin took it without paying: no money moved, nobody is paid on delivery. */
  free: z.boolean(),
  /** A manual order's deadline ('Виконати до …'); null for an auto-generated one. */
  deadlineAt: IsoDate.nullable(),
});
export type ProcessedTask = z.infer<typeof ProcessedTask>;

export const HistoryItem = z.object({
  id: Id,
  taskTitle: z.string(),
  subjectName: z.string(),
  developerName: z.string(),
  status: z.enum(ORDER_STATUSES),
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
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export const InProgressOrder = z.object({
  id: Id,
  user: z.object({ telegramId: Id, username: z.string() }),
  subjectName: z.string(),
  teacherName: z.string(),
  taskTitle: z.string(),
  arguments: z.array(z.string()),
  createdAt: IsoDate,
  deadlineAt: IsoDate.nullable(),
  /** Revisions asked so far; the latest comment says what to change. */
  revisions: z.number().int(),
  revisionComment: z.string().nullable(),
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
/** `PATCH /api/v1/histories/developer/cancel` */
export const DeveloperCancelBody = z.object({
  id: IdInput,
  reason: z
    .string({ error: MSG.cancelReasonRequired })
    .trim()
    .min(1, { error: MSG.cancelReasonRequired })
    .max(CANCEL_REASON_MAX, { error: MSG.textTooLong(CANCEL_REASON_MAX) }),
});
/** `PATCH /api/v1/histories/{id}/resolve` */
export const ResolveBody = z.object({ outcome: z.enum(DISPUTE_OUTCOMES, { error: MSG.disputeOutcome }) });
/** `PUT /api/v1/histories/reprocess/{id}`: the corrected arguments, as in a purchase. */
export const ReprocessBody = z.object({ arguments: ProcessBody.shape.arguments });

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

/** `GET /api/v1/histories/developer/completed`: what a developer delivered, newest first. */
export const DeveloperOrder = z.object({
  id: Id,
  taskTitle: z.string(),
  subjectName: z.string(),
  user: z.object({ telegramId: Id, username: z.string() }),
  /** DELIVERED and DISPUTED are waiting for the buyer or an admin; DONE paid; REFUNDED returned. */
  status: z.enum(ORDER_STATUSES),
  /** UAH the buyer paid. */
  price: z.number(),
  /** UAH this order paid into the developer's wallet (0 until DONE, and for a refund). */
  earned: z.number(),
  createdAt: IsoDate,
  deliveredAt: IsoDate.nullable(),
  completedAt: IsoDate.nullable(),
});
export type DeveloperOrder = z.infer<typeof DeveloperOrder>;
export const DeveloperOrderList = z.array(DeveloperOrder);
/** `?page&limit` of the developer's completed orders: page 0 and 20 a page unless given. */
export const DeveloperOrdersQuery = z.object({
  page: z.coerce.number({ error: MSG.pageInvalid }).int({ error: MSG.pageInvalid }).min(0, { error: MSG.pageInvalid }).max(100000, { error: MSG.pageInvalid }).default(0),
  limit: z.coerce.number({ error: MSG.limitInvalid }).int({ error: MSG.limitInvalid }).min(1, { error: MSG.limitInvalid }).max(50, { error: MSG.limitInvalid }).default(20),
});

export const OrderIdParam = z.object({ id: IdInput });

/** Developer's note sent with the files of a manual order (save-file `message` part). */
export const ORDER_MESSAGE_MAX = 2000;

/** `?page&limit` of `GET /api/v1/histories/user/{telegramId}`: without them, the whole history. */
export const HistoryQuery = z.object({
  page: z.coerce.number({ error: MSG.badRequest }).int().min(0).optional(),
  limit: z.coerce.number({ error: MSG.badRequest }).int().min(1).max(100).optional(),
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
export const TEMPLATE_NUMBER_TAG = 'number';
export const TEMPLATE_VALUE_TAG = 'value';

/** `GET|PUT /api/v1/tasks/{id}/template` */
export const TaskTemplateInfo = z.object({ fileName: z.string(), tags: z.array(z.string()), uploadedAt: IsoDate });
export type TaskTemplateInfo = z.infer<typeof TaskTemplateInfo>;

export const HistoryList = z.array(HistoryItem);
export const InProgressList = z.array(InProgressOrder);
/** `GET /api/v1/files/{fileId}` as routed; the handler checks them against FileIdParam and FileLinkQuery. */
export const DownloadParam = z.object({ fileId: z.string() });
/** `for=staff`: a link made for an admin or the order's developer, which outlives a refund of the order. */
export const DownloadQuery = z.object({ exp: z.string().optional(), sig: z.string().optional(), for: z.string().optional() });
