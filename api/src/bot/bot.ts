import { Bot, type BotConfig, type Context } from 'grammy';
import { REFERRAL_PREFIX } from '@zalik/contract';
import type { JobLog } from '../jobs/registry.js';
import { checkStarsCheckout, receiveStarsPayment, type CheckoutRefusal, type StarsPayment } from '../modules/deposits/index.js';
import type { CoreDeps } from '../types/deps.js';
import { BOT_TEXT, appKeyboard } from '../modules/outbox/index.js';
import { trackReachable } from './reachable.js';


/**
 * The update kinds the bot asks Telegram for, in long polling and webhook mode alike:
 * `message` carries successful_payment, `pre_checkout_query` asks whether a Stars payment may go ahead,
 * `my_chat_member` says when a user blocks the bot or comes back (bot/reachable.ts).
 */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'pre_checkout_query', 'my_chat_member'] as const;

/** The command menu (setMyCommands); Telegram asks every bot that takes Stars to answer /paysupport. */
export const BOT_COMMANDS = [
  { command: 'start', description: 'Відкрити Залік' },
  { command: 'paysupport', description: 'Допомога з оплатою і повернення зірок' },
] as const;

const CHECKOUT_REFUSED: Record<CheckoutRefusal, string> = {
  unknown: BOT_TEXT.checkoutUnknown,
  expired: BOT_TEXT.checkoutExpired,
  amount: BOT_TEXT.checkoutAmount,
  paid: BOT_TEXT.checkoutPaid,
};

/** Until setupTelegram gives the bot the app's logger, errors (a payment not recorded) still reach stderr. */
const fallbackLog: JobLog = { info: () => undefined, warn: () => undefined, error: (obj, msg) => console.error(msg, obj) };
const logs = new WeakMap<Bot, JobLog>();
export const setBotLog = (bot: Bot, log: JobLog) => logs.set(bot, log);

const REFERRAL_PAYLOAD = new RegExp(`^${REFERRAL_PREFIX}[1-9]\\d{0,15}$`);

export interface CreateBotOptions {
  /** grammY's own options, e.g. `botInfo` to skip getMe in tests. */
  botConfig?: BotConfig<Context>;
}

/**
 * The inbound Telegram adapter, next to HTTP: built from the app's deps, so a handler reaches
 * the services and the database as a route does. `/start` (with or without a `ref_<id>`
 * payload) and any other private message answer with the app button; Stars top-ups are
 * checked at pre-checkout and credited on successful_payment (docs/BOT.md "Stars payments").
 */
export function createBot(deps: CoreDeps, opts: CreateBotOptions = {}): Bot {
  const { config } = deps;
  const bot = new Bot(config.botToken, {
    ...opts.botConfig,
    client: { apiRoot: config.botApiRoot, timeoutSeconds: 60, ...opts.botConfig?.client },
  });
  const log = () => logs.get(bot) ?? fallbackLog;

  // Its database error fails the whole update, which the inbox then retries: nothing in front
  // of the payment handler may swallow an update.
  bot.use(trackReachable(deps.db));

  // Installed first: middleware runs in the order it is installed, and chatType('private')
  // installs its composer where it is called, so its catch-all reply would take the payment.
  bot.on('message:successful_payment', async (ctx) => {
    const sp = ctx.message.successful_payment;
    const payment: StarsPayment = {
      userId: ctx.from.id,
      currency: sp.currency,
      totalAmount: sp.total_amount,
      payload: sp.invoice_payload,
      chargeId: sp.telegram_payment_charge_id,
      providerChargeId: sp.provider_payment_charge_id,
    };
    // A failure throws: the inbox retries the update (bot/inbox.ts), and logs it if it gives up.
    await receiveStarsPayment(deps, payment, log());
  });

  const privateChats = bot.chatType('private');

  privateChats.command('paysupport', async (ctx) => {
    await ctx.reply(BOT_TEXT.paySupport, { reply_markup: appKeyboard(config) });
  });

  privateChats.command('start', async (ctx) => {
    const payload = ctx.match.trim();
    const referral = REFERRAL_PAYLOAD.test(payload) && payload !== `${REFERRAL_PREFIX}${ctx.from.id}` ? payload : undefined;
    await ctx.reply(referral ? BOT_TEXT.startInvited : BOT_TEXT.start, { reply_markup: appKeyboard(config, referral) });
  });

  privateChats.on('message', async (ctx) => {
    await ctx.reply(BOT_TEXT.start, { reply_markup: appKeyboard(config) });
  });

  // Telegram waits 10 s for this answer, then cancels the payment; a failing database refuses it.
  bot.on('pre_checkout_query', async (ctx) => {
    const q = ctx.preCheckoutQuery;
    let refusal: CheckoutRefusal | null;
    try {
      refusal = await checkStarsCheckout(deps, { userId: q.from.id, currency: q.currency, totalAmount: q.total_amount, payload: q.invoice_payload });
    } catch (err) {
      log().error({ err, payload: q.invoice_payload }, 'pre-checkout could not be checked; the payment is refused');
      await ctx.answerPreCheckoutQuery(false, { error_message: BOT_TEXT.paymentUnavailable });
      return;
    }
    if (refusal) await ctx.answerPreCheckoutQuery(false, { error_message: CHECKOUT_REFUSED[refusal] });
    else await ctx.answerPreCheckoutQuery(true);
  });
  // Stop the spinner of any inline button.
  bot.on('callback_query', async (ctx) => {
    await ctx.answerCallbackQuery();
  });

  return bot;
}
