/**
 * Who may call what: one row per route of the app (method + Fastify pattern), read by
 * permissions-matrix.test.ts, which calls every route as every actor and checks the answer
 * against the row. The rows of the API's calls come from the contract's endpoint table: who
 * may call follows the endpoint's access (public: everyone; user: any signed-in user who is
 * not banned; developer; admin), and EXCEPTIONS below states only what differs (a handler's
 * own check, self-or-admin data) and the sample request of a call that needs one.
 *
 * "Allowed" means the server let the caller through (any answer but 401/403): a 404 for a
 * missing id or a 400 for a short balance is still an allowed call.
 */
import type { InjectOptions } from 'fastify';
import { endpoints, type Endpoint } from '@zalik/contract';
import { createTokenService } from '../src/lib/jwt.js';
import { ADMIN_ID, auth, grantRole, login, signInitData, type TestContext } from './helpers.js';
import { makeArgument, makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { multipart, type Part } from './docx.js';

export const ACTORS = ['anonymous', 'expired', 'banned', 'student', 'developer', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/** The world each row's sample request refers to; built once per test file by `buildWorld`. */
export interface World {
  id: Record<'banned' | 'student' | 'developer' | 'admin' | 'other', number>;
  token: Record<Actor, string | null>;
  subjectId: number;
  teacherId: number;
  argumentId: number;
  /** Manual, visible, owned by the developer. */
  taskId: number;
  /** Catalogue rows that DELETE rows may remove. */
  spare: { subjectId: number; teacherId: number; argumentId: number; taskId: number };
  /** Orders of the student for the developer: one to deliver, one to refund, one delivered, one for the developer to cancel. */
  deliverOrderId: number;
  refundOrderId: number;
  deliveredOrderId: number;
  cancelOrderId: number;
  /** Orders of the student the developer delivered and the student accepted (DONE): one not reviewed, one reviewed. */
  doneOrderId: number;
  reviewedOrderId: number;
  /** The student's review of `reviewedOrderId`. */
  reviewId: string;
  /** A signed download link of a delivered file: path and query. */
  fileUrl: string;
  /** A signed link to a CSV export made for the admin: path and query. */
  exportUrl: string;
}

export interface Sample {
  /** Path parameters; `telegramId` defaults to the caller's own id. */
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  parts?: Part[];
  /** The whole path and query, when it is not built from a pattern (a signed link). */
  url?: string;
}

export interface Row {
  allow: readonly Actor[];
  /** `/user/{telegramId}` routes: also called with someone else's id, allowed for admins only. */
  selfOrAdmin?: true;
  /** Exists only in demo mode (no BOT_TOKEN, not production). */
  demoOnly?: true;
  sample?: (w: World, actor: Actor) => Sample;
}

const ALL: readonly Actor[] = ACTORS;
const SIGNED: readonly Actor[] = ['student', 'developer', 'admin'];
const ADMIN: readonly Actor[] = ['admin'];
const DEVELOPER: readonly Actor[] = ['developer'];
/** The task's own developer, or an admin (DOCX templates). */
const TASK_OWNER: readonly Actor[] = ['developer', 'admin'];
const MISSING = 999_999;
const txt = (name = 'answer.txt'): Part => ({ name: 'file', filename: name, contentType: 'text/plain', value: 'Відповідь' });

/** Routes beside the endpoint table: health checks and the API's documentation. */
const OUTSIDE_TABLE: Record<string, Row> = {
  'GET /healthz': { allow: ALL },
  'GET /livez': { allow: ALL },
  'GET /readyz': { allow: ALL },
  'GET /api/docs': { allow: ALL },
  'GET /api/docs/static/index.html': { allow: ALL },
  'GET /api/docs/static/swagger-initializer.js': { allow: ALL },
  'GET /api/docs/json': { allow: ALL },
  'GET /api/docs/yaml': { allow: ALL },
  'GET /api/docs/static/*': { allow: ALL, sample: () => ({ params: { '*': 'swagger-ui.css' } }) },
};

/** What differs from an endpoint's access, and the sample requests, keyed by the table's `METHOD path`. */
export const EXCEPTIONS: Record<string, Partial<Omit<Row, 'demoOnly'>>> = {
  'POST /api/v1/users/auth': {
    sample: (w, a) => ({ body: signInitData({ id: a in w.id ? w.id[a as keyof World['id']] : 880_001, username: `u${a}` }) }),
  },
  'PATCH /api/v1/users/me/course': { sample: () => ({ body: { courseNumber: 2 } }) },
  'PATCH /api/v1/users/course_number': { sample: () => ({ body: { courseNumber: 2 } }) },
  'GET /api/v1/users/role/:role': { sample: () => ({ params: { role: 'ROLE_USER' } }) },
  'GET /api/v1/users': { sample: () => ({ query: 'page=0&limit=5' }) },
  'GET /api/v1/users/search': { sample: () => ({ query: 'prefix=9&username=u&page=0&limit=5' }) },
  'GET /api/v1/users/developer/:subjectId': { sample: (w) => ({ params: { subjectId: w.subjectId } }) },
  'GET /api/v1/users/:telegramId': { sample: (w) => ({ params: { telegramId: w.id.other } }) },
  'PATCH /api/v1/users/:telegramId/ban': { sample: (w) => ({ params: { telegramId: w.id.other }, query: 'value=false' }) },
  'PATCH /api/v1/users/:telegramId/roles': { sample: (w) => ({ params: { telegramId: w.id.other }, body: { roleName: 'ROLE_DEVELOPER' } }) },
  'DELETE /api/v1/users/:telegramId/roles/:role': { sample: (w) => ({ params: { telegramId: w.id.other, role: 'ROLE_DEVELOPER' } }) },
  'PATCH /api/v1/users/toggle_ban_status': { sample: (w) => ({ query: `telegramId=${w.id.other}&value=false` }) },
  'PATCH /api/v1/users/toggle_role': { sample: (w) => ({ body: { telegramId: String(w.id.other), roleName: 'ROLE_DEVELOPER' } }) },

  'GET /api/v1/subjects/course-number/:n': { sample: () => ({ params: { n: 1 } }) },
  'POST /api/v1/subjects/subject': { sample: () => ({ body: { name: 'Фізика', courseNumber: 2 } }) },
  'PATCH /api/v1/subjects/:id': { sample: (w) => ({ params: { id: w.subjectId }, body: { name: '', courseNumber: '' } }) },
  'DELETE /api/v1/subjects/:id': { sample: (w) => ({ params: { id: w.spare.subjectId } }) },
  'GET /api/v1/teachers/subject/:subjectId': { sample: (w) => ({ params: { subjectId: w.subjectId } }) },
  'POST /api/v1/teachers/teacher': { sample: (w) => ({ body: { name: 'Петренко П. П.', subjectId: w.subjectId } }) },
  'PUT /api/v1/teachers/:id': { sample: (w) => ({ params: { id: w.teacherId }, body: { name: 'Іваненко І. І.' } }) },
  'PUT /api/v1/teachers/teacher': { sample: (w) => ({ body: { id: w.teacherId, name: 'Іваненко І. І.' } }) },
  'PUT /api/v1/subjects/subject': { sample: (w) => ({ body: { id: w.subjectId, name: 'Вища математика', courseNumber: 1 } }) },
  'PUT /api/v1/arguments/argument': { sample: (w) => ({ body: { id: w.argumentId, name: 'Варіант', description: 'Номер варіанту' } }) },
  'PUT /api/v1/tasks/task': {
    sample: (w) => ({
      body: { id: w.taskId, title: 'Курсова', description: '', price: 50, type: 'REGULAR', developerTelegramId: w.id.developer, autoGenerate: false, visible: true, teacherId: w.teacherId, arguments: [] },
    }),
  },
  'DELETE /api/v1/teachers/:id': { sample: (w) => ({ params: { id: w.spare.teacherId } }) },
  'POST /api/v1/arguments/argument': { sample: () => ({ body: { name: 'Група', description: 'Назва групи' } }) },
  'PATCH /api/v1/arguments/:id': { sample: (w) => ({ params: { id: w.argumentId }, body: { name: '', description: '' } }) },
  'DELETE /api/v1/arguments/:id': { sample: (w) => ({ params: { id: w.spare.argumentId } }) },
  'GET /api/v1/tasks/teacher/:teacherId': { sample: (w) => ({ params: { teacherId: w.teacherId } }) },
  'POST /api/v1/tasks/task': {
    sample: (w) => ({
      body: { title: 'Курсова', description: '', identifier: '', price: 50, type: 'REGULAR', developerTelegramId: w.id.developer, autoGenerate: false, teacherId: w.teacherId, args: null },
    }),
  },
  'GET /api/v1/tasks/search': { sample: () => ({ query: 'title=a&limit=5' }) },
  'GET /api/v1/search': { sample: () => ({ query: `q=${encodeURIComponent('курсова')}&limit=5` }) },
  'PATCH /api/v1/tasks/:id': { sample: (w) => ({ params: { id: w.taskId }, body: { title: '', visible: true } }) },
  'POST /api/v1/tasks/:id/share': { sample: (w) => ({ params: { id: w.taskId } }) },
  'DELETE /api/v1/tasks/:id': { sample: (w) => ({ params: { id: w.spare.taskId } }) },
  'POST /api/v1/news/news': { sample: () => ({ body: { title: 'Новина', text: 'Текст' } }) },
  'PATCH /api/v1/news/:id': { sample: () => ({ params: { id: MISSING }, body: { title: 'Новина' } }) },
  'DELETE /api/v1/news/:id': { sample: () => ({ params: { id: MISSING } }) },
  'POST /api/v1/faq/faq': { sample: () => ({ body: { question: 'Як?', answer: 'Так.' } }) },
  'PATCH /api/v1/faq/:id': { sample: () => ({ params: { id: MISSING }, body: { answer: 'Так.' } }) },
  'DELETE /api/v1/faq/:id': { sample: () => ({ params: { id: MISSING } }) },

  'GET /api/v1/wallets/user/:telegramId': { selfOrAdmin: true },
  'GET /api/v1/transactions/history/user/:telegramId': { selfOrAdmin: true, sample: () => ({ query: 'page=0&limit=5' }) },
  'PATCH /api/v1/wallets/deposit': { sample: (w) => ({ body: { userTelegramId: w.id.other, amount: 100 } }) },
  // Developers only, checked in the handler: the dev wallet is the one paid out.
  'PATCH /api/v1/wallets/withdraw': { allow: DEVELOPER, sample: () => ({ body: { cardNumber: '4111111111111111', amount: 100 } }) },
  'PATCH /api/v1/wallets/withdrawals/:id': { sample: () => ({ params: { id: MISSING }, body: { status: 'REJECTED' } }) },
  'GET /api/v1/wallets/:telegramId': { selfOrAdmin: true },
  'PATCH /api/v1/wallets/payment_details': { sample: () => ({ body: { walletId: MISSING, paymentDetails: '4111111111111111', paymentDetailsType: 'BANK_CARD' } }) },
  'POST /api/v1/transactions/withdraw': { sample: () => ({ body: { amount: 1000, encodedWalletId: MISSING } }) },
  'PATCH /api/v1/transactions/confirm-withdraw': { sample: () => ({ body: { transactionId: MISSING, status: 'FAILED', errorMessage: 'Перевірка прав' } }) },
  // A missing wallet answers 404 to every signed-in caller; someone else's wallet is refused (payouts-api.test.ts).
  'GET /api/v1/transactions/transaction/:walletId': { sample: () => ({ params: { walletId: MISSING } }) },
  // The same code twice is answered without asking the bank.
  'GET /api/v1/exchange-rates/rate/:from/:to': { sample: () => ({ params: { from: 840, to: 840 } }) },
  'PATCH /api/v1/maintenance/status': { sample: () => ({ body: { enabled: false } }) },
  'GET /api/v1/notifications/recipients': { sample: () => ({ query: 'courseNumber=all' }) },
  'POST /api/v1/notifications/alarm': { sample: () => ({ parts: [{ name: 'courseNumber', value: '4' }, { name: 'message', value: 'Перевірка прав' }] }) },
  'GET /api/v1/notifications/broadcasts/:id': { sample: () => ({ params: { id: MISSING } }) },
  'POST /api/v1/dashboard/exports': { sample: () => ({ body: { kind: 'orders', from: '2026-01-01', to: '2026-01-31' } }) },
  // Public on purpose, like order files: the signed link made for a current admin is the permission.
  'GET /api/v1/dashboard/exports/:kind': { sample: (w) => ({ url: w.exportUrl }) },
  // The bank path: a Stars request would ask the Bot API, which this world has none of.
  'POST /api/v1/transactions/request/deposit': { sample: () => ({ body: { amount: 100, provider: 'MONOBANK' } }) },
  'GET /api/v1/transactions/request/deposit/:id': { sample: () => ({ params: { id: MISSING } }) },
  'POST /api/v1/transactions/request/deposit/:id/refund': { sample: () => ({ params: { id: MISSING } }) },
  'POST /api/v1/transactions/bank-payments/:id/credit': { sample: (w) => ({ params: { id: 'no-such-item' }, body: { userTelegramId: w.id.other } }) },
  // Public on purpose: the bank calls it unsigned; it only brings the next statement read forward.
  'POST /api/v1/transactions/monobank/webhook': { sample: () => ({ body: { type: 'StatementItem', data: { account: 'jar' } } }) },

  'POST /api/v1/tasks/process': { sample: (w) => ({ body: { taskId: w.taskId, arguments: ['12'] } }) },
  'GET /api/v1/histories/user/:telegramId': { selfOrAdmin: true },
  'PATCH /api/v1/histories/history/:id/developer/save-file': {
    sample: (w) => ({ params: { id: w.deliverOrderId }, parts: [txt(), { name: 'message', value: 'Готово' }] }),
  },
  'PATCH /api/v1/histories/developer/save_file': { sample: (w) => ({ parts: [{ name: 'id', value: String(w.deliverOrderId) }, txt()] }) },
  'GET /api/v1/histories/developer': { sample: () => ({ query: 'isAutoGenerate=false&page=0&limit=5' }) },
  'POST /api/v1/histories/history/:id/refund': { sample: (w) => ({ params: { id: w.refundOrderId } }) },
  // The buyer's own order only, checked in the handler (anyone else: 403).
  'POST /api/v1/histories/:id/accept': { allow: ['student'], sample: (w) => ({ params: { id: w.deliveredOrderId } }) },
  'POST /api/v1/histories/:id/revision': { allow: ['student'], sample: (w) => ({ params: { id: w.deliveredOrderId }, body: { comment: 'Додайте висновки' } }) },
  'POST /api/v1/histories/:id/dispute': { allow: ['student'], sample: (w) => ({ params: { id: w.deliveredOrderId }, body: { reason: 'Не той варіант' } }) },
  'POST /api/v1/histories/:id/cancel': { allow: ['student'], sample: (w) => ({ params: { id: w.deliverOrderId } }) },
  'PUT /api/v1/histories/reprocess/:id': { allow: ['student'], sample: (w) => ({ params: { id: w.deliveredOrderId }, body: { arguments: ['8'] } }) },
  'PATCH /api/v1/histories/developer/cancel': { sample: (w) => ({ body: { id: w.cancelOrderId, reason: 'Не встигаю' } }) },
  // Its paged form; the whole list (no query) answers the same callers (disputes-paging.test.ts).
  'GET /api/v1/histories/disputes': { sample: () => ({ query: 'page=0&limit=5' }) },
  'PATCH /api/v1/histories/:id/resolve': { sample: (w) => ({ params: { id: w.deliveredOrderId }, body: { outcome: 'REFUND' } }) },
  'PUT /api/v1/histories/history/update/:id': { sample: (w) => ({ params: { id: w.deliveredOrderId }, parts: [txt('нова-відповідь.txt')] }) },
  // The task's own developer or an admin, checked in the handler.
  'PUT /api/v1/tasks/:id/template': { allow: TASK_OWNER, sample: (w) => ({ params: { id: w.taskId }, parts: [txt('template.docx')] }) },
  'GET /api/v1/tasks/:id/template': { allow: TASK_OWNER, sample: (w) => ({ params: { id: w.taskId } }) },
  // Public on purpose: the signed link is the permission (Telegram downloads without our token).
  'GET /api/v1/files/:fileId': { sample: (w) => ({ url: w.fileUrl }) },

  // Reviews: the buyer's own DONE order only, checked in the handler (anyone else: 403).
  'POST /api/v1/histories/:id/review': { allow: ['student'], sample: (w) => ({ params: { id: w.doneOrderId }, body: { rating: 5, text: 'Дякую' } }) },
  'PUT /api/v1/histories/:id/review': { allow: ['student'], sample: (w) => ({ params: { id: w.reviewedOrderId }, body: { rating: 4 } }) },
  // The developer of the reviewed order (another developer: 403 in the handler, reviews.test.ts).
  'POST /api/v1/reviews/:id/reply': { sample: (w) => ({ params: { id: w.reviewId }, body: { text: 'Дякую за відгук' } }) },
  'POST /api/v1/reviews/:id/hide': { sample: (w) => ({ params: { id: w.reviewId }, body: { reason: 'Образи' } }) },
  'GET /api/v1/tasks/:taskId/reviews': { sample: (w) => ({ params: { taskId: w.taskId }, query: 'page=0&limit=5' }) },
  'GET /api/v1/users/developer/:telegramId/profile': { sample: (w) => ({ params: { telegramId: w.id.developer } }) },

  'POST /api/v1/discounts/discount': {
    sample: (w) => ({ body: { type: 'GLOBAL', discountValue: 10, availableValue: null, telegramId: null, taskId: w.taskId } }),
  },
  'GET /api/v1/discounts/task/:taskId': { sample: (w) => ({ params: { taskId: w.taskId } }) },
  'PUT /api/v1/discounts/discount': { sample: () => ({ body: { discountId: MISSING, value: 10, activationLimit: 0, from: '', to: '' } }) },
  'GET /api/v1/identifiers': { sample: () => ({ query: 'page=0&limit=5' }) },
  'POST /api/v1/identifiers/identifier': { sample: () => ({ parts: [{ name: 'name', value: 'docx-template' }, { name: 'description', value: 'Генератор' }] }) },
  'PUT /api/v1/identifiers/identifier/:id': { sample: () => ({ params: { id: MISSING } }) },
  'DELETE /api/v1/identifiers/:id': { sample: () => ({ params: { id: MISSING } }) },
  'GET /api/v1/discounts/GLOBAL': { sample: () => ({ query: 'page=0&limit=10' }) },
  'GET /api/v1/discounts/LOCAL': { sample: () => ({ query: 'page=0&limit=10' }) },
  'GET /api/v1/discounts': { sample: () => ({ query: 'type=LOCAL&search=a&page=0&limit=5' }) },
  'GET /api/v1/discounts/:id': { sample: () => ({ params: { id: MISSING } }) },
  'PATCH /api/v1/discounts/:id': { sample: () => ({ params: { id: MISSING }, body: { discountValue: 15 } }) },
  'DELETE /api/v1/discounts/:id': { sample: () => ({ params: { id: MISSING } }) },
  'POST /api/v1/discounts/bulk': { sample: (w) => ({ body: { type: 'GLOBAL', discountValue: 10, availableValue: null, taskIds: [w.taskId] } }) },
  'POST /api/v1/supports/sent': { sample: () => ({ parts: [{ name: 'message', value: 'Допоможіть' }] }) },
  'POST /api/v1/notifications/support': { sample: () => ({ parts: [{ name: 'message', value: 'Допоможіть' }] }) },

  // The tutor: any signed-in user reaches the handler, which finds only the buyer's (or an admin's) session
  // (404 otherwise), and answers 503 while no provider is configured, as in this test's app.
  'POST /api/v1/rag/chat': { sample: (w) => ({ body: { explanationSessionId: w.deliveredOrderId, question: 'Поясніть, будь ласка' } }) },
  'POST /api/v1/rag/chat/stream': { sample: (w) => ({ body: { explanationSessionId: w.deliveredOrderId, question: 'Поясніть, будь ласка' } }) },
  'GET /api/v1/rag/chat-message/:explanationSessionId': { sample: (w) => ({ params: { explanationSessionId: w.deliveredOrderId } }) },
  'GET /api/v1/rag/session/:explanationSessionId': { sample: (w) => ({ params: { explanationSessionId: w.deliveredOrderId } }) },
  'POST /api/v1/rag/upload_document': {
    sample: () => ({ parts: [{ name: 'multipartFile', filename: 'конспект.txt', contentType: 'text/plain', value: 'Інтеграл — це площа.' }, { name: 'description', value: 'Конспект' }] }),
  },
  'DELETE /api/v1/rag/document/:id': { sample: () => ({ params: { id: MISSING } }) },
  'GET /api/v1/rag/document/:id/file': { sample: () => ({ params: { id: MISSING } }) },

  // An order's thread: any signed-in user reaches the handler, which finds only the buyer's, the developer's
  // or (for admins) any order's thread, and answers 404 otherwise (threads.test.ts has the refusals).
  'GET /api/v1/histories/:id/messages': { sample: (w) => ({ params: { id: w.deliveredOrderId }, query: 'limit=5' }) },
  'POST /api/v1/histories/:id/messages': { sample: (w) => ({ params: { id: w.deliveredOrderId }, parts: [{ name: 'text', value: 'Добрий день! Варіант 12.' }] }) },
  'POST /api/v1/histories/:id/messages/read': { sample: (w) => ({ params: { id: w.deliveredOrderId }, body: { upTo: MISSING } }) },
  // wait=0: the stream ends once the lines after `after` are sent (a live one would hold the request open).
  'GET /api/v1/histories/:id/messages/stream': { sample: (w) => ({ params: { id: w.deliveredOrderId }, query: 'after=0&wait=0' }) },
  'POST /api/v1/histories/:id/messages/:messageId/hide': { sample: (w) => ({ params: { id: w.deliveredOrderId, messageId: MISSING }, body: { reason: 'Образи' } }) },

  // Demo mode lets a plain browser act as Telegram for the demo personas.
  'POST /api/dev/init-data': { sample: () => ({ body: { telegramId: '100001' } }) },
  // Pay an invoice or the jar through the demo's fakes (a demo app built by a test runs none: 404).
  'GET /api/dev/stars/invoice/:slug': { sample: () => ({ params: { slug: 'missing' } }) },
  'POST /api/dev/stars/invoice/:slug/pay': { sample: () => ({ params: { slug: 'missing' } }) },
  'POST /api/dev/monobank/pay': { sample: () => ({ body: { amount: 100, comment: 'ZLK-AAAAA' } }) },
};

export const TABLE: readonly Endpoint[] = Object.values(endpoints);
export const keyOf = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** Who the endpoint's access lets in; a banned user only reaches the reads marked allowBanned. */
export function defaultAllow(e: Endpoint): readonly Actor[] {
  if (e.access === 'public') return ALL;
  if (e.access === 'developer') return DEVELOPER;
  if (e.access === 'admin') return ADMIN;
  return e.allowBanned ? ['banned', ...SIGNED] : SIGNED;
}

export const PERMISSIONS: Record<string, Row> = {
  ...OUTSIDE_TABLE,
  ...Object.fromEntries(TABLE.map((e) => [keyOf(e), { allow: defaultAllow(e), ...(e.demoOnly ? { demoOnly: true as const } : {}), ...EXCEPTIONS[keyOf(e)] }])),
};

/** `METHOD /pattern` with `:params` filled in. */
export function fillUrl(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)|\*/g, (m, name: string | undefined) => encodeURIComponent(String(params[name ?? '*'] ?? m)));
}

/** The inject options of a row's sample request made by `actor`, `telegramId` being `forUser`'s. */
export function sampleRequest(key: string, w: World, actor: Actor, forUser?: number): InjectOptions {
  const [method, pattern] = key.split(' ') as [InjectOptions['method'] & string, string];
  const sample = PERMISSIONS[key]?.sample?.(w, actor) ?? {};
  const own = actor in w.id ? w.id[actor as keyof World['id']] : w.id.student;
  let url = sample.url ?? fillUrl(pattern, { telegramId: forUser ?? own, ...sample.params });
  if (sample.query) url += `?${sample.query}`;
  const token = w.token[actor];
  const headers: Record<string, string> = token ? auth(token) : {};
  if (sample.parts) {
    const mp = multipart(sample.parts);
    return { method, url, headers: { ...headers, ...mp.headers }, payload: mp.payload };
  }
  if (sample.body !== undefined) {
    return { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(sample.body) };
  }
  return { method, url, headers };
}

/** Users of every kind, a little catalogue, two open orders and one delivered file. */
export async function buildWorld(ctx: TestContext): Promise<World> {
  const { app, deps } = ctx;
  const id = { banned: 810_001, student: 810_002, developer: 810_003, admin: ADMIN_ID, other: 810_004 };
  const admin = await login(app, { id: id.admin });
  const student = await login(app, { id: id.student });
  const developer = await login(app, { id: id.developer });
  const banned = await login(app, { id: id.banned });
  await login(app, { id: id.other });
  await grantRole(app, admin, id.developer, 'ROLE_DEVELOPER');
  const ban = await app.inject({ method: 'PATCH', url: `/api/v1/users/${id.banned}/ban?value=true`, headers: auth(admin) });
  if (ban.statusCode !== 200) throw new Error(`ban failed: ${ban.body}`);
  const expired = await createTokenService(ctx.config.jwtSecret, -60).sign({ sub: String(id.student), roles: ['ROLE_USER'], ban: false, courseNumber: 1 });

  const db = deps.db;
  const subjectId = await makeSubject(db);
  const teacherId = await makeTeacher(db, subjectId);
  const argumentId = await makeArgument(db);
  const taskId = await makeTask(db, { teacherId, developerId: id.developer, argumentIds: [argumentId], price: 100 });
  const spareSubject = await makeSubject(db, 'Історія');
  const spare = {
    subjectId: spareSubject,
    teacherId: await makeTeacher(db, spareSubject, 'Сидоренко С. С.'),
    argumentId: await makeArgument(db, 'Зайвий', 'Не потрібен'),
    taskId: await makeTask(db, { teacherId, developerId: id.developer, title: 'Зайве завдання' }),
  };

  const topUp = await app.inject({ method: 'PATCH', url: '/api/v1/wallets/deposit', headers: auth(admin), payload: { userTelegramId: id.student, amount: 1000 } });
  if (topUp.statusCode !== 200) throw new Error(`top-up failed: ${topUp.body}`);
  const buy = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/tasks/process', headers: auth(student), payload: { taskId, arguments: ['7'] } });
    if (res.statusCode !== 200) throw new Error(`purchase failed: ${res.body}`);
    return Number(res.json<{ id: string }>().id);
  };
  const delivered = await buy();
  const deliverOrderId = await buy();
  const refundOrderId = await buy();
  const cancelOrderId = await buy();
  const mp = multipart([txt('відповідь.txt')]);
  const done = await app.inject({
    method: 'PATCH',
    url: `/api/v1/histories/history/${delivered}/developer/save-file`,
    headers: { ...auth(developer), ...mp.headers },
    payload: mp.payload,
  });
  if (done.statusCode !== 200) throw new Error(`delivery failed: ${done.body}`);
  const link = new URL(done.json<{ link: string }>().link);
  const accepted = async () => {
    const id = await buy();
    const form = multipart([txt('відповідь.txt')]);
    const sent = await app.inject({
      method: 'PATCH', url: `/api/v1/histories/history/${id}/developer/save-file`, headers: { ...auth(developer), ...form.headers }, payload: form.payload,
    });
    const ok = await app.inject({ method: 'POST', url: `/api/v1/histories/${id}/accept`, headers: auth(student) });
    if (sent.statusCode !== 200 || ok.statusCode !== 200) throw new Error(`acceptance failed: ${sent.body} ${ok.body}`);
    return id;
  };
  const doneOrderId = await accepted();
  const reviewedOrderId = await accepted();
  const reviewed = await app.inject({ method: 'POST', url: `/api/v1/histories/${reviewedOrderId}/review`, headers: auth(student), payload: { rating: 5 } });
  if (reviewed.statusCode !== 201) throw new Error(`review failed: ${reviewed.body}`);
  const made = await app.inject({
    method: 'POST', url: '/api/v1/dashboard/exports', headers: auth(admin), payload: { kind: 'transfers', from: '2026-01-01', to: '2026-12-31' },
  });
  if (made.statusCode !== 200) throw new Error(`export link failed: ${made.body}`);
  const exportLink = new URL(made.json<{ link: string }>().link);

  return {
    id,
    token: { anonymous: null, expired, banned, student, developer, admin },
    subjectId,
    teacherId,
    argumentId,
    taskId,
    spare,
    deliverOrderId,
    refundOrderId,
    deliveredOrderId: delivered,
    cancelOrderId,
    doneOrderId,
    reviewedOrderId,
    reviewId: reviewed.json<{ id: string }>().id,
    fileUrl: link.pathname + link.search,
    exportUrl: exportLink.pathname + exportLink.search,
  };
}
