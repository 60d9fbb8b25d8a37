import { z } from 'zod';
import { Id, IdInput, IsoDate, KyivDate } from './common.js';
import { MSG } from './messages.js';

/** What an admin did, one name per kind of action (docs/SECURITY.md "Audit trail"). */
export const AUDIT_ACTIONS = [
  'user.ban',
  'user.unban',
  'user.role',
  'wallet.topup',
  'maintenance.switch',
  'withdrawal.paid',
  'withdrawal.rejected',
  'dispute.resolve',
  'order.refund',
  'bank.credit',
  'deposit.refund',
  'discount.set',
  'discount.edit',
  'discount.delete',
  'catalogue.delete',
  'template.change',
  'identifier.create',
  'identifier.update',
  'identifier.delete',
  'broadcast.send',
  'review.hide',
  'message.hide',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the admin screen names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.ban': 'Блокування користувача',
  'user.unban': 'Розблокування користувача',
  'user.role': 'Надання ролі',
  'wallet.topup': 'Поповнення гаманця',
  'maintenance.switch': 'Технічні роботи',
  'withdrawal.paid': 'Виплату позначено',
  'withdrawal.rejected': 'Виплату відхилено',
  'dispute.resolve': 'Рішення спору',
  'order.refund': 'Повернення за замовлення',
  'bank.credit': 'Зарахування банківського платежу',
  'deposit.refund': 'Повернення Telegram Stars',
  'discount.set': 'Встановлення знижки',
  'discount.edit': 'Зміна знижки',
  'discount.delete': 'Видалення знижки',
  'catalogue.delete': 'Видалення з каталогу',
  'template.change': 'Зміна шаблону завдання',
  'identifier.create': 'Новий шаблон бібліотеки',
  'identifier.update': 'Зміна шаблону бібліотеки',
  'identifier.delete': 'Видалення шаблону бібліотеки',
  'broadcast.send': 'Розсилка',
  'review.hide': 'Приховування відгуку',
  'message.hide': 'Приховання повідомлення',
};

/** How the admin screen names what an action acted on (a target is `<kind>:<id>`). */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  user: 'Користувач',
  wallet: 'Гаманець користувача',
  order: 'Замовлення',
  withdrawal: 'Виплата',
  deposit: 'Поповнення',
  'bank-payment': 'Банківський платіж',
  discount: 'Знижка',
  task: 'Завдання',
  tasks: 'Завдання',
  subject: 'Предмет',
  teacher: 'Викладач',
  argument: 'Поле',
  news: 'Новина',
  faq: 'Питання',
  broadcast: 'Розсилка',
  identifier: 'Шаблон бібліотеки',
  maintenance: 'Технічне обслуговування',
  review: 'Відгук',
};

/** How the admin screen names a recorded field (an unknown one shows as recorded). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  banned: 'Заблоковано',
  ROLE_ADMIN: 'Роль адміністратора',
  ROLE_DEVELOPER: 'Роль розробника',
  amountUah: 'Сума, грн',
  payoutUah: 'До виплати, грн',
  priceUah: 'Ціна, грн',
  status: 'Статус',
  state: 'Стан',
  outcome: 'Рішення',
  reason: 'Причина',
  stars: 'Зірки',
  enabled: 'Увімкнено',
  message: 'Повідомлення',
  type: 'Тип',
  discountValue: 'Знижка, %',
  availableValue: 'Активацій',
  validFrom: 'Діє з',
  validTo: 'Діє до',
  telegramId: 'Користувач',
  telegramIds: 'Користувачі',
  taskId: 'Завдання',
  created: 'Створено',
  updated: 'Змінено',
  name: 'Назва',
  title: 'Назва',
  question: 'Питання',
  courseNumber: 'Курс',
  subjectId: 'Предмет',
  teacherId: 'Викладач',
  fileName: 'Файл',
  tags: 'Теги',
  audience: 'Кому',
  recipients: 'Отримувачів',
  files: 'Файлів',
  hidden: 'Приховано',
  rating: 'Оцінка',
  orderId: 'Замовлення',
};

/** How the admin screen shows the recorded states and kinds (other values show as recorded). */
export const AUDIT_VALUE_LABELS: Record<string, string> = {
  all: 'усім',
  PENDING: 'очікує',
  PAID: 'сплачено',
  REJECTED: 'відхилено',
  FAILED: 'відхилено',
  REFUNDING: 'повертається',
  REFUNDED: 'повернено',
  IN_PROGRESS: 'в роботі',
  DELIVERED: 'здано',
  DISPUTED: 'спір',
  DONE: 'виконано',
  RELEASE: 'гроші розробнику',
  REFUND: 'гроші студенту',
  UNMATCHED: 'без коду',
  CREDITED: 'зараховано',
  GLOBAL: 'для всіх',
  LOCAL: 'персональна',
};

/** Audit rows per page on the admin screen. */
export const AUDIT_PAGE_SIZE = 20;

/** One recorded admin action: who, what, on what, the values before and after, and from where. */
export const AuditEntry = z.object({
  id: Id,
  at: IsoDate,
  admin: z.object({ telegramId: Id, username: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  /** What it acted on, e.g. `user:123`, `order:45`, `withdrawal:7`. */
  target: z.string(),
  /** The user it touched, when it touched one (the banned user, the wallet's owner, the order's buyer). */
  userId: Id.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ content: z.array(AuditEntry), last: z.boolean() });
export type AuditPage = z.infer<typeof AuditPage>;

const pageNumber = z.coerce.number({ error: MSG.pageInvalid }).int({ error: MSG.pageInvalid }).min(0, { error: MSG.pageInvalid }).max(100000, { error: MSG.pageInvalid });
const limitNumber = z.coerce.number({ error: MSG.limitInvalid }).int({ error: MSG.limitInvalid }).min(1, { error: MSG.limitInvalid }).max(100, { error: MSG.limitInvalid });

/** Who did it, what, and to whom: the filters the list and its CSV export share. */
export const AuditFilters = z.object({
  adminId: IdInput.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: MSG.badRequest }).optional(),
  userId: IdInput.optional(),
});
export type AuditFilters = z.infer<typeof AuditFilters>;

/** `GET /api/v1/audit?page&limit&adminId&action&userId&from&to`: every filter optional; `from`..`to` are Kyiv days, both included. */
export const AuditQuery = AuditFilters.extend({
  page: pageNumber.default(0),
  limit: limitNumber.default(20),
  from: KyivDate.optional(),
  to: KyivDate.optional(),
});

/** The CSV export's header row, in column order. */
export const AUDIT_EXPORT_COLUMNS = [
  'ID', 'Дата і час (Київ)', 'Адміністратор (Telegram ID)', 'Адміністратор', 'Дія', "Об'єкт", 'Користувач (Telegram ID)', 'До', 'Після', 'Запит', 'IP',
] as const;
export type AuditQuery = z.infer<typeof AuditQuery>;
