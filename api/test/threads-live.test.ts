/**
 * A thread as it happens: live streams over real HTTP (new lines, read marks and hides arrive
 * while the stream is open; it ends on time and when the app closes), and the bot notice of new
 * messages against the fake Bot API (batched: one per order per 5 minutes, carrying the count;
 * none to a reader who has the thread open or has read it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { sql } from 'drizzle-orm';
import { MSG, THREAD_NOTICE_MINUTES, type ThreadStreamEvent } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { JobRegistry, createJobRunner } from '../src/jobs/index.js';
import { registerThreadJobs } from '../src/modules/threads/jobs.js';
import { createOutboxWorker } from '../src/modules/outbox/worker.js';
import { telegramSender } from '../src/modules/outbox/telegram-sender.js';
import { directLink, notificationKeyboard, startAppKeyboard } from '../src/modules/outbox/keyboards.js';
import { threadNoticeText } from '../src/modules/outbox/texts.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { createTestContext, type TestContext } from './helpers.js';
import { DEV, NO_RATE_LIMITS, STUDENT, createWorld, topUp, type World } from './purchase-world.js';
import { orderCalls } from './escrow-helpers.js';
import { openLive, threadCalls, type LiveStream } from './thread-helpers.js';

let ctx: TestContext;
let w: World;
let fake: FakeBotApi;
let baseUrl: string;
let t: ReturnType<typeof threadCalls>;
let o: ReturnType<typeof orderCalls>;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  fake = await startFakeBotApi();
  ctx = await createTestContext({ ...NO_RATE_LIMITS, RATE_LIMIT_MESSAGE: '1000000/60', BOT_API_ROOT: fake.apiRoot });
  w = await createWorld(ctx);
  t = threadCalls(ctx);
  o = orderCalls(ctx, w);
  await topUp(ctx.database.db, STUDENT, 100_000);
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const db = () => ctx.database.db;

/** The notice jobs only (no outbox sending, no sweeps), on the test's database. */
function noticeRunner() {
  const registry = new JobRegistry();
  registerThreadJobs({ ...ctx.deps, jobs: registry });
  return createJobRunner({ db: db(), registry, log: silent });
}

/** Every waiting notice is due now, as if its time had come; answers how many ran. */
async function runNotices(): Promise<number> {
  await db().execute(sql`UPDATE jobs SET run_at = now() WHERE name = 'threads.notice' AND status = 'pending'`);
  return noticeRunner().runDue();
}

/** The queued Telegram messages go out to the fake Bot API, as the outbox job sends them. */
async function sendOutbox(): Promise<void> {
  const api = new Api(fake.token, { apiRoot: fake.apiRoot });
  const sender = telegramSender(api, ctx.deps.blobs, (chatId) => notificationKeyboard(ctx.config, chatId), (s) => startAppKeyboard(ctx.config, s));
  await createOutboxWorker({ db: db(), sender, log: silent }).runOnce();
}

const pendingNotices = async (orderId: string) =>
  (
    await rows<{ key: string; run_at: Date | string }>(
      db(),
      sql`SELECT key, run_at FROM jobs WHERE name = 'threads.notice' AND status = 'pending' AND key LIKE ${`${orderId}:%`} ORDER BY key`,
    )
  ).map((j) => ({ key: j.key, runAt: new Date(j.run_at) }));

/** The thread notices a chat received (each starts with 💬; a purchase's own message to the developer does not). */
const received = (chatId: number) =>
  fake.delivered('sendMessage').filter((c) => Number(c.params.chat_id) === chatId && String(c.params.text).startsWith('💬'));

describe('the bot notice of new messages', () => {
  it('gathers three quick messages into one notice with their count and a button that opens the thread', async () => {
    const id = await o.newOrder();
    const before = received(DEV).length;
    for (const text of ['Добрий день!', 'Мій варіант 12-б.', 'Методичку додам пізніше.']) await t.say(id, w.student, text);
    // One notice waits for the developer, none for the writer.
    expect((await pendingNotices(id)).map((j) => j.key)).toEqual([`${id}:${DEV}`]);
    expect(await runNotices()).toBe(1);
    await sendOutbox();
    const sent = received(DEV).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.text).toBe(threadNoticeText({ orderId: Number(id), taskTitle: 'Курсова робота', subjectName: 'Вища математика', count: 3 }));
    expect(sent[0]!.params.text).toContain('3 нові повідомлення');
    expect(sent[0]!.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Відкрити переписку', url: directLink(ctx.config, `thread_${id}`) }]],
    });
    expect(directLink(ctx.config, `thread_${id}`)).toMatch(new RegExp(`\\?startapp=thread_${id}$`));

    // The next message waits for the end of the 5 minutes since that notice, then says what is unread.
    const notifiedAt = Date.now();
    await t.say(id, w.student, 'І ще одне питання');
    const [next] = await pendingNotices(id);
    expect(next!.runAt.getTime()).toBeGreaterThan(notifiedAt + (THREAD_NOTICE_MINUTES - 1) * 60_000);
    expect(await runNotices()).toBe(1);
    await sendOutbox();
    expect(received(DEV).slice(before).map((c) => c.params.text)).toHaveLength(2);
    expect(received(DEV).at(-1)!.params.text).toContain('4 нові повідомлення');
  });

  it('says nothing to a reader who read the thread before the notice was due', async () => {
    const id = await o.newOrder();
    const before = received(STUDENT).length;
    const m = await t.say(id, w.dev, 'Взяв у роботу');
    expect((await pendingNotices(id)).map((j) => j.key)).toEqual([`${id}:${STUDENT}`]);
    expect((await t.read(id, w.student, m.id)).json()).toEqual({ unread: 0 });
    expect(await runNotices()).toBe(1);
    await sendOutbox();
    expect(received(STUDENT).slice(before)).toEqual([]);
  });

  it('says nothing to a reader who has the thread open, and tells them again once they left', async () => {
    const id = await o.newOrder();
    const before = received(DEV).length;
    const live = await openLive(baseUrl, id, w.dev, 'after=0&wait=60');
    expect(live.status).toBe(200);
    await t.say(id, w.student, 'Ви тут?');
    await live.next((e) => e.type === 'message');
    expect(await runNotices()).toBe(1);
    await sendOutbox();
    expect(received(DEV).slice(before)).toEqual([]);
    live.close();
    await waitUntil(async () => (await viewers(id)) === 0);
    await t.say(id, w.student, 'Відпишіть, будь ласка');
    expect(await runNotices()).toBe(1);
    await sendOutbox();
    expect(received(DEV).slice(before).map((c) => c.params.text)).toEqual([
      threadNoticeText({ orderId: Number(id), taskTitle: 'Курсова робота', subjectName: 'Вища математика', count: 2 }),
    ]);
  });
});

const viewers = async (orderId: string) =>
  Number((await row<{ n: number | string }>(db(), sql`SELECT count(*) AS n FROM order_thread_viewers WHERE order_id = ${Number(orderId)}`))!.n);

/** Polls `check` until it holds; a loaded machine may take seconds to deliver a close or a notification. */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the condition never held');
}

const isMessage = (text: string) => (e: ThreadStreamEvent) => e.type === 'message' && e.message.text === text;

describe('live streams', () => {
  it('bring the other side’s new lines, read marks and hides while open', async () => {
    const id = await o.newOrder();
    const first = await t.say(id, w.student, 'Перше');
    const streams: LiveStream[] = [];
    try {
      const dev = await openLive(baseUrl, id, w.dev, `after=${first.id}&wait=60`);
      const student = await openLive(baseUrl, id, w.student, `after=${first.id}&wait=60`);
      const admin = await openLive(baseUrl, id, w.admin, 'wait=60');
      streams.push(dev, student, admin);
      expect([dev.status, student.status, admin.status]).toEqual([200, 200, 200]);
      await waitUntil(async () => ctx.deps.threadHub.size() >= 3);

      const second = await t.say(id, w.student, 'Друге, з файлом', [{ name: 'files', filename: 'План.pdf', value: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' }]);
      const seen = await dev.next(isMessage('Друге, з файлом'));
      expect(seen).toMatchObject({ type: 'message', message: { id: second.id, author: { role: 'STUDENT' }, files: [{ fileName: 'План.pdf' }] } });
      await student.next(isMessage('Друге, з файлом'));
      await admin.next(isMessage('Друге, з файлом'));

      expect((await t.read(id, w.dev, second.id)).statusCode).toBe(200);
      expect(await student.next((e) => e.type === 'read')).toEqual({ type: 'read', telegramId: String(DEV), upTo: second.id });

      expect((await t.hide(id, second.id, w.admin, 'Не за темою')).statusCode).toBe(200);
      const hidden = await dev.next((e) => e.type === 'message' && e.message.id === second.id && e.message.hidden);
      expect(hidden).toMatchObject({ message: { text: MSG.threadHidden, files: [], hiddenReason: null } });
      expect(await admin.next((e) => e.type === 'message' && e.message.hidden)).toMatchObject({ message: { text: 'Друге, з файлом', hiddenReason: 'Не за темою' } });

      // A change of the order is told in the stream too.
      expect((await o.devCancel(id, 'Не встигаю')).statusCode).toBe(200);
      expect(await student.next((e) => e.type === 'message' && e.message.kind === 'CANCEL')).toMatchObject({ message: { text: 'Не встигаю', author: { role: 'DEVELOPER' } } });
      // Who writes has read the thread: the other side hears it; their own read marks are not news to anyone's own stream.
      expect(dev.events.filter((e) => e.type === 'read').map((e) => e.type === 'read' && e.telegramId)).toContain(String(STUDENT));
      expect(student.events.filter((e) => e.type === 'read' && e.telegramId === String(STUDENT))).toEqual([]);
    } finally {
      for (const s of streams) s.close();
    }
    await waitUntil(async () => ctx.deps.threadHub.size() === 0);
  });

  it('ends after `wait` seconds, and refuses someone else’s thread in JSON', async () => {
    const id = await o.newOrder();
    const live = await openLive(baseUrl, id, w.student, 'wait=1');
    expect(live.status).toBe(200);
    await live.ended;
    expect(live.events).toEqual([]);
    const other = await openLive(baseUrl, id, w.otherDev, 'wait=5');
    await other.ended;
    expect(other.status).toBe(404);
    expect((await t.stream(id, w.otherDev, 'wait=5')).json()).toEqual({ message: MSG.threadNotFound });
  });

  it('are ended by the app when it closes, so the server can stop', async () => {
    const id = await o.newOrder();
    const live = await openLive(baseUrl, id, w.student, 'wait=300');
    await waitUntil(async () => ctx.deps.threadHub.size() === 1);
    ctx.deps.threadHub.endAll();
    await live.ended;
    await waitUntil(async () => (await viewers(id)) === 0);
  });
});
