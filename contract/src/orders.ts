import { z } from 'zod';
import { Id, IdInput, IsoDate } from './common.js';
import { MSG } from './messages.js';

/** `POST /api/v1/tasks/process` */
export const ProcessBody = z.object({
  taskId: IdInput,
  arguments: z.array(z.string({ error: MSG.argumentEmpty }).max(5000, { error: MSG.invalidField('arguments') }), { error: MSG.argumentEmpty }).max(200, { error: MSG.argumentsCount }),
});
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, { error: MSG.idempotencyKeyInvalid });

export const ORDER_STATUSES = ['IN_PROGRESS', 'DONE', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
});
export type InProgressOrder = z.infer<typeof InProgressOrder>;

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
export const FileIdParam = z.object({ fileId: z.string().regex(/^[1-9]\d{0,15}$/, { error: MSG.linkInvalid }) });

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
export const DownloadQuery = z.object({ exp: z.string().optional(), sig: z.string().optional() });
