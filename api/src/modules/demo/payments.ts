// Demo mode's payments (and the tutor's model) without the internet (never in production: main.ts starts this only in
// demo mode, which production refuses). Telegram's Bot API and Monobank's personal API are the
// local fakes the tests use, on 127.0.0.1 at ports of their own.
import { MSG } from '@zalik/contract';
import type { Config } from '../../config.js';
import { startFakeBotApi } from '../../fakes/bot-api.js';
import { startFakeMonobank } from '../../fakes/monobank.js';
import { startFakeAi, type FakeAi } from '../../fakes/openai.js';
import type { DemoPayments } from '../../types/deps.js';

/**
 * How often the demo reads its jar's statement, and the least time between two reads: a card
 * top-up shows within seconds (the real bank answers one read a minute; its fake, none here).
 */
const DEMO_BANK_POLL_MS = 2000;
/** Wait between two pieces of the demo tutor's streamed answer. */
const DEMO_AI_PIECE_MS = 30;

/**
 * Starts the fakes and answers the config pointed at them: the bot and the Stars gateway talk to
 * the fake Bot API with the demo's own token; the statement reader reads the fake jar, whose
 * link is the demo's jar link. The payments are what the web's emulated Telegram and bank ask
 * for (modules/demo/payments.routes.ts).
 */
export async function startDemoPayments(config: Config): Promise<{ config: Config; payments: DemoPayments }> {
  const bot = await startFakeBotApi(config.botToken);
  const bank = await startFakeMonobank({ rateWindowMs: 0, pushWebhooks: false }).catch(async (err: unknown) => {
    await bot.close();
    throw err;
  });
  // The tutor answers offline too, unless a real provider was configured; slow enough to watch it stream.
  let ai: FakeAi | null = null;
  if (!config.explanations.provider) {
    ai = await startFakeAi({ pieceDelayMs: DEMO_AI_PIECE_MS }).catch(async (err: unknown) => {
      await Promise.all([bot.close(), bank.close(), ai?.close()]);
      throw err;
    });
  }

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
    async payJar(amountUah, comment) {
      bank.pay(amountUah, comment, { from: 'Демо-платник' });
    },
    bankReadGapMs: DEMO_BANK_POLL_MS,
    close: async () => {
      await Promise.all([bot.close(), bank.close()]);
    },
  };

  return {
    payments,
    config: {
      ...config,
      botApiRoot: bot.apiRoot,
      jarUrl: bank.jarUrl,
      explanations: ai ? { ...config.explanations, provider: { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: 'demo-tutor' } } : config.explanations,
      deposits: {
        ...config.deposits,
        monobank: { ...config.deposits.monobank, token: bank.token, jarAccount: bank.jarAccount, apiRoot: bank.apiRoot, pollMs: DEMO_BANK_POLL_MS, webhook: false },
      },
    },
  };
}
