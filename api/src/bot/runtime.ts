import { webhookCallback, type Bot } from 'grammy';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../types/deps.js';
import { ALLOWED_UPDATES, BOT_COMMANDS, setBotLog } from './bot.js';

export interface Telegram {
  bot: Bot | null;
  /** Call after the server listens: starts polling, or sets the webhook. */
  start(): Promise<void>;
  /** Stops taking updates; the database stays open for the caller to close. */
  stop(): Promise<void>;
}

export const webhookPath = (secret: string) => `/telegram/${secret}`;

/**
 * Connects the bot (deps.bot, the inbound adapter next to HTTP) to Telegram: long polling,
 * or a webhook under a secret path when BOT_WEBHOOK_URL is set. Sending is the outbox job's
 * (see deps.ts). Must run before `listen`, since webhook mode adds a route.
 */
export function setupTelegram(app: FastifyInstance, deps: AppDeps): Telegram {
  const { config, bot } = deps;
  const log = app.log.child({ module: 'telegram' });
  bot?.catch((err) => log.error({ err }, 'bot update failed'));
  if (bot) setBotLog(bot, log);

  if (bot && config.botWebhookUrl) {
    const handle = webhookCallback(bot, 'fastify', { secretToken: config.botWebhookSecret });
    app.post(webhookPath(config.botWebhookSecret), { config: { access: 'public' }, schema: { hide: true } }, handle);
  }

  return {
    bot,
    async start() {
      if (!bot) return;
      // Not awaited: a slow Bot API must not hold up receiving updates.
      void bot.api
        .setMyCommands([...BOT_COMMANDS])
        .catch((err: unknown) => log.warn({ err }, 'could not set the bot commands menu'));
      if (config.botWebhookUrl) {
        await bot.api
          .setWebhook(`${config.botWebhookUrl}${webhookPath(config.botWebhookSecret)}`, {
            secret_token: config.botWebhookSecret,
            allowed_updates: [...ALLOWED_UPDATES],
          })
          .then(() => log.info('bot webhook set'))
          .catch((err: unknown) => log.error({ err }, 'could not set the bot webhook; updates will not arrive'));
        return;
      }
      // Not awaited: bot.start() resolves only when polling stops.
      bot
        .start({ allowed_updates: [...ALLOWED_UPDATES], onStart: (me) => log.info({ bot: me.username }, 'bot polling') })
        .catch((err: unknown) => log.error({ err }, 'bot polling stopped (another instance polling? use BOT_WEBHOOK_URL)'));
    },
    async stop() {
      if (!bot?.isRunning()) return;
      // Polling stops at once; grammY then confirms the last update with one more getUpdates,
      // which fails while Telegram cannot be reached. Unconfirmed updates come again to the next
      // poller, so that is no reason to cut the rest of a shutdown short.
      await bot.stop().catch((err: unknown) => log.warn({ err }, 'bot stopped without confirming its last updates'));
    },
  };
}
