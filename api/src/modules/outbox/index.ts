// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { enqueue, enqueueSql, type OutboxFile } from './enqueue.js';
export { type OutboxPayload } from './worker.js';
export { appKeyboard, directLink, notificationKeyboard, startAppKeyboard } from './keyboards.js';
export * from './texts.js';
