/**
 * The purchase world of the orders and money tests: an admin, a student, two developers and a
 * user without a username, a subject with a teacher and arguments, tasks to buy, and money set
 * up through the ledger. The ledger is checked with ledger-helpers.ts, as in every money test.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { row, type Executor } from '../src/db/client.js';
import type { BlobStore } from '../src/ports/blob-store.js';
import { post, SYSTEM } from '../src/modules/ledger/service.js';
import { ADMIN_ID, auth, createTestContext, grantRole, login, type TestContext } from './helpers.js';
import { makeArgument, makeSubject, makeTask, makeTeacher } from './fixtures.js';
import { minimalDocx, multipart } from './docx.js';

/**
 * These tests buy and upload far faster than a person: lift the per-user rate limits
 * (plugins/rate-limit.ts has its own tests) so counts here measure money, not the limiter.
 */
export const NO_RATE_LIMITS = { RATE_LIMIT_PURCHASE: '1000000/60', RATE_LIMIT_UPLOAD: '1000000/60' };

/** Money in, as an admin top-up would put it: external:topup -> the user's general wallet. */
export async function topUp(db: Executor, telegramId: number, uah: number): Promise<void> {
  await db.transaction(async (tx) => {
    await post(tx, [
      { from: { system: SYSTEM.topup }, to: { user: telegramId, wallet: 'general' }, amount: Math.round(uah * 100), kind: 'TOPUP', key: `test-topup:${randomUUID()}` },
    ]);
  });
}

/** A wallet's balance in kopecks (0 when it was never opened). */
export async function balanceOf(db: Executor, telegramId: number, wallet: 'general' | 'dev'): Promise<number> {
  const r = await row<{ balance: number }>(db, sql`SELECT balance FROM account_balances WHERE owner_id = ${telegramId} AND kind = ${wallet}`);
  return Number(r?.balance ?? 0);
}

/** A system account's balance: the sum of its transfers (system accounts keep no cached balance). */
export async function systemBalance(db: Executor, code: string): Promise<number> {
  const r = await row<{ balance: number | string }>(
    db,
    sql`SELECT COALESCE((SELECT SUM(amount) FROM transfers WHERE credit_account_id = a.id), 0)
             - COALESCE((SELECT SUM(amount) FROM transfers WHERE debit_account_id = a.id), 0) AS balance
        FROM accounts a WHERE a.code = ${code} AND a.owner_id IS NULL`,
  );
  return Number(r?.balance ?? 0);
}

/** Blobs in the store, local disk or S3 (a refused upload or purchase must leave none). */
export async function blobCount(ctx: { deps: { blobs: BlobStore } }): Promise<number> {
  let n = 0;
  for await (const _ of ctx.deps.blobs.list()) n++;
  return n;
}

export async function count(db: Executor, table: 'orders' | 'order_files' | 'transfers' | 'outbox' | 'task_templates', where = sql`true`): Promise<number> {
  const r = await row<{ n: number | string }>(db, sql`SELECT COUNT(*) AS n FROM ${sql.raw(table)} WHERE ${where}`);
  return Number(r?.n ?? 0);
}

// ---- a small world to buy in -------------------------------------------------------------


export const STUDENT = 7001;
export const DEV = 7002;
export const OTHER_DEV = 7003;
export const NO_NICK = 7004;

export interface World {
  admin: string;
  student: string;
  dev: string;
  otherDev: string;
  noNick: string;
  teacherId: number;
  /** Argument names of the REGULAR tasks, in order. */
  argNames: string[];
  argIds: number[];
  /** First argument of TEST tasks. */
  questionArgId: number;
}

export async function createWorld(ctx: TestContext): Promise<World> {
  const admin = await login(ctx.app, { id: ADMIN_ID, username: 'boss' });
  const student = await login(ctx.app, { id: STUDENT, username: 'olena' });
  const dev = await login(ctx.app, { id: DEV, username: 'taras' });
  const otherDev = await login(ctx.app, { id: OTHER_DEV, username: 'ivan' });
  const noNick = await login(ctx.app, { id: NO_NICK, username: undefined });
  await grantRole(ctx.app, admin, DEV, 'ROLE_DEVELOPER');
  await grantRole(ctx.app, admin, OTHER_DEV, 'ROLE_DEVELOPER');
  const subjectId = await makeSubject(ctx.database.db, 'Вища математика');
  const teacherId = await makeTeacher(ctx.database.db, subjectId, 'Петренко П. П.');
  const argIds = [await makeArgument(ctx.database.db, 'ПІБ', 'Прізвище та ініціали'), await makeArgument(ctx.database.db, 'Варіант', 'Номер варіанту')];
  const questionArgId = await makeArgument(ctx.database.db, 'Питання', 'Текст питання');
  return { admin, student, dev, otherDev, noNick, teacherId, argNames: ['ПІБ', 'Варіант'], argIds, questionArgId };
}

/**
 * The set-up every purchase and fulfilment test file starts with: a test app with the rate
 * limits lifted (plus `env`) and the world above. Close it with `ctx.close()`.
 */
export async function openWorld(env: Record<string, string> = {}): Promise<{ ctx: TestContext; w: World }> {
  const ctx = await createTestContext({ ...NO_RATE_LIMITS, ...env });
  return { ctx, w: await createWorld(ctx) };
}

/** An auto-generated REGULAR task of DEV with a matching template uploaded through the API. */
export async function autoTask(ctx: TestContext, w: World, opts: { price?: number; visible?: boolean; title?: string; template?: boolean } = {}) {
  const id = await makeTask(ctx.database.db, {
    teacherId: w.teacherId,
    developerId: DEV,
    title: opts.title ?? 'Розрахункова робота',
    price: opts.price ?? 100,
    autoGenerate: true,
    identifier: 'docx-template',
    visible: opts.visible ?? true,
    argumentIds: w.argIds,
  });
  if (opts.template !== false) {
    const res = await uploadTemplate(ctx, w.dev, id, minimalDocx(['Студент: {ПІБ}', 'Варіант №{Варіант}']));
    if (res.statusCode !== 200) throw new Error(`template upload failed: ${res.body}`);
  }
  return id;
}

export async function manualTask(ctx: TestContext, w: World, opts: { price?: number } = {}) {
  return makeTask(ctx.database.db, { teacherId: w.teacherId, developerId: DEV, title: 'Курсова робота', price: opts.price ?? 250, argumentIds: w.argIds });
}

export function uploadTemplate(ctx: TestContext, token: string, taskId: number, bytes: Buffer, filename = 'шаблон.docx') {
  const form = multipart([{ name: 'file', filename, value: bytes }]);
  return ctx.app.inject({ method: 'PUT', url: `/api/v1/tasks/${taskId}/template`, headers: { ...auth(token), ...form.headers }, payload: form.payload });
}

export function buy(ctx: TestContext, token: string, taskId: number, args: unknown[], key?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tasks/process',
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { taskId: String(taskId), arguments: args },
  });
}

/** Fetches a signed link through the app (no Authorization header, as Telegram would). */
export function download(ctx: TestContext, link: string) {
  const url = new URL(link);
  return ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
}
