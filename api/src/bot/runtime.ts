import { Api, webhookCallback, type Bot } from 'grammy';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { createOutboxWorker, type OutboxWorker } from '../modules/outbox/worker.js';
import { createBot, notificationKeyboard } from './bot.js';
import { logSender, telegramSender } from './sender.js';

export interface Telegram {
  bot: Bot | null;
  worker: OutboxWorker;
  /** Call after the server listens: starts polling (or sets the webhook) and the outbox worker. */
  start(): Promise<void>;
  /** Stops taking updates and sending; the database stays open for the caller to close. */
  stop(): Promise<void>;
}

const SEND_TIMEOUT_SECONDS = 300;

export const webhookPath = (secret: string) => `/telegram/${secret}`;

/**
 * Wires the bot and the outbox worker into the server. With BOT_TOKEN: long polling, or a
 * webhook under a secret path when BOT_WEBHOOK_URL is set. In demo mode there is no bot:
 * the worker still drains the outbox, writing each message to the log (see docs/BOT.md).
 * Must run before `listen`, since webhook mode adds a route.
 */
export function setupTelegram(app: FastifyInstance, deps: AppDeps): Telegram {
  const { config } = deps;
  const log = app.log.child({ module: 'telegram' });
  const bot = config.demo ? null : createBot(config, { onError: (err) => log.error({ err }, 'bot update failed') });
  // Uploads (up to 10 files of an order in one media group) may take minutes on a slow link,
  // so the sender has its own client with a long timeout, and the lease outlasts it.
  const sender = bot
    ? telegramSender(
        new Api(config.botToken, { apiRoot: config.botApiRoot, timeoutSeconds: SEND_TIMEOUT_SECONDS }),
        deps.blobs,
        (chatId) => notificationKeyboard(config, chatId),
      )
    : logSender(log);
  const worker = createOutboxWorker({
    db: deps.db,
    sender,
    log,
    pollMs: config.outboxPollMs,
    leaseSeconds: 2 * SEND_TIMEOUT_SECONDS,
  });

  if (bot && config.botWebhookUrl) {
    const handle = webhookCallback(bot, 'fastify', { secretToken: config.botWebhookSecret });
    app.post(webhookPath(config.botWebhookSecret), { config: { access: 'public' }, schema: { hide: true } }, handle);
  }

  return {
    bot,
    worker,
    async start() {
      worker.start();
      if (!bot) return;
      if (config.botWebhookUrl) {
        await bot.api
          .setWebhook(`${config.botWebhookUrl}${webhookPath(config.botWebhookSecret)}`, {
            secret_token: config.botWebhookSecret,
            allowed_updates: ['message'],
          })
          .then(() => log.info('bot webhook set'))
          .catch((err: unknown) => log.error({ err }, 'could not set the bot webhook; updates will not arrive'));
        return;
      }
      // Not awaited: bot.start() resolves only when polling stops.
      bot
        .start({ allowed_updates: ['message'], onStart: (me) => log.info({ bot: me.username }, 'bot polling') })
        .catch((err: unknown) => log.error({ err }, 'bot polling stopped (another instance polling? use BOT_WEBHOOK_URL)'));
    },
    async stop() {
      if (bot?.isRunning()) await bot.stop();
      await worker.stop();
    },
  };
}
