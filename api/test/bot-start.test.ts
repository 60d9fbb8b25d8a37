import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from 'grammy';
import { buildApp } from '../src/app.js';
import { createBot } from '../src/bot/bot.js';
import { createInbox } from '../src/bot/inbox.js';
import { pollUpdates } from '../src/bot/polling.js';
import { setupTelegram } from '../src/bot/runtime.js';
import { BOT_TEXT } from '../src/modules/outbox/texts.js';
import { createRunner } from '../src/deps.js';
import { enqueue } from '../src/modules/outbox/enqueue.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { createTestContext, type TestContext } from './helpers.js';

let fake: FakeBotApi;
let bot: Bot;
/** The app's deps with the bot pointed at the fake, as main.ts builds them. */
let base: TestContext;

const silent = { info() {}, warn() {}, error() {} };

let updateId = 1;
/** A private-chat `/start ...` message as Telegram delivers it. */
function startUpdate(fromId: number, text: string) {
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: fromId, type: 'private', first_name: 'Оля' },
      from: { id: fromId, is_bot: false, first_name: 'Оля' },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
    },
  };
}

async function replyTo(update: ReturnType<typeof startUpdate>) {
  const before = fake.delivered('sendMessage').length;
  await bot.handleUpdate(update as never);
  const sent = fake.delivered('sendMessage');
  expect(sent).toHaveLength(before + 1);
  return sent.at(-1)!.params as { chat_id: number; text: string; reply_markup: { inline_keyboard: Record<string, unknown>[][] } };
}

beforeAll(async () => {
  fake = await startFakeBotApi();
  base = await createTestContext({ BOT_API_ROOT: fake.apiRoot, BOT_USERNAME: 'zalik_test_bot', MINI_APP_NAME: 'shop' });
  bot = createBot(base.deps);
  await bot.init();
});
afterAll(async () => {
  await base.close();
  await fake.close();
});

describe('/start', () => {
  it('answers in Ukrainian with a web_app button that opens PUBLIC_URL', async () => {
    const reply = await replyTo(startUpdate(5551, '/start'));
    expect(reply.chat_id).toBe(5551);
    expect(reply.text).toBe(BOT_TEXT.start);
    expect(reply.reply_markup.inline_keyboard).toEqual([[{ text: 'Відкрити Залік', web_app: { url: 'https://zalik.test/' } }]]);
  });

  it('passes a ref_ payload on to the mini-app as its start parameter', async () => {
    const reply = await replyTo(startUpdate(5552, '/start ref_5551'));
    expect(reply.text).toBe(BOT_TEXT.startInvited);
    expect(reply.reply_markup.inline_keyboard).toEqual([[{ text: 'Відкрити Залік', url: 'https://t.me/zalik_test_bot/shop?startapp=ref_5551' }]]);
  });

  it.each([['/start ref_5553'], ['/start hello'], ['/start ref_abc'], ['/start@zalik_test_bot']])('treats %s as a plain start', async (text) => {
    const reply = await replyTo(startUpdate(5553, text));
    expect(reply.text).toBe(BOT_TEXT.start);
    expect(reply.reply_markup.inline_keyboard[0]![0]).toHaveProperty('web_app');
  });

  it('answers any other private message with the app button', async () => {
    const u = startUpdate(5554, 'привіт');
    u.message.entities = [];
    const reply = await replyTo(u);
    expect(reply.text).toBe(BOT_TEXT.start);
  });
});

describe('payments and buttons', () => {
  it('refuses in Ukrainian a Stars checkout whose payload names no top-up', async () => {
    await bot.handleUpdate({
      update_id: updateId++,
      pre_checkout_query: {
        id: 'pcq-1', from: { id: 5590, is_bot: false, first_name: 'Оля' }, currency: 'XTR', total_amount: 50, invoice_payload: 'topup',
      },
    } as never);
    const answer = fake.delivered('answerPreCheckoutQuery').at(-1)!;
    expect(answer.params).toEqual({ pre_checkout_query_id: 'pcq-1', ok: false, error_message: BOT_TEXT.checkoutUnknown });
  });

  it('answers an inline button press so its spinner stops', async () => {
    await bot.handleUpdate({
      update_id: updateId++,
      callback_query: { id: 'cb-1', from: { id: 5591, is_bot: false, first_name: 'Оля' }, chat_instance: 'x', data: 'noop' },
    } as never);
    expect(fake.delivered('answerCallbackQuery').at(-1)!.params).toEqual({ callback_query_id: 'cb-1' });
  });
});

describe('receiving updates', () => {
  it('long-polls getUpdates, moving the offset past an update once it is stored, and replies', async () => {
    const polling = createBot(base.deps);
    const inbox = createInbox({ db: base.deps.db, bot: polling });
    const stop = new AbortController();
    const update = fake.pushUpdate(startUpdate(5560, '/start ref_42'));
    const polled = pollUpdates(polling, inbox, silent, stop.signal);
    for (let i = 0; i < 100 && !fake.delivered('sendMessage').some((c) => c.params.chat_id === 5560); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    stop.abort();
    await polled;
    await inbox.stop();
    const sent = fake.delivered('sendMessage').filter((c) => c.params.chat_id === 5560);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]!.params.reply_markup)).toContain('startapp=ref_42');
    // Asked for again (the call stopping cut short) past the update only after it was stored.
    const offsets = fake.calls.filter((c) => c.method === 'getUpdates').map((c) => Number(c.params.offset ?? 0));
    expect(offsets.at(-1)).toBe(Number(update.update_id) + 1);
  });

  it('two pollers of one bot take turns instead of one stopping for good: the one Telegram cut off (409) polls again when the other exits', async () => {
    const conflicts = new Set<string>();
    const recorder = (name: string) => {
      const seen = (obj: object) => {
        if ((obj as { err?: { error_code?: number } }).err?.error_code === 409) conflicts.add(name);
      };
      return { info() {}, warn: seen, error: seen };
    };
    const pollers = ['a', 'b'].map((name) => {
      const bot = createBot(base.deps);
      const stop = new AbortController();
      const inbox = createInbox({ db: base.deps.db, bot });
      return { name, stop, inbox, polled: pollUpdates(bot, inbox, recorder(name), stop.signal, 100) };
    });
    try {
      for (let i = 0; i < 100 && conflicts.size === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(conflicts.size).toBeGreaterThan(0);
      // The poller that was not cut off exits (the old process of a deploy); the other must carry on.
      const [cutOff] = [...conflicts];
      const exiting = pollers.find((p) => p.name !== cutOff)!;
      exiting.stop.abort();
      await exiting.polled;

      fake.pushUpdate(startUpdate(5575, '/start'));
      const answered = () => fake.delivered('sendMessage').filter((c) => c.params.chat_id === 5575);
      for (let i = 0; i < 100 && answered().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(answered()).toHaveLength(1);
    } finally {
      for (const p of pollers) p.stop.abort();
      await Promise.all(pollers.map((p) => p.polled));
      await Promise.all(pollers.map((p) => p.inbox.stop()));
    }
  });

  it('as wired at start-up: polls for updates and sends queued notifications through the bot', async () => {
    const ctx = await createTestContext({ BOT_API_ROOT: fake.apiRoot, OUTBOX_POLL_MS: '50' });
    const app = await buildApp(ctx.deps, { logger: false, serveWeb: false });
    const telegram = setupTelegram(app, ctx.deps);
    const runner = createRunner(ctx.deps, app.log);
    await app.ready();
    try {
      await runner.start();
      await telegram.start();
      fake.pushUpdate(startUpdate(5580, '/start'));
      await ctx.deps.db.transaction((tx) => enqueue(tx, { kind: 'order_created', chatId: 5581, text: 'Нове замовлення' }));
      const arrived = () => fake.delivered('sendMessage').filter((c) => c.params.chat_id === 5580 || c.params.chat_id === 5581);
      for (let i = 0; i < 100 && arrived().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(arrived().map((c) => c.params.text).sort()).toEqual([BOT_TEXT.start, 'Нове замовлення'].sort());
      const polls = fake.delivered('getUpdates');
      expect(polls.at(-1)!.params.allowed_updates).toEqual(['message', 'callback_query', 'pre_checkout_query', 'my_chat_member']);
    } finally {
      await telegram.stop();
      await runner.stop();
      await app.close();
      await ctx.close();
    }
    expect(telegram.bot?.isRunning()).toBe(false);
  });

  it('stops polling without failing while Telegram cannot be reached, so a shutdown goes on', async () => {
    const gone = await startFakeBotApi();
    const ctx = await createTestContext({ BOT_API_ROOT: gone.apiRoot });
    const app = await buildApp(ctx.deps, { logger: false, serveWeb: false });
    const telegram = setupTelegram(app, ctx.deps);
    await app.ready();
    try {
      await telegram.start();
      for (let i = 0; i < 100 && gone.delivered('getUpdates').length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(gone.delivered('getUpdates').length).toBeGreaterThan(0);
      // Telegram goes away while the bot polls: its last getUpdates, which confirms the offset, cannot be made.
      await gone.close();
      await expect(telegram.stop()).resolves.toBeUndefined();
      expect(telegram.bot?.isRunning()).toBe(false);
    } finally {
      await app.close();
      await ctx.close();
    }
  });

  describe('webhook mode', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ BOT_API_ROOT: fake.apiRoot, BOT_WEBHOOK_URL: 'https://zalik.test', BOT_WEBHOOK_SECRET: 'hook-secret_1' });
    });
    afterAll(() => ctx.close());

    it('sets the webhook with a secret and answers updates posted to the secret path only', async () => {
      const app = await buildApp(ctx.deps, { logger: false, serveWeb: false });
      const telegram = setupTelegram(app, ctx.deps);
      await app.ready();
      try {
        await telegram.start();
        const set = fake.delivered('setWebhook').at(-1)!;
        expect(set.params).toMatchObject({
          url: 'https://zalik.test/telegram/hook-secret_1',
          secret_token: 'hook-secret_1',
          allowed_updates: ['message', 'callback_query', 'pre_checkout_query', 'my_chat_member'],
        });

        const update = startUpdate(5570, '/start');
        const wrong = await app.inject({
          method: 'POST', url: '/telegram/hook-secret_1', payload: update,
          headers: { 'x-telegram-bot-api-secret-token': 'guess' },
        });
        expect(wrong.statusCode).toBe(401);
        expect(fake.delivered('sendMessage').some((c) => c.params.chat_id === 5570)).toBe(false);

        const ok = await app.inject({
          method: 'POST', url: '/telegram/hook-secret_1', payload: update,
          headers: { 'x-telegram-bot-api-secret-token': 'hook-secret_1' },
        });
        expect(ok.statusCode).toBe(200);
        // 200 means stored; the inbox handles it right after.
        const replies = () => fake.delivered('sendMessage').filter((c) => c.params.chat_id === 5570);
        for (let i = 0; i < 100 && replies().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
        expect(replies()).toHaveLength(1);
      } finally {
        await telegram.stop();
        await app.close();
      }
    });
  });
});
