import { Bot, InlineKeyboard, type BotConfig, type Context } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { REFERRAL_PREFIX } from '@zalik/contract';
import type { Config } from '../config.js';
import type { AppDeps } from '../types/deps.js';
import { BOT_TEXT } from './texts.js';
import { trackReachable } from './reachable.js';

type BotSettings = Pick<Config, 'botToken' | 'botApiRoot' | 'publicUrl' | 'botUsername' | 'miniAppName'>;

/** The update kinds the bot asks Telegram for, in long polling and webhook mode alike. */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'pre_checkout_query', 'my_chat_member'] as const;

const REFERRAL_PAYLOAD = new RegExp(`^${REFERRAL_PREFIX}[1-9]\\d{0,15}$`);

/** The mini-app's direct link; Telegram hands `startapp` to the app as the signed `start_param`. */
export function directLink(config: BotSettings, startParam?: string): string {
  const base = `https://t.me/${config.botUsername}/${config.miniAppName}`;
  return startParam ? `${base}?startapp=${encodeURIComponent(startParam)}` : base;
}

/**
 * The button under a bot message. Without a referral it is a web_app button that opens
 * PUBLIC_URL in place. With one it is the mini-app's direct link instead: a web_app button
 * cannot carry a start parameter into the signed initData, a direct link can, and that is
 * what records the invite at first sign-in.
 */
export function appKeyboard(config: BotSettings, referral?: string): InlineKeyboardMarkup {
  return referral
    ? new InlineKeyboard().url(BOT_TEXT.openApp, directLink(config, referral))
    : new InlineKeyboard().webApp(BOT_TEXT.openApp, `${config.publicUrl}/`);
}

/** Group chats (the support chat) cannot show web_app buttons; private chats get the in-place one. */
export function notificationKeyboard(config: BotSettings, chatId: number): InlineKeyboardMarkup {
  return chatId > 0 ? appKeyboard(config) : new InlineKeyboard().url(BOT_TEXT.openApp, directLink(config));
}

export interface CreateBotOptions {
  /** grammY's own options, e.g. `botInfo` to skip getMe in tests. */
  botConfig?: BotConfig<Context>;
  onError?: (err: unknown) => void;
}

/**
 * The inbound Telegram adapter, next to HTTP: built from the app's deps, so a handler reaches
 * the services and the database as a route does. `/start` (with or without a `ref_<id>`
 * payload) and any other private message answer with the app button.
 */
export function createBot(deps: AppDeps, opts: CreateBotOptions = {}): Bot {
  const { config } = deps;
  const bot = new Bot(config.botToken, {
    ...opts.botConfig,
    client: { apiRoot: config.botApiRoot, timeoutSeconds: 60, ...opts.botConfig?.client },
  });
  bot.use(trackReachable(deps.db));
  const privateChats = bot.chatType('private');

  privateChats.command('start', async (ctx) => {
    const payload = ctx.match.trim();
    const referral = REFERRAL_PAYLOAD.test(payload) && payload !== `${REFERRAL_PREFIX}${ctx.from.id}` ? payload : undefined;
    await ctx.reply(referral ? BOT_TEXT.startInvited : BOT_TEXT.start, { reply_markup: appKeyboard(config, referral) });
  });

  privateChats.on('message', async (ctx) => {
    await ctx.reply(BOT_TEXT.start, { reply_markup: appKeyboard(config) });
  });

  // Nothing is sold for Stars yet: refuse any checkout (Telegram cancels it after 10 s of
  // silence anyway), and stop the spinner of any inline button.
  bot.on('pre_checkout_query', async (ctx) => {
    await ctx.answerPreCheckoutQuery(false, { error_message: BOT_TEXT.paymentUnavailable });
  });
  bot.on('callback_query', async (ctx) => {
    await ctx.answerCallbackQuery();
  });

  bot.catch((err) => opts.onError?.(err));
  return bot;
}
