/**
 * The bot's durable inbox (bot/inbox.ts, docs/BOT.md "Receiving updates"), on PGlite and
 * PostgreSQL: the webhook answers 200 only once an update is stored, a duplicate is handled
 * once, a failing update is retried and then given up where the dashboard shows it, two
 * instances never handle one update twice, reachability goes through the inbox, and handled
 * updates are pruned. Payments under a database outage: bot-inbox-payments.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import type { DashboardBacklog } from '@zalik/contract';
import { buildApp } from '../src/app.js';
import { createInbox, pruneInbox } from '../src/bot/inbox.js';
import { setupTelegram, type Telegram } from '../src/bot/runtime.js';
import { BOT_TEXT } from '../src/modules/outbox/texts.js';
import { loadConfig } from '../src/config.js';
import { row, rows } from '../src/db/client.js';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { createJobRunner } from '../src/jobs/runner.js';
import { ADMIN_ID, auth, BOT_TOKEN, createTestContext, login, type TestContext } from './helpers.js';
import { recordingLog, waitFor } from './stars-helpers.js';
import { losingAnswers } from './lost-answers.js';

let fake: FakeBotApi;
let nextId = 500_000;

function startUpdate(chatId: number, text = '/start'): Update {
  return {
    update_id: nextId++,
    message: {
      message_id: nextId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Оля' },
      from: { id: chatId, is_bot: false, first_name: 'Оля' },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: text.length }],
    },
  } as Update;
}

function memberUpdate(userId: number, status: 'kicked' | 'member'): Update {
  const user = { id: userId, is_bot: false, first_name: 'Оля' };
  const bot = { id: 777000111, is_bot: true, first_name: 'Zalik' };
  return {
    update_id: nextId++,
    my_chat_member: {
      chat: { id: userId, type: 'private', first_name: 'Оля' },
      from: user,
      date: Math.floor(Date.now() / 1000),
      old_chat_member: { user: bot, status: status === 'kicked' ? 'member' : 'kicked', ...(status === 'kicked' ? {} : { until_date: 0 }) },
      new_chat_member: { user: bot, status, ...(status === 'kicked' ? { until_date: 0 } : {}) },
    },
  } as Update;
}

const repliesTo = (chatId: number) => fake.delivered('sendMessage').filter((c) => c.params.chat_id === chatId);
const inboxRow = (ctx: TestContext, id: number) =>
  row<{ attempts: number; processed: boolean; failed: boolean; last_error: string | null }>(
    ctx.deps.db,
    sql`SELECT attempts, processed_at IS NOT NULL AS processed, failed_at IS NOT NULL AS failed, last_error FROM bot_inbox WHERE update_id = ${id}`,
  );

beforeAll(async () => {
  fake = await startFakeBotApi(BOT_TOKEN);
});
afterAll(async () => {
  await fake.close();
});

describe('webhook mode', () => {
  let ctx: TestContext;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let telegram: Telegram;
  const post = (update: unknown, secret = 'hook-secret') =>
    app.inject({ method: 'POST', url: '/telegram/hook-secret', payload: update as object, headers: { 'x-telegram-bot-api-secret-token': secret } });

  beforeAll(async () => {
    ctx = await createTestContext({ BOT_API_ROOT: fake.apiRoot, BOT_WEBHOOK_URL: 'https://zalik.test', BOT_WEBHOOK_SECRET: 'hook-secret' });
    app = await buildApp(ctx.deps, { logger: false, serveWeb: false });
    telegram = setupTelegram(app, ctx.deps);
    await app.ready();
    await telegram.start();
  });
  afterAll(async () => {
    await telegram.stop();
    await app.close();
    await ctx.close();
  });

  it('answers 503 while the update cannot be stored, so Telegram retries, and 200 once it is; handled once', async () => {
    const u = startUpdate(8101);
    await ctx.deps.db.execute(sql`ALTER TABLE bot_inbox RENAME TO bot_inbox_away`);
    try {
      const refused = await post(u);
      expect(refused.statusCode).toBe(503);
    } finally {
      await ctx.deps.db.execute(sql`ALTER TABLE bot_inbox_away RENAME TO bot_inbox`);
    }
    expect(await inboxRow(ctx, u.update_id)).toBeUndefined();
    expect((await post(u)).statusCode).toBe(200);
    await waitFor('the reply', () => repliesTo(8101).length === 1);
    // Telegram's retry of an update it already had confirmed: stored once, handled once.
    expect((await post(u)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(repliesTo(8101)).toHaveLength(1);
    expect(repliesTo(8101)[0]!.params.text).toBe(BOT_TEXT.start);
    expect(await inboxRow(ctx, u.update_id)).toMatchObject({ attempts: 1, processed: true, failed: false });
  });

  it('refuses a wrong secret (401) and a body that is no update (400), storing nothing', async () => {
    const u = startUpdate(8102);
    expect((await post(u, 'guess')).statusCode).toBe(401);
    expect((await post({ hello: 'world' })).statusCode).toBe(400);
    expect(await inboxRow(ctx, u.update_id)).toBeUndefined();
  });

  it('marks and clears a blocked user through the inbox; a failing reachability write retries the update', async () => {
    const user = 8103;
    await login(ctx.app, { id: user });
    const blockedAt = async () => (await row<{ b: unknown }>(ctx.deps.db, sql`SELECT bot_blocked_at AS b FROM users WHERE telegram_id = ${user}`))!.b;
    expect((await post(memberUpdate(user, 'kicked'))).statusCode).toBe(200);
    await waitFor('the block mark', async () => (await blockedAt()) !== null);

    const back = memberUpdate(user, 'member');
    await ctx.deps.db.execute(sql`ALTER TABLE users RENAME TO users_away`);
    try {
      expect((await post(back)).statusCode).toBe(200);
      await waitFor('a failed attempt', async () => ((await inboxRow(ctx, back.update_id))?.attempts ?? 0) >= 1 && (await inboxRow(ctx, back.update_id))!.last_error !== null);
      expect(await inboxRow(ctx, back.update_id)).toMatchObject({ processed: false, failed: false });
    } finally {
      await ctx.deps.db.execute(sql`ALTER TABLE users_away RENAME TO users`);
    }
    // The retry, a second later, finds the table back.
    await waitFor('the retry', async () => (await inboxRow(ctx, back.update_id))?.processed === true);
    expect(await blockedAt()).toBeNull();
  });
});

describe('the inbox on its own', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ BOT_API_ROOT: fake.apiRoot });
    await ctx.deps.bot!.init();
  });
  afterAll(() => ctx.close());

  it('stores a duplicate update_id once, within a batch and across batches', async () => {
    const inbox = createInbox({ db: ctx.deps.db, bot: ctx.deps.bot! });
    const u = startUpdate(8201);
    await inbox.store([u, u]);
    await inbox.store([u]);
    expect(await inbox.runOnce(recordingLog())).toBe(1);
    expect(await inbox.runOnce(recordingLog())).toBe(0);
    expect(repliesTo(8201)).toHaveLength(1);
  });

  it('handles each of 40 updates once with two instances claiming at the same time', async () => {
    const a = createInbox({ db: ctx.deps.db, bot: ctx.deps.bot!, batchSize: 5 });
    const b = createInbox({ db: ctx.deps.db, bot: ctx.deps.bot!, batchSize: 5 });
    const chats = Array.from({ length: 40 }, (_, i) => 8300 + i);
    await a.store(chats.map((c) => startUpdate(c)));
    const [na, nb] = await Promise.all([a.runOnce(recordingLog()), b.runOnce(recordingLog())]);
    expect(na + nb).toBe(40);
    expect(chats.map((c) => repliesTo(c).length)).toEqual(chats.map(() => 1));
  });

  it('retries a failing update with growing waits, then gives it up, logs it and shows it on the dashboard', async () => {
    const inbox = createInbox({ db: ctx.deps.db, bot: ctx.deps.bot!, maxAttempts: 3, backoffBaseMs: 50 });
    const log = recordingLog();
    const u = startUpdate(8401);
    await inbox.store([u]);
    fake.fail(1000, 400, 'sendMessage');
    try {
      await waitFor('the update to be given up', async () => {
        await inbox.runOnce(log);
        return (await inboxRow(ctx, u.update_id))?.failed === true;
      });
    } finally {
      fake.fail(0);
    }
    expect(await inboxRow(ctx, u.update_id)).toMatchObject({ attempts: 3, processed: false, failed: true, last_error: expect.stringContaining('Bad Request') });
    expect(log.warnings.filter((w) => w.msg === 'bot update failed, will retry').map((w) => (w.obj as { retryMs: number }).retryMs)).toEqual([50, 100]);
    expect(log.errors.map((e) => e.msg)).toEqual(['bot update given up']);
    expect(await inbox.runOnce(log)).toBe(0);

    // One more update waits unhandled, stored 90 s ago.
    const waiting = startUpdate(8402);
    await inbox.store([waiting]);
    await ctx.deps.db.execute(sql`UPDATE bot_inbox SET received_at = now() - interval '90 seconds' WHERE update_id = ${waiting.update_id}`);
    const admin = await login(ctx.app, { id: ADMIN_ID });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/backlog?period=today', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const { botInbox } = res.json<DashboardBacklog>();
    expect(botInbox).toEqual({ waiting: 1, oldestSeconds: expect.any(Number), failed: 1 });
    expect(botInbox.oldestSeconds).toBeGreaterThanOrEqual(90);
    expect(botInbox.oldestSeconds).toBeLessThan(120);
  });

  it('does not answer a pre-checkout query that waited past the 10 s Telegram gives: that payment is cancelled already', async () => {
    const inbox = createInbox({ db: ctx.deps.db, bot: ctx.deps.bot! });
    const log = recordingLog();
    const u = {
      update_id: nextId++,
      pre_checkout_query: { id: 'pcq-late', from: { id: 8501, is_bot: false, first_name: 'Оля' }, currency: 'XTR', total_amount: 50, invoice_payload: 'deposit:1' },
    } as Update;
    await inbox.store([u]);
    await ctx.deps.db.execute(sql`UPDATE bot_inbox SET received_at = now() - interval '11 seconds' WHERE update_id = ${u.update_id}`);
    await inbox.runOnce(log);
    expect(await inboxRow(ctx, u.update_id)).toMatchObject({ processed: true, failed: false, last_error: 'too late to answer' });
    expect(fake.calls.filter((c) => c.params.pre_checkout_query_id === 'pcq-late')).toEqual([]);
    expect(log.warnings.map((w) => w.msg)).toEqual(['a pre-checkout query waited too long in the inbox; Telegram cancelled that payment']);
  });

  it('prunes handled updates older than BOT_INBOX_KEEP_DAYS, keeping failed and waiting ones', async () => {
    expect(loadConfig({ BOT_INBOX_KEEP_DAYS: '3', BOT_TOKEN }).botInboxKeepDays).toBe(3);
    expect(ctx.deps.config.botInboxKeepDays).toBe(7);
    const ids = [nextId++, nextId++, nextId++, nextId++];
    const at = (days: number) => sql`now() - make_interval(days => ${days})`;
    await ctx.deps.db.execute(sql`INSERT INTO bot_inbox (update_id, "update", received_at, processed_at, failed_at) VALUES
      (${ids[0]}, '{}', ${at(9)}, ${at(8)}, NULL),
      (${ids[1]}, '{}', ${at(2)}, ${at(1)}, NULL),
      (${ids[2]}, '{}', ${at(40)}, NULL, ${at(30)}),
      (${ids[3]}, '{}', ${at(20)}, NULL, NULL)`);
    await ctx.deps.jobs.recurringJob('bot.inbox.prune')!.handler({ key: null, payload: undefined, attempt: 1, signal: new AbortController().signal, log: recordingLog() });
    const left = await rows<{ update_id: string }>(ctx.deps.db, sql`SELECT update_id::text FROM bot_inbox WHERE update_id BETWEEN ${ids[0]} AND ${ids[3]} ORDER BY update_id`);
    expect(left.map((r) => Number(r.update_id))).toEqual(ids.slice(1));
    expect(await pruneInbox(ctx.deps.db, 7)).toBe(0);
  });

  it('the bot.inbox job handles an update another instance stored', async () => {
    const other = createInbox({ db: ctx.deps.db, bot: ctx.deps.bot! });
    const stored = startUpdate(8602);
    await other.store([stored]);
    await createJobRunner({ db: ctx.deps.db, registry: ctx.deps.jobs, log: recordingLog() }).runDue();
    expect(await inboxRow(ctx, stored.update_id)).toMatchObject({ attempts: 1, processed: true });
    expect(repliesTo(8602)).toHaveLength(1);
  });

  it('hands back what a claim took when its answer was lost, so the update is handled at once, not after the lease', async () => {
    // The claim commits, then the connection drops before its answer arrives.
    const db = losingAnswers(ctx.deps.db, 'UPDATE bot_inbox b SET next_attempt_at', { when: 'after' });
    const inbox = createInbox({ db, bot: ctx.deps.bot! });
    const u = startUpdate(8604);
    await inbox.store([u]);
    await expect(inbox.runOnce(recordingLog())).rejects.toThrow('Connection terminated unexpectedly');
    expect(db.lost).toBe(1);
    // Due again, and the attempt that never ran is not counted.
    expect(await inboxRow(ctx, u.update_id)).toMatchObject({ attempts: 0, processed: false, failed: false });
    await inbox.runOnce(recordingLog());
    expect(await inboxRow(ctx, u.update_id)).toMatchObject({ attempts: 1, processed: true });
    expect(repliesTo(8604)).toHaveLength(1);
  });

  it('writes an outcome that failed while the database blinked once it answers again', async () => {
    const db = losingAnswers(ctx.deps.db, 'SET processed_at = now()', { when: 'before', times: 2 });
    const inbox = createInbox({ db, bot: ctx.deps.bot! });
    const u = startUpdate(8605);
    await inbox.store([u]);
    await inbox.runOnce(recordingLog());
    expect(db.lost).toBe(2);
    expect(await inboxRow(ctx, u.update_id)).toMatchObject({ attempts: 1, processed: true });
    expect(repliesTo(8605)).toHaveLength(1);
  });

  it('gives up an update whose every attempt ended with its lease running out (a process dying on it)', async () => {
    const inbox = createInbox({ db: ctx.deps.db, bot: ctx.deps.bot!, maxAttempts: 2 });
    const log = recordingLog();
    const u = startUpdate(8603);
    await inbox.store([u]);
    // Claimed twice, never marked: both processes died.
    await ctx.deps.db.execute(sql`UPDATE bot_inbox SET attempts = 2 WHERE update_id = ${u.update_id}`);
    await inbox.runOnce(log);
    expect(await inboxRow(ctx, u.update_id)).toMatchObject({ attempts: 3, failed: true, last_error: 'lease expired on every attempt' });
    expect(repliesTo(8603)).toEqual([]);
    expect(log.errors.map((e) => e.msg)).toEqual(['bot update given up']);
  });
});
