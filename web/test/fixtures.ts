/** Data builders for the jsdom tests: wire shapes from the contract with plausible defaults. */
import { orderProgress, type HistoryItem, type MyReview, type News, type Subject, type Task, type Teacher, type Transaction, type User } from '@zalik/contract';

/** A catalogue task with only what a list needs; pass the fields a test is about. */
export function task(over: Partial<Task> & Pick<Task, 'id'>): Task {
  return {
    title: `Завдання ${over.id}`,
    description: '',
    identifier: '',
    price: 100,
    discount: 0,
    type: 'REGULAR',
    visible: true,
    autoGenerate: false,
    developer: { telegramId: '100002', username: 'dev_demo', photo: '' },
    teacherId: '1',
    teacher: { id: over.teacherId ?? '1', name: 'Петренко О. В.', subject: { id: '7', name: 'Вища математика' } },
    args: [],
    arguments: [],
    hasTemplate: false,
    document: null,
    template: null,
    deadlineHours: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    rating: { average: 0, count: 0 },
    ...over,
  };
}

/** A task as the buying screens get it: generated from a template, with two arguments. */
export function buyableTask(over: Partial<Task> = {}): Task {
  return task({
    id: '7',
    title: 'Лабораторна робота №1',
    description: 'Звіт у форматі DOCX.',
    identifier: 'docx-template',
    price: 120,
    autoGenerate: true,
    teacherId: '3',
    teacher: { id: '3', name: 'Петренко О. В.', subject: { id: '5', name: 'Вища математика' } },
    args: ['1', '2'],
    arguments: [
      { id: '1', name: 'ПІБ студента', description: 'Прізвище та ініціали' },
      { id: '2', name: 'Група', description: 'Наприклад, КН-21' },
    ],
    hasTemplate: true,
    ...over,
  });
}

export const teacher = (id: string, name: string, subjectId = '7'): Teacher => ({ id, name, subjectId });
export const subject = (id: string, name: string, courseNumber = 1): Subject => ({ id, name, courseNumber });
export const news = (id: string, title: string, animation = 'news-books'): News => ({ id, title, text: `Текст ${title}`, animation });

export function user(telegramId: string, over: Partial<User> = {}): User {
  return {
    telegramId,
    username: `user_${telegramId}`,
    photo: '',
    firstName: 'Іван',
    lastName: 'Петренко',
    courseNumber: 2,
    createdAt: '2026-11-22T13:33:00.000Z',
    isBanned: false,
    roles: ['ROLE_USER'],
    ...over,
    banned: over.isBanned ?? false,
  };
}

export const developer = (telegramId: string, username: string): User =>
  user(telegramId, { username, firstName: 'Тарас', lastName: 'Розробник', courseNumber: 0, createdAt: '2026-01-01T00:00:00.000Z', roles: ['ROLE_USER', 'ROLE_DEVELOPER'] });

export function tx(n: number, over: Partial<Transaction> = {}): Transaction {
  return {
    transactionId: String(n),
    transactionType: 'PURCHASE',
    initials: `Покупка: завдання ${n}`,
    createdTimeStamp: '2026-11-22T13:33:00.000Z',
    amount: 120,
    wallet: 'general',
    ...over,
  };
}

/** An order's task, nested as the answers carry it. */
export const orderTask = (title: string, subject: string, autoGenerate = false): HistoryItem['task'] => ({
  id: '1',
  title,
  type: 'REGULAR',
  autoGenerate,
  teacher: { name: 'Петренко П. П.', subject: { name: subject } },
  developer: { telegramId: '7002', username: 'dev_demo', photo: '' },
  arguments: [],
});

/** A purchase as the history lists it: by default an auto-generated one, done, with one file. */
export function order(over: Partial<HistoryItem> & Pick<HistoryItem, 'id'>): HistoryItem {
  const file = { fileName: 'Лабораторна робота №1.docx', link: `http://127.0.0.1/api/v1/files/${over.id}?exp=1&sig=a` };
  const orderStatus = over.orderStatus ?? 'DONE';
  return {
    taskTitle: 'Лабораторна робота №1',
    subjectName: 'Бази даних',
    developerName: 'dev_demo',
    status: orderProgress(orderStatus),
    orderStatus,
    task: orderTask(over.taskTitle ?? 'Лабораторна робота №1', over.subjectName ?? 'Бази даних', over.autoGenerate ?? true),
    user: { telegramId: '7001', username: 'olena', photo: '' },
    explanationSessionId: null,
    review: null,
    reviewUntil: null,
    unread: 0,
    createdAt: '2026-11-22T13:33:00.000Z',
    fileName: file.fileName,
    link: file.link,
    files: [file],
    message: null,
    autoGenerate: true,
    price: 100,
    deadlineAt: null,
    overdue: false,
    deliveredAt: null,
    acceptUntil: null,
    completedAt: '2026-11-22T13:33:00.000Z',
    revisionsLeft: 0,
    revisionComment: null,
    disputeReason: null,
    disputeOutcome: null,
    cancelledBy: null,
    cancelReason: null,
    allowedReprocess: false,
    arguments: ['Іваненко І. І.', 'КН-21', '7'],
    argumentNames: ['ПІБ студента', 'Група', 'Варіант'],
    ...over,
  };
}

/** A manual order the developer has delivered: waiting for the buyer until `acceptUntil`. */
export function deliveredOrder(over: Partial<HistoryItem> & Pick<HistoryItem, 'id'>): HistoryItem {
  return order({
    taskTitle: 'Контрольна робота',
    subjectName: 'Вища математика',
    orderStatus: 'DELIVERED',
    autoGenerate: false,
    price: 200,
    message: 'Розв’язок у PDF.',
    files: [{ fileName: 'розв’язок.pdf', link: `http://127.0.0.1/f/${over.id}` }],
    fileName: 'розв’язок.pdf',
    link: `http://127.0.0.1/f/${over.id}`,
    deadlineAt: '2026-11-23T13:33:00.000Z',
    deliveredAt: '2026-11-23T10:00:00.000Z',
    acceptUntil: '2026-11-26T10:00:00.000Z',
    completedAt: null,
    revisionsLeft: 2,
    ...over,
  });
}

/** The buyer's review of an order as the history item carries it. */
export function myReview(over: Partial<MyReview> = {}): MyReview {
  return {
    id: '31',
    taskId: '7',
    taskTitle: 'Контрольна робота',
    rating: 4,
    text: 'Добре, вчасно.',
    authorName: 'Олена',
    createdAt: '2026-11-24T10:00:00.000Z',
    editedAt: null,
    reply: null,
    hidden: false,
    hiddenReason: null,
    editableUntil: '2099-11-26T10:00:00.000Z',
    ...over,
  };
}
