import { timingSafeEqual } from 'node:crypto';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { FastifyInstance } from 'fastify';
import type { CoreDeps } from '../types/deps.js';
import type { BotInbox } from './inbox.js';
import { ALLOWED_UPDATES, BOT_COMMANDS, setBotLog } from './bot.js';
import { pollUpdates } from './polling.js';

export interface Telegram {
  bot: Bot | null;
  /** Call after the server listens: starts polling, or sets the webhook. */
  start(): Promise<void>;
  /** Stops taking updates and waits for the ones being handled; the database stays open for the caller to close. */
  stop(): Promise<void>;
}

export const webhookPath = (secret: string) => `/telegram/${secret}`;

const sameSecret = (given: unknown, secret: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

const isUpdate = (body: unknown): body is Update =>
  typeof body === 'object' && body !== null && Number.isSafeInteger((body as { update_id?: unknown }).update_id);

/**
 * Connects the bot (deps.bot, the inbound adapter next to HTTP) to Telegram: long polling,
 * or a webhook under a secret path when BOT_WEBHOOK_URL is set. Either way an update is
 * written to the inbox before Telegram hears it arrived, and handled from there
 * (bot/inbox.ts). Sending is the outbox job's (see deps.ts). Must run before `listen`, since
 * webhook mode adds a route.
 */
export function setupTelegram(app: FastifyInstance, deps: Pick<CoreDeps, 'config'> & { bot: Bot | null; botInbox: BotInbox | null }): Telegram {
  const { config, bot, botInbox: inbox } = deps;
  const log = app.log.child({ module: 'telegram' });
  if (bot) setBotLog(bot, log);
  const polling = new AbortController();
  let polled: Promise<void> | null = null;

  if (bot && inbox && config.botWebhookUrl) {
    const secret = config.botWebhookSecret;
    app.post(webhookPath(secret), { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!sameSecret(request.headers['x-telegram-bot-api-secret-token'], secret)) return reply.code(401).send({ message: 'secret token is wrong' });
      if (!isUpdate(request.body)) return reply.code(400).send({ message: 'not an update' });
      try {
        await inbox.store([request.body]);
      } catch (err) {
        // Telegram delivers it again later; answering 200 now would lose it.
        log.warn({ err, updateId: request.body.update_id }, 'bot update could not be stored; Telegram will retry it');
        return reply.code(503).header('retry-after', '5').send({ message: 'try again' });
      }
      inbox.wake(log);
      return reply.code(200).send({});
    });
  }

  return {
    bot,
    async start() {
      if (!bot || !inbox) return;
      // Not awaited: a slow Bot API must not hold up receiving updates.
      void bot.api
        .setMyCommands([...BOT_COMMANDS])
        .catch((err: unknown) => log.warn({ err }, 'could not set the bot commands menu'));
      // Updates stored before a restart and not handled yet.
      inbox.wake(log);
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
      // Not awaited: polling ends only when stopped.
      polled = pollUpdates(bot, inbox, log, polling.signal).catch((err: unknown) => log.error({ err }, 'bot polling stopped'));
    },
    async stop() {
      // Nothing to confirm to Telegram: every update it handed out is in the inbox already, and
      // one it hands out again is a duplicate the inbox ignores.
      polling.abort();
      await polled;
      await inbox?.stop();
    },
  };
}
