import { sql } from 'drizzle-orm';
import type { Context, NextFunction } from 'grammy';
import type { Db } from '../db/client.js';

/**
 * Whether a user can be written to. Telegram tells a bot when a private chat blocks it
 * (`my_chat_member` with status `kicked`) and when it is back (`member`); the outbox also learns
 * it from a refused send. Any private message from the user proves they are reachable again.
 * Broadcasts skip users marked blocked. Runs before every handler, the payment's included: a
 * database error here is not caught, so the whole update fails and the inbox retries it.
 */
export function trackReachable(db: Db) {
  return async (ctx: Context, next: NextFunction): Promise<void> => {
    const member = ctx.myChatMember;
    if (member && member.chat.type === 'private') {
      const blocked = member.new_chat_member.status === 'kicked';
      await db.execute(
        blocked
          ? sql`UPDATE users SET bot_blocked_at = now() WHERE telegram_id = ${member.from.id} AND bot_blocked_at IS NULL`
          : sql`UPDATE users SET bot_blocked_at = NULL WHERE telegram_id = ${member.from.id} AND bot_blocked_at IS NOT NULL`,
      );
      return;
    }
    if (ctx.message && ctx.chat?.type === 'private' && ctx.from) {
      await db.execute(sql`UPDATE users SET bot_blocked_at = NULL WHERE telegram_id = ${ctx.from.id} AND bot_blocked_at IS NOT NULL`);
    }
    await next();
  };
}
