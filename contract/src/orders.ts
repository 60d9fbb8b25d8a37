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
