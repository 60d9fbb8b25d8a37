import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { enqueue, type OutboxMessage } from '../src/modules/outbox/enqueue.js';
import { createOutboxWorker, type OutboxWorkerOptions } from '../src/modules/outbox/worker.js';
import { retryDelayMs } from '../src/jobs/index.js';
import { logSender, telegramSender } from '../src/modules/outbox/telegram-sender.js';
import { notificationKeyboard } from '../src/modules/outbox/keyboards.js';
import { BOT_TEXT } from '../src/modules/outbox/texts.js';
import { createRunner } from '../src/deps.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { ADMIN_ID, auth, createTestContext, login, type TestContext } from './helpers.js';
import { losingAnswers } from './lost-answers.js';

let ctx: TestContext;
let fake: FakeBotApi;
const silent = { info() {}, warn() {}, error() {} };

function worker(opts: Partial<OutboxWorkerOptions> = {}) {
  const api = new Api(fake.token, { apiRoot: fake.apiRoot });
  const sender = telegramSender(api, ctx.deps.blobs, (chatId) => notificationKeyboard(ctx.config, chatId));
  return createOutboxWorker({ db: ctx.deps.db, sender, log: silent, backoffBaseMs: 60_000, ...opts });
}

/** `db` losing the answer of its first statement containing `marker` (test/lost-answers.ts). */
function workerLosing(marker: string, when: 'before' | 'after') {
  const db = losingAnswers(ctx.deps.db, marker, { when });
  return { db, w: worker({ db }) };
}

const queue = (msg: Omit<OutboxMessage, 'kind'> & { kind?: OutboxMessage['kind'] }) =>
  ctx.deps.db.transaction((tx) => enqueue(tx, { kind: 'order_delivered', ...msg }));

interface OutboxRow {
  id: number;
  kind: string;
  chat_id: number;
  attempts: number;
  steps_done: number;
  last_error: string | null;
  sent: boolean;
  gave_up: boolean;
  due: boolean;
  payload: { text: string; openApp: boolean };
}
const outbox = () =>
  rows<OutboxRow>(
    ctx.deps.db,
    sql`SELECT id, kind, chat_id, attempts, steps_done, last_error, payload, sent_at IS NOT NULL AS sent,
               gave_up_at IS NOT NULL AS gave_up, next_attempt_at <= now() AS due
        FROM outbox ORDER BY id`,
  );
/** Skips the backoff wait, as if its time had passed. */
const fastForward = () => ctx.deps.db.execute(sql`UPDATE outbox SET next_attempt_at = now() WHERE sent_at IS NULL`);
const toChat = (chatId: number, method?: string) => fake.delivered(method).filter((c) => Number(c.params.chat_id) === chatId);

beforeAll(async () => {
  fake = await startFakeBotApi();
  ctx = await createTestContext({ BOT_USERNAME: 'zalik_test_bot', MINI_APP_NAME: 'shop', BOT_API_ROOT: fake.apiRoot, OUTBOX_POLL_MS: '50', JOBS_POLL_MS: '20' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(async () => {
  // Each test looks at its own messages only.
  await ctx.deps.db.execute(sql`UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL`);
});

describe('delivery', () => {
  it('keeps a message through a Telegram outage and delivers it once after recovery', async () => {
    const blobA = await ctx.deps.blobs.put(Buffer.from('перший файл'));
    const blobB = await ctx.deps.blobs.put(Buffer.from('second'));
    await queue({ chatId: 601, text: 'Ваше замовлення готове', files: [{ blobId: blobA, fileName: 'відповідь.docx' }, { blobId: blobB, fileName: 'b.pdf' }], openApp: true });
    const w = worker();

    fake.fail(3, 'error');
    expect(await w.runOnce()).toBe(1);
    let [msg] = await outbox();
    expect(msg).toMatchObject({ attempts: 1, sent: false, due: false, steps_done: 0 });
    expect(msg!.last_error).toContain('500');
    // Not due yet: the backoff holds it back.
    expect(await w.runOnce()).toBe(0);

    fake.fail(1, 'down');
    await fastForward();
    await w.runOnce();
    [msg] = await outbox();
    expect(msg).toMatchObject({ attempts: 2, sent: false });
    expect(toChat(601)).toEqual([]);

    fake.fail(0);
    await fastForward();
    expect(await w.runOnce()).toBe(1);
    [msg] = await outbox();
    expect(msg).toMatchObject({ sent: true, steps_done: 2 });
    await fastForward();
    expect(await w.runOnce()).toBe(0);

    const text = toChat(601, 'sendMessage');
    expect(text).toHaveLength(1);
    expect(text[0]!.params).toMatchObject({ text: 'Ваше замовлення готове', reply_markup: { inline_keyboard: [[{ web_app: { url: 'https://zalik.test/' } }]] } });
    const group = toChat(601, 'sendMediaGroup');
    expect(group).toHaveLength(1);
    expect(group[0]!.files.map((f) => [f.name, f.bytes.toString()])).toEqual([['відповідь.docx', 'перший файл'], ['b.pdf', 'second']]);
  });

  it('hands back what a claim took when its answer was lost: the message goes out at once, once', async () => {
    await queue({ chatId: 611, text: 'Відповідь на ваше питання' });
    const { db, w } = workerLosing('UPDATE outbox o SET next_attempt_at', 'after');
    await expect(w.runOnce()).rejects.toThrow('Connection terminated unexpectedly');
    expect(db.lost).toBe(1);
    expect((await outbox()).find((m) => m.chat_id === 611)).toMatchObject({ sent: false, due: true, attempts: 0 });
    expect(await worker().runOnce()).toBe(1);
    expect((await outbox()).find((m) => m.chat_id === 611)).toMatchObject({ sent: true, attempts: 0 });
    expect(toChat(611, 'sendMessage')).toHaveLength(1);
  });

  it('a sent message whose sent_at could not be written at first is marked sent, not sent again', async () => {
    await queue({ chatId: 612, text: 'Замовлення виконано' });
    const { db, w } = workerLosing('sent_at = now()', 'before');
    expect(await w.runOnce()).toBe(1);
    expect(db.lost).toBe(1);
    expect((await outbox()).find((m) => m.chat_id === 612)).toMatchObject({ sent: true, attempts: 0, last_error: null });
    await fastForward();
    expect(await worker().runOnce()).toBe(0);
    expect(toChat(612, 'sendMessage')).toHaveLength(1);
  });

  it('resumes after the text went out and the files failed, without repeating the text', async () => {
    const blob = await ctx.deps.blobs.put(Buffer.from('%PDF'));
    await queue({ chatId: 603, text: 'Звіт', files: [{ blobId: blob, fileName: 'звіт.pdf' }] });
    // Telegram takes the text, then fails the document upload.
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    api.config.use(async (prev, method, payload, signal) => {
      if (method === 'sendDocument') fake.fail(1, 'error');
      return prev(method, payload, signal);
    });
    const flaky = createOutboxWorker({
      db: ctx.deps.db,
      sender: telegramSender(api, ctx.deps.blobs, (chatId) => notificationKeyboard(ctx.config, chatId)),
      log: silent,
    });
    await flaky.runOnce();
    let msg = (await outbox()).find((m) => m.chat_id === 603)!;
    expect(msg).toMatchObject({ steps_done: 1, attempts: 1, sent: false });
    expect(toChat(603, 'sendMessage')).toHaveLength(1);
    expect(toChat(603, 'sendDocument')).toHaveLength(0);

    await fastForward();
    await worker().runOnce();
    msg = (await outbox()).find((m) => m.chat_id === 603)!;
    expect(msg).toMatchObject({ steps_done: 2, sent: true });
    expect(toChat(603, 'sendMessage')).toHaveLength(1);
    const docs = toChat(603, 'sendDocument');
    expect(docs).toHaveLength(1);
    expect(docs[0]!.files.map((f) => [f.name, f.bytes.toString()])).toEqual([['звіт.pdf', '%PDF']]);
  });

  it('gives up at once on a user who blocked the bot', async () => {
    await queue({ chatId: 604, text: 'Нове замовлення' });
    const w = worker({ permanentAttempts: 3 });
    fake.fail(5, 403);
    await w.runOnce();
    fake.fail(0);
    await fastForward();
    expect(await w.runOnce()).toBe(0);
    const msg = (await outbox()).find((m) => m.chat_id === 604)!;
    expect(msg).toMatchObject({ attempts: 1, gave_up: true, sent: false });
    expect(msg.last_error).toContain('blocked');
  });

  it('marks a user who blocked the bot while the database blinks, and still gives the message up', async () => {
    await login(ctx.app, { id: 606, first_name: 'Оля' });
    await queue({ chatId: 606, text: 'Нове замовлення' });
    const { db, w } = workerLosing('SET bot_blocked_at', 'before');
    fake.fail(1, 403);
    expect(await w.runOnce()).toBe(1);
    fake.fail(0);
    expect(db.lost).toBe(1);
    expect((await outbox()).find((m) => m.chat_id === 606)).toMatchObject({ attempts: 1, gave_up: true, sent: false });
    const user = await row<{ blocked: boolean }>(ctx.deps.db, sql`SELECT bot_blocked_at IS NOT NULL AS blocked FROM users WHERE telegram_id = 606`);
    expect(user?.blocked).toBe(true);
  });

  it('gives up a message Telegram refuses for good for another reason after a few attempts', async () => {
    await queue({ chatId: 605, text: 'Нове замовлення' });
    const w = worker({ permanentAttempts: 2 });
    fake.fail(5, 400);
    await w.runOnce();
    await fastForward();
    await w.runOnce();
    fake.fail(0);
    await fastForward();
    expect(await w.runOnce()).toBe(0);
    const msg = (await outbox()).find((m) => m.chat_id === 605)!;
    expect(msg).toMatchObject({ attempts: 2, gave_up: true, sent: false });
    expect(msg.last_error).toContain('400');
  });

  it('never sends a message twice when several workers run at once', async () => {
    for (let i = 0; i < 30; i++) await queue({ chatId: 700 + i, text: `повідомлення ${i}` });
    const workers = [worker({ batchSize: 4 }), worker({ batchSize: 4 }), worker({ batchSize: 4 })];
    const handled = await Promise.all(workers.map((w) => w.runOnce()));
    expect(handled.reduce((a, b) => a + b, 0)).toBe(30);
    for (let i = 0; i < 30; i++) expect(toChat(700 + i, 'sendMessage')).toHaveLength(1);
    expect((await outbox()).filter((m) => m.chat_id >= 700 && m.chat_id < 730 && !m.sent)).toEqual([]);
  });

  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 5000, 3_600_000))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(40, 5000, 3_600_000)).toBe(3_600_000);
  });

  it('is sent by the job runner once it starts, and no more after it stops', async () => {
    const runner = createRunner(ctx.deps, silent);
    await runner.start();
    await queue({ chatId: 801, text: 'раз' });
    for (let i = 0; i < 100 && toChat(801).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(toChat(801, 'sendMessage')).toHaveLength(1);
    await runner.stop();
    await queue({ chatId: 802, text: 'два' });
    await new Promise((r) => setTimeout(r, 200));
    expect(toChat(802)).toEqual([]);
    expect((await outbox()).find((m) => m.chat_id === 802)).toMatchObject({ sent: false, attempts: 0 });
  });

  it('in demo mode writes messages to the log and marks them sent', async () => {
    const logged: object[] = [];
    await queue({ chatId: 901, text: 'демо' });
    const w = createOutboxWorker({ db: ctx.deps.db, sender: logSender({ info: (o) => logged.push(o) }), log: silent });
    expect(await w.runOnce()).toBe(1);
    expect(logged).toEqual([expect.objectContaining({ chatId: 901, text: 'демо' })]);
    expect((await outbox()).find((m) => m.chat_id === 901)).toMatchObject({ sent: true });
    expect(toChat(901)).toEqual([]);
  });
});

describe('ban notifications', () => {
  it('queues one message per change, in the same transaction as the ban, and the worker delivers it', async () => {
    const admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
    const STUDENT = 6050;
    await login(ctx.app, { id: STUDENT, username: 'stud' });
    const ban = (value: boolean) => ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${STUDENT}/ban?value=${value}`, headers: auth(admin) });

    expect((await ban(true)).statusCode).toBe(200);
    expect((await ban(true)).statusCode).toBe(200); // no change, no second message
    expect((await ban(false)).statusCode).toBe(200);
    const mine = (await outbox()).filter((m) => m.chat_id === STUDENT);
    expect(mine.map((m) => [m.kind, m.payload.text, m.payload.openApp])).toEqual([
      ['user_banned', MSG.blocked, false],
      ['user_unbanned', BOT_TEXT.unbanned, true],
    ]);
    // A refused ban (admin banning themself) queues nothing.
    const self = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${ADMIN_ID}/ban?value=true`, headers: auth(admin) });
    expect(self.statusCode).toBe(400);
    expect((await outbox()).filter((m) => m.chat_id === ADMIN_ID)).toEqual([]);

    await worker().runOnce();
    const sent = toChat(STUDENT, 'sendMessage');
    expect(sent.map((c) => c.params.text)).toEqual([MSG.blocked, BOT_TEXT.unbanned]);
    expect(sent[0]!.params.reply_markup).toBeUndefined();
    expect(sent[1]!.params.reply_markup).toBeDefined();
    const count = await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM outbox WHERE chat_id = ${STUDENT} AND sent_at IS NULL`);
    expect(Number(count!.n)).toBe(0);
  });
});
