// Demo mode's payments without the internet (never in production: main.ts starts this only in
// demo mode, which production refuses). Telegram's Bot API is the local fake the tests use, on
// 127.0.0.1 at a port of its own.
import { MSG } from '@zalik/contract';
import type { Config } from '../../config.js';
import { startFakeBotApi } from '../../fakes/bot-api.js';
import { notFound } from '../../lib/errors.js';
import type { DemoPayments } from '../../types/deps.js';

/**
 * Starts the fakes and answers the config pointed at them: the bot and the Stars gateway talk to
 * the fake Bot API with the demo's own token. The payments are what the web's emulated Telegram
 * and bank ask for (modules/demo/payments.routes.ts).
 */
export async function startDemoPayments(config: Config): Promise<{ config: Config; payments: DemoPayments }> {
  const bot = await startFakeBotApi(config.botToken);

  const payments: DemoPayments = {
    invoice(slug) {
      const i = bot.invoice(slug);
      return i && { link: i.link, title: i.title, stars: i.totalAmount, payload: i.payload };
    },
    async payInvoice(link, user) {
      const r = await bot.pay(link, { id: user.id, first_name: user.firstName || undefined, username: user.username || undefined });
      if (r.ok) return { ok: true };
      // The bot's own reason, as Telegram shows it; none when the bot never answered.
      return { ok: false, message: r.errorMessage ?? MSG.depositStarsUnavailable };
    },
    async payJar() {
      // The fake bank joins when the statement reader does.
      throw notFound();
    },
    close: () => bot.close(),
  };

  return { payments, config: { ...config, botApiRoot: bot.apiRoot } };
}
