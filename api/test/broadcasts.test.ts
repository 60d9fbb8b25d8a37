import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, Context } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import { sql } from 'drizzle-orm';
import { MSG, type Broadcast } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { createOutboxWorker, createPacer } from '../src/modules/outbox/worker.js';
import { telegramSender } from '../src/modules/outbox/telegram-sender.js';
import { notificationKeyboard } from '../src/modules/outbox/keyboards.js';
import { trackReachable } from '../src/bot/reachable.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { multipart, type Part } from './docx.js';
import { blobCount } from './purchase-world.js';

let ctx: TestContext;
let fake: FakeBotApi;
let admin: string;
const silent = { info() {}, warn() {}, error() {} };
/** Students of course 3, made for this file: ids 5300.. */
const COURSE3 = Array.from({ length: 12 }, (_, i) => 5300 + i);
const BANNED = 5390;

function worker(ratePerSecond?: number) {
  const api = new Api(fake.token, { apiRoot: fake.apiRoot });
  const sender = telegramSender(api, ctx.deps.blobs, (chatId) => notificationKeyboard(ctx.config, chatId));
  return createOutboxWorker({ db: ctx.deps.db, sender, log: silent, pace: ratePerSecond ? createPacer(ratePerSecond) : undefined });
}

const send = (parts: Part[], token = admin) => {
  const { payload, headers } = multipart(parts);
  return ctx.app.inject({ method: 'POST', url: '/api/v1/notifications/alarm', headers: { ...auth(token), ...headers }, payload });
};
const progress = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/notifications/broadcasts/${id}`, headers: auth(admin) })).json<Broadcast>();
const received = (chatId: number, method = 'sendMessage') => fake.delivered(method).filter((c) => Number(c.params.chat_id) === chatId);
const broadcastCount = async () => Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM broadcasts`))!.n);
const queuedCount = async () => Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM outbox WHERE kind = 'broadcast'`))!.n);

beforeAll(async () => {
  fake = await startFakeBotApi();
  ctx = await createTestContext({ BOT_API_ROOT: fake.apiRoot });
  admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  for (const id of [...COURSE3, BANNED]) {
    await ctx.deps.db.execute(sql`INSERT INTO users (telegram_id, username, course_number, is_banned) VALUES (${id}, ${`s${id}`}, 3, ${id === BANNED})`);
  }
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(async () => {
  // Each test sends only its own broadcast.
  await ctx.deps.db.execute(sql`UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL`);
});

describe('broadcasts', () => {
  it('counts the recipients of a course before sending, leaving out banned users', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications/recipients?courseNumber=3', headers: auth(admin) });
    expect(res.json()).toEqual({ recipients: COURSE3.length, skipped: 0 });
    const all = await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications/recipients?courseNumber=all', headers: auth(admin) });
    expect(all.json<{ recipients: number }>().recipients).toBe(COURSE3.length + 1);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications/recipients?courseNumber=5', headers: auth(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.broadcastAudience);
  });

  it('refuses a bad broadcast in Ukrainian and keeps nothing of it', async () => {
    const file = (n: number): Part => ({ name: 'files', filename: `f${n}.txt`, value: `файл ${n}`, contentType: 'text/plain' });
    const blobsBefore = await blobCount(ctx);
    const cases: [Part[], number, string][] = [
      [[{ name: 'courseNumber', value: '3' }, { name: 'message', value: '   ' }, file(1)], 400, MSG.broadcastEmpty],
      [[{ name: 'courseNumber', value: '3' }, { name: 'message', value: 'я'.repeat(4097) }], 400, MSG.broadcastTooLong],
      [[{ name: 'courseNumber', value: '7' }, { name: 'message', value: 'Привіт' }, file(1)], 400, MSG.broadcastAudience],
      [[{ name: 'courseNumber', value: '3' }, { name: 'message', value: 'Привіт' }, file(1), file(2), file(3), file(4)], 413, MSG.broadcastTooManyFiles],
      [[{ name: 'courseNumber', value: '1' }, { name: 'message', value: 'Нікому' }], 400, MSG.broadcastNoRecipients],
    ];
    for (const [parts, status, message] of cases) {
      const res = await send(parts);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    expect(await broadcastCount()).toBe(0);
    expect(await queuedCount()).toBe(0);
    expect(await blobCount(ctx)).toBe(blobsBefore);
    expect((await send([{ name: 'courseNumber', value: '3' }, { name: 'message', value: 'Привіт' }], await login(ctx.app, { id: COURSE3[0]! }))).statusCode).toBe(403);
  });

  it('sends the text and the file to every recipient once, at the rate allowed, and shows the progress', async () => {
    const res = await send([
      { name: 'courseNumber', value: '3' },
      { name: 'message', value: 'Завтра пари переносяться на 10:00.' },
      { name: 'files', filename: 'розклад.pdf', value: Buffer.from('%PDF-1.4 розклад'), contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(201);
    const b = res.json<Broadcast>();
    expect(b).toMatchObject({ courseNumber: 3, recipients: COURSE3.length, skipped: 0, sent: 0, failed: 0, left: COURSE3.length, files: [{ fileName: 'розклад.pdf' }] });

    // 12 messages of two calls each at 10 calls a second: the last starts no sooner than 2.2 s after the first.
    const started = Date.now();
    await worker(10).runOnce();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2200);
    for (const id of COURSE3) {
      expect(received(id).map((c) => c.params.text)).toEqual(['Завтра пари переносяться на 10:00.']);
      expect(received(id, 'sendDocument')).toHaveLength(1);
    }
    expect(received(BANNED)).toEqual([]);
    expect(await progress(b.id)).toMatchObject({ sent: COURSE3.length, failed: 0, left: 0 });
  });

  it('skips a user who blocked the bot, remembers it, and counts them out of the next broadcast', async () => {
    const blocker = COURSE3[1]!;
    fake.block(blocker);
    const first = (await send([{ name: 'courseNumber', value: '3' }, { name: 'message', value: 'Перша' }])).json<Broadcast>();
    await worker().runOnce();
    expect(await progress(first.id)).toMatchObject({ sent: COURSE3.length - 1, failed: 1, left: 0 });
    const marked = await row<{ blocked: boolean }>(ctx.deps.db, sql`SELECT bot_blocked_at IS NOT NULL AS blocked FROM users WHERE telegram_id = ${blocker}`);
    expect(marked!.blocked).toBe(true);

    const second = (await send([{ name: 'courseNumber', value: '3' }, { name: 'message', value: 'Друга' }])).json<Broadcast>();
    expect(second).toMatchObject({ recipients: COURSE3.length - 1, skipped: 1 });
    await worker().runOnce();
    expect(received(blocker).filter((c) => c.params.text === 'Друга')).toEqual([]);
    expect(await progress(second.id)).toMatchObject({ sent: COURSE3.length - 1, failed: 0, left: 0 });
  });

  it('loses and repeats no message when the sender stops mid-broadcast and starts again', async () => {
    // The user who blocked the bot in the test before stays out.
    const reachable = COURSE3.filter((id) => id !== COURSE3[1]);
    const b = (await send([{ name: 'courseNumber', value: '3' }, { name: 'message', value: 'Перезапуск' }])).json<Broadcast>();
    const stop = new AbortController();
    const stopped = worker(20).runOnce(stop.signal);
    // Stop once a few have gone: the message in flight finishes, the rest is handed back.
    while (fake.delivered('sendMessage').filter((c) => c.params.text === 'Перезапуск').length < 3) await new Promise((r) => setTimeout(r, 10));
    stop.abort();
    await stopped;
    const midway = await progress(b.id);
    expect(midway.left).toBeGreaterThan(0);
    await worker().runOnce();
    const got = fake.delivered('sendMessage').filter((c) => c.params.text === 'Перезапуск').map((c) => Number(c.params.chat_id));
    expect(got.sort()).toEqual(reachable.sort());
    expect(await progress(b.id)).toMatchObject({ sent: reachable.length, failed: 0, left: 0 });
  });

  it("learns from Telegram's updates when a user blocks the bot and when they are back", async () => {
    const user = COURSE3[5]!;
    const me = { id: 1, is_bot: true, first_name: 'Zalik', username: 'zalik_test_bot' } as UserFromGetMe;
    const from = { id: user, is_bot: false, first_name: 'Студент' };
    const chat = { id: user, type: 'private' as const, first_name: 'Студент' };
    const member = (status: 'kicked' | 'member') => ({
      update_id: 1,
      my_chat_member: {
        chat, from, date: 0,
        old_chat_member: { user: me, status: status === 'kicked' ? 'member' : 'kicked' },
        new_chat_member: { user: me, status, ...(status === 'kicked' ? { until_date: 0 } : {}) },
      },
    }) as unknown as Update;
    const blockedNow = async () =>
      (await row<{ blocked: boolean }>(ctx.deps.db, sql`SELECT bot_blocked_at IS NOT NULL AS blocked FROM users WHERE telegram_id = ${user}`))!.blocked;
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    const handle = (update: Update) => trackReachable(ctx.deps.db)(new Context(update, api, me), async () => undefined);

    await handle(member('kicked'));
    expect(await blockedNow()).toBe(true);
    await handle(member('member'));
    expect(await blockedNow()).toBe(false);
    await handle(member('kicked'));
    await handle({ update_id: 2, message: { message_id: 1, date: 0, chat, from, text: '/start' } } as Update);
    expect(await blockedNow()).toBe(false);
  });
});
