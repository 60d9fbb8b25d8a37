import { endpoint } from '../endpoint.js';
import type { IdParam } from '../common.js';
import type { PreparedShare } from '../shares.js';

export const shareTask = endpoint<{ params: typeof IdParam; answer: typeof PreparedShare }>({
  method: 'POST', path: '/api/v1/tasks/:id/share', access: 'user', rateLimit: 'share', tag: 'shares',
  summary: "Prepares a card of a visible task (title, subject, teacher, price, a button opening it in the app) for Telegram's share dialog",
});
export const shareInvite = endpoint<{ answer: typeof PreparedShare }>({
  method: 'POST', path: '/api/v1/invites/share', access: 'user', rateLimit: 'share', tag: 'shares',
  summary: "Prepares a card with the caller's invite link for Telegram's share dialog",
});
