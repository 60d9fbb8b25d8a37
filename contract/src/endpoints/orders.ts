import { endpoint } from '../endpoint.js';
import type { IdParam } from '../common.js';
import type { TelegramIdParam } from '../users.js';
import type {
  DeveloperCancelBody, DeveloperHistoryQuery, DeveloperOrderList, DeveloperOrdersQuery, HistoryPage, DisputeBody, DisputeListOrPage, DisputesQuery, DownloadParam, DownloadQuery, HistoryItem,
  HistoryListOrPage, HistoryQuery, InProgressListOrPage, InProgressQuery, OrderIdParam, ProcessBody, ProcessedTask, ReprocessBody, ResolveBody, RevisionBody,
  IdempotencyHeaders, TaskTemplateInfo,
} from '../orders.js';

const tag = 'orders';

export const purchase = endpoint<{ headers: typeof IdempotencyHeaders; body: typeof ProcessBody; answer: typeof ProcessedTask }>({
  method: 'POST', path: '/api/v1/tasks/process', access: 'user', rateLimit: 'purchase', tag,
  summary: 'Buy a task: an auto-generated one answers with its file, a manual one becomes an order in progress',
});
export const historyOfUser = endpoint<{ params: typeof TelegramIdParam; query: typeof HistoryQuery; answer: typeof HistoryListOrPage }>({
  method: 'GET', path: '/api/v1/histories/user/:telegramId', access: 'user', tag,
  summary:
    "A user's purchases (`type`: ALL, AUTOGENERATE or REGULAR), newest first, with signed download links (self or admin); " +
    'all of them as a plain array, or one page `{content, last}` when `page` or `limit` is sent',
});
export const ordersInProgress = endpoint<{ query: typeof InProgressQuery; answer: typeof InProgressListOrPage }>({
  method: 'GET', path: '/api/v1/histories/developer/in-progress', access: 'developer', tag,
  summary: "The calling developer's open orders, oldest first; one page `{content, last}` when `page` or `limit` is sent",
});
export const deliverOrder = endpoint<{ params: typeof OrderIdParam; body: 'multipart'; answer: typeof HistoryItem }>({
  method: 'PATCH', path: '/api/v1/histories/history/:id/developer/save-file', access: 'developer', rateLimit: 'upload', tag,
  summary: 'Deliver a manual order: its developer sends 1-10 files (20 MB each) and an optional message',
});
/** The newest client's delivery: multipart `id` (the order) and one `file`; the same rules as save-file. */
export const deliverOrderById = endpoint<{ body: 'multipart'; answer: typeof HistoryItem }>({
  method: 'PATCH', path: '/api/v1/histories/developer/save_file', access: 'developer', rateLimit: 'upload', tag,
  summary: 'Deliver a manual order named by the `id` part: its developer sends 1-10 `file` parts (20 MB each)',
});
export const developerHistory = endpoint<{ query: typeof DeveloperHistoryQuery; answer: typeof HistoryPage }>({
  method: 'GET', path: '/api/v1/histories/developer', access: 'developer', tag,
  summary: "The calling developer's orders past IN_PROGRESS, newest first, `{content, last}`; `isAutoGenerate` picks auto-generated ones or the others",
});
export const refundOrder = endpoint<{ params: typeof OrderIdParam; answer: typeof HistoryItem }>({
  method: 'POST', path: '/api/v1/histories/history/:id/refund', access: 'admin', tag,
  summary: 'Admin: cancel an order in progress, delivered or disputed and return its money to the buyer',
});

// Escrow: what the buyer, the developer and admins do with a manual order (docs/LEDGER.md).
export const acceptOrder = endpoint<{ params: typeof OrderIdParam; answer: typeof HistoryItem }>({
  method: 'POST', path: '/api/v1/histories/:id/accept', access: 'user', tag,
  summary: 'The buyer accepts a delivered order: the money goes to the developer at once',
});
export const reviseOrder = endpoint<{ params: typeof OrderIdParam; body: typeof RevisionBody; answer: typeof HistoryItem }>({
  method: 'POST', path: '/api/v1/histories/:id/revision', access: 'user', tag,
  summary: 'The buyer asks for a revision of a delivered order (ORDER_MAX_REVISIONS at most): back in progress with a new deadline',
});
export const disputeOrder = endpoint<{ params: typeof OrderIdParam; body: typeof DisputeBody; answer: typeof HistoryItem }>({
  method: 'POST', path: '/api/v1/histories/:id/dispute', access: 'user', tag,
  summary: 'The buyer opens a dispute about a delivered order: the money stays in escrow until an admin decides',
});
export const cancelOverdueOrder = endpoint<{ params: typeof OrderIdParam; answer: typeof HistoryItem }>({
  method: 'POST', path: '/api/v1/histories/:id/cancel', access: 'user', tag,
  summary: 'The buyer cancels an undelivered order past its deadline: the whole price comes back at once',
});
export const developerCancelOrder = endpoint<{ body: typeof DeveloperCancelBody; answer: typeof HistoryItem }>({
  method: 'PATCH', path: '/api/v1/histories/developer/cancel', access: 'developer', tag,
  summary:
    "The order's developer cancels it: before delivery (any reason, even none) or after (a reason is needed), and the buyer gets the whole price back (docs/LEDGER.md)",
});
export const developerCompletedOrders = endpoint<{ query: typeof DeveloperOrdersQuery; answer: typeof DeveloperOrderList }>({
  method: 'GET', path: '/api/v1/histories/developer/completed', access: 'developer', tag,
  summary: "The calling developer's delivered and closed orders, newest first, with what each earned (page, limit)",
});
export const openDisputes = endpoint<{ query: typeof DisputesQuery; answer: typeof DisputeListOrPage }>({
  method: 'GET', path: '/api/v1/histories/disputes', access: 'admin', tag,
  summary:
    'Admin: open disputes, oldest first, each with its order, files, messages and history of states; ' +
    'all of them as a plain array, or one page `{content, last}` when `page` or `limit` is sent',
});
export const resolveDispute = endpoint<{ params: typeof OrderIdParam; body: typeof ResolveBody; answer: typeof HistoryItem }>({
  method: 'PATCH', path: '/api/v1/histories/:id/resolve', access: 'admin', tag,
  summary: 'Admin: resolve an open dispute once: RELEASE pays the developer, REFUND returns the money to the buyer',
});
export const reprocessOrder = endpoint<{ params: typeof OrderIdParam; body: typeof ReprocessBody; answer: typeof HistoryItem }>({
  method: 'PUT', path: '/api/v1/histories/reprocess/:id', access: 'user', rateLimit: 'purchase', tag,
  summary: 'The buyer regenerates an auto-generated order with corrected arguments (none sent: its own): free, once, within REPROCESS_WINDOW_HOURS',
});
export const replaceOrderFiles = endpoint<{ params: typeof OrderIdParam; body: 'multipart'; answer: typeof HistoryItem }>({
  method: 'PUT', path: '/api/v1/histories/history/update/:id', access: 'admin', rateLimit: 'upload', tag,
  summary: "Admin: replace a delivered order's files (1-10 `file` parts); the buyer is told by the bot",
});

/** Templates of auto-generated tasks: the task's developer or an admin (checked by the handler). */
export const uploadTemplate = endpoint<{ params: typeof IdParam; body: 'multipart'; answer: typeof TaskTemplateInfo }>({
  method: 'PUT', path: '/api/v1/tasks/:id/template', access: 'user', rateLimit: 'upload', tag: 'tasks',
  summary: 'Upload the DOCX template of an auto-generated task (admin or the task developer)',
});
export const getTemplate = endpoint<{ params: typeof IdParam; answer: typeof TaskTemplateInfo }>({
  method: 'GET', path: '/api/v1/tasks/:id/template', access: 'user', tag: 'tasks',
  summary: "The task's DOCX template: file name, tags, upload time (admin or the task developer)",
});

export const downloadFile = endpoint<{ params: typeof DownloadParam; query: typeof DownloadQuery; answer: 'file' }>({
  method: 'GET', path: '/api/v1/files/:fileId', access: 'public', tag: 'files', summary: 'Download an order file through a signed link',
});
