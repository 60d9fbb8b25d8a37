import type { UsersService } from '../users/index.js';
import { BOT_TEXT } from './texts.js';
import { enqueue } from './enqueue.js';

const registered = new WeakSet<object>();

/**
 * Tells a user in Telegram that they were banned or unbanned. The hook runs inside the ban's
 * transaction, so the message is queued exactly when the change commits.
 */
export function registerBanNotifications(deps: { users: UsersService }): void {
  // One hook per users service, however many times it is wired.
  if (registered.has(deps.users)) return;
  registered.add(deps.users);
  deps.users.onBanChanged(async (tx, telegramId, banned) => {
    await enqueue(tx, {
      kind: banned ? 'user_banned' : 'user_unbanned',
      chatId: telegramId,
      text: banned ? BOT_TEXT.banned : BOT_TEXT.unbanned,
      openApp: !banned,
    });
  });
}
