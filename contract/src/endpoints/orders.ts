import { endpoint } from '../endpoint.js';
import type { IdParam } from '../common.js';
import type { TelegramIdParam } from '../users.js';
import type {
  DownloadParam, DownloadQuery, HistoryItem, HistoryList, HistoryQuery, InProgressList, OrderIdParam, ProcessBody, ProcessedTask,
  TaskTemplateInfo,
} from '../orders.js';

const tag = 'orders';

export const purchase = endpoint<{ body: typeof ProcessBody; answer: typeof ProcessedTask }>({
  method: 'POST', path: '/api/v1/tasks/process', access: 'user', rateLimit: 'purchase', tag,
  summary: 'Buy a task: an auto-generated one answers with its file, a manual one becomes an order in progress',
});
export const historyOfUser = endpoint<{ params: typeof TelegramIdParam; query: typeof HistoryQuery; answer: typeof HistoryList }>({
  method: 'GET', path: '/api/v1/histories/user/:telegramId', access: 'user', tag,
  summary: "A user's purchases, newest first, with signed download links (self or admin); all of them unless page/limit are given",
});
export const ordersInProgress = endpoint<{ answer: typeof InProgressList }>({
  method: 'GET', path: '/api/v1/histories/developer/in-progress', access: 'developer', tag, summary: "The calling developer's open orders, oldest first",
});
export const deliverOrder = endpoint<{ params: typeof OrderIdParam; body: 'multipart'; answer: typeof HistoryItem }>({
  method: 'PATCH', path: '/api/v1/histories/history/:id/developer/save-file', access: 'developer', rateLimit: 'upload', tag,
  summary: 'Deliver a manual order: its developer sends 1-10 files (20 MB each) and an optional message',
});
export const refundOrder = endpoint<{ params: typeof OrderIdParam; answer: typeof HistoryItem }>({
  method: 'POST', path: '/api/v1/histories/history/:id/refund', access: 'admin', tag,
  summary: 'Admin: cancel an order still in progress and return its money to the buyer',
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
