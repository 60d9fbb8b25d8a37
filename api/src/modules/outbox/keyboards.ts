import { InlineKeyboard } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Config } from '../../config.js';
import { BOT_TEXT } from './texts.js';

export type BotSettings = Pick<Config, 'botToken' | 'botApiRoot' | 'publicUrl' | 'botUsername' | 'miniAppName'>;

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

/** A button opening one screen of the mini-app: its direct link with `startapp` (docs/BOT.md). */
export function startAppKeyboard(config: BotSettings, startApp: { text: string; param: string }): InlineKeyboardMarkup {
  return new InlineKeyboard().url(startApp.text, directLink(config, startApp.param));
}
