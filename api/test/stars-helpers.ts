import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Bot } from 'grammy';
import type { DepositRequest, Transaction } from '@zalik/contract';
import { setBotLog } from '../src/bot/bot.js';
import { setupTelegram, type Telegram } from '../src/bot/runtime.js';
import { row, rows } from '../src/db/client.js';
import type { FakeBotApi } from '../src/fakes/bot-api.js';
import type { JobLog } from '../src/jobs/registry.js';
import { createJobRunner } from '../src/jobs/runner.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';

/** A log that keeps what was said at each level (a payment nobody matched must be an error). */
export function recordingLog(): JobLog & { errors: { obj: object; msg?: string }[]; warnings: { obj: object; msg?: string }[] } {
  const errors: { obj: object; msg?: string }[] = [];
  const warnings: { obj: object; msg?: string }[] = [];
  return { errors, warnings, info() {}, warn: (obj, msg) => warnings.push({ obj, msg }), error: (obj, msg) => errors.push({ obj, msg }) };
}

export interface StarsWorld {
  ctx: TestContext;
  telegram: Telegram;
  bot: Bot;
  log: ReturnType<typeof recordingLog>;
  close(): Promise<void>;
}

/** The app as main.ts wires it, its bot long-polling the fake Bot API. 1 Star credits 0.50 UAH, fee 10 %. */
export async function startStarsWorld(fake: FakeBotApi, env: Record<string, string> = {}): Promise<StarsWorld> {
  const ctx = await createTestContext({ BOT_API_ROOT: fake.apiRoot, STARS_UAH_RATE: '0.5', STARS_FEE_PERCENT: '10', ...env });
  const telegram = setupTelegram(ctx.app, ctx.deps);
  const log = recordingLog();
  setBotLog(ctx.deps.bot!, log);
  await telegram.start();
  return {
    ctx,
    telegram,
    bot: ctx.deps.bot!,
    log,
    async close() {
      await telegram.stop();
      await ctx.close();
    },
  };
}

export async function waitFor(what: string, check: () => Promise<boolean> | boolean, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until the polling bot has stored `update` in its inbox and handled it (or given it up). */
export const handled = (fake: FakeBotApi, update: Record<string, unknown>, ctx: TestContext) =>
  waitFor(`update ${String(update.update_id)}`, async () =>
    fake.calls.some((c) => c.method === 'getUpdates' && Number(c.params.offset ?? 0) > Number(update.update_id)) &&
    (await inboxSettled(ctx, Number(update.update_id))),
  );

/** Whether the inbox has handled or given up this update. */
export async function inboxSettled(ctx: TestContext, updateId: number): Promise<boolean> {
  const r = await row<{ settled: boolean }>(
    ctx.deps.db,
    sql`SELECT processed_at IS NOT NULL OR failed_at IS NOT NULL AS settled FROM bot_inbox WHERE update_id = ${updateId}`,
  );
  return r?.settled === true;
}

export async function createDeposit(ctx: TestContext, token: string, body: unknown) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/transactions/request/deposit', headers: auth(token), payload: body as object });
}

export async function newStarsDeposit(ctx: TestContext, token: string, amount: number | string = 250): Promise<DepositRequest> {
  const res = await createDeposit(ctx, token, { amount, provider: 'TELEGRAM_STARS' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DepositRequest>();
}

export async function depositStatus(ctx: TestContext, token: string, id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/request/deposit/${id}`, headers: auth(token) });
}

export async function history(ctx: TestContext, token: string, telegramId: number): Promise<Transaction[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/history/user/${telegramId}?limit=50`, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Transaction[]>();
}

export const depositCount = async (ctx: TestContext) =>
  Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM deposit_requests`))!.n);

export const transfersOfKind = (ctx: TestContext, kind: string) =>
  rows<{ idempotency_key: string; amount: number | string }>(ctx.deps.db, sql`SELECT idempotency_key, amount FROM transfers WHERE kind = ${kind} ORDER BY id`);

export const outboxOf = (ctx: TestContext, kind: string) =>
  rows<{ chat_id: number | string; payload: { text: string } }>(ctx.deps.db, sql`SELECT chat_id, payload FROM outbox WHERE kind = ${kind} ORDER BY id`);

/** Runs the due one-off jobs once, as a runner on another instance would. */
export async function runDueJobs(ctx: TestContext, log: JobLog = recordingLog()): Promise<void> {
  await ctx.deps.db.execute(sql`UPDATE jobs SET run_at = now() WHERE status = 'pending'`);
  await createJobRunner({ db: ctx.deps.db, registry: ctx.deps.jobs, log }).runDue();
}

export { login };
