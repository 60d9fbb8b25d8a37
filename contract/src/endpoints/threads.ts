import { endpoint } from '../endpoint.js';
import type {
  ThreadHideBody, ThreadMessage, ThreadMessageParams, ThreadPage, ThreadParams, ThreadQuery, ThreadReadAnswer, ThreadReadBody, ThreadStreamQuery,
  ThreadUnread,
} from '../threads.js';

// The thread of an order (docs/ENDPOINTS.md "Order threads"): its buyer, the task's developer and admins; anyone else 404.
const tag = 'threads';

export const threadMessages = endpoint<{ params: typeof ThreadParams; query: typeof ThreadQuery; answer: typeof ThreadPage }>({
  method: 'GET', path: '/api/v1/histories/:id/messages', access: 'user', tag,
  summary: "An order's thread, newest first, one page (`before` a message id, `limit`), with the order it belongs to",
});
export const postThreadMessage = endpoint<{ params: typeof ThreadParams; body: 'multipart'; answer: typeof ThreadMessage }>({
  method: 'POST', path: '/api/v1/histories/:id/messages', access: 'user', rateLimit: 'message', status: 201, tag,
  summary: 'Write to an order\'s thread: a `text` part (up to 4000 characters) and up to 5 `files` (20 MB each); contacts are masked',
});
export const readThread = endpoint<{ params: typeof ThreadParams; body: typeof ThreadReadBody; answer: typeof ThreadReadAnswer }>({
  method: 'POST', path: '/api/v1/histories/:id/messages/read', access: 'user', tag,
  summary: 'Mark the thread read up to a message; answers what is still unread',
});
export const threadStream = endpoint<{ params: typeof ThreadParams; query: typeof ThreadStreamQuery; answer: 'file' }>({
  method: 'GET', path: '/api/v1/histories/:id/messages/stream', access: 'user', tag,
  summary: 'Server-sent events of the thread: lines after `after`, then new and hidden lines and read marks live for `wait` seconds',
});
export const hideThreadMessage = endpoint<{ params: typeof ThreadMessageParams; body: typeof ThreadHideBody; answer: typeof ThreadMessage }>({
  method: 'POST', path: '/api/v1/histories/:id/messages/:messageId/hide', access: 'admin', tag,
  summary: 'Admin: hide a message with a reason; the others then see "Повідомлення приховано модератором"',
});
export const threadUnread = endpoint<{ answer: typeof ThreadUnread }>({
  method: 'GET', path: '/api/v1/histories/messages/unread', access: 'user', tag,
  summary: "Unread thread messages in the caller's purchases and in the orders they fulfil",
});
