import { endpoint } from '../endpoint.js';
import type { IdParam } from '../common.js';
import type { Broadcast, BroadcastAudienceQuery, BroadcastList, BroadcastRecipients } from '../broadcasts.js';

const tag = 'notifications';

export const broadcastRecipients = endpoint<{ query: typeof BroadcastAudienceQuery; answer: typeof BroadcastRecipients }>({
  method: 'GET', path: '/api/v1/notifications/recipients', access: 'admin', tag,
  summary: 'How many users a broadcast to this course (or `all`) reaches, and how many are skipped for blocking the bot',
});
export const sendBroadcast = endpoint<{ body: 'multipart'; answer: typeof Broadcast }>({
  method: 'POST', path: '/api/v1/notifications/alarm', access: 'admin', rateLimit: 'upload', tag, status: 201,
  summary: 'Broadcast a message (and up to 3 files of 5 MB) to one course or to everyone, through the outbox',
});
export const broadcasts = endpoint<{ answer: typeof BroadcastList }>({
  method: 'GET', path: '/api/v1/notifications/broadcasts', access: 'admin', tag, summary: 'Broadcasts, newest first, with their progress',
});
export const broadcast = endpoint<{ params: typeof IdParam; answer: typeof Broadcast }>({
  method: 'GET', path: '/api/v1/notifications/broadcasts/:id', access: 'admin', tag, summary: "A broadcast's progress: sent, failed, left",
});
