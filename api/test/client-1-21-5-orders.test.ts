/**
 * The newest client (1.21.5) buying, reading histories and working orders as a developer: each
 * call sent as that client builds it (client-1-21-5.ts), each answer checked for the fields its
 * pages read (the buying result, the history and its bottom sheet, the developer's history and
 * queue). `status` is that client's (IN_PROGRESS, COMPLETED, FAILED); the escrow's own state is
 * `orderStatus`, which Zalik's app reads.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { post } from '../src/modules/ledger/index.js';
import { newestClient } from './client-1-21-5.js';
import { docxText } from './docx.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { DEV, STUDENT, autoTask, balanceOf, download, manualTask, openWorld, topUp, type World } from './purchase-world.js';
import { PDF } from './escrow-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let w: World;
let client: ReturnType<typeof newestClient>;

// A tutor is configured (never asked here), so orders with something to explain carry their session.
beforeAll(async () => {
  ({ ctx, w } = await openWorld({ AI_BASE_URL: 'http://127.0.0.1:9/v1', PLATFORM_FEE_PERCENT: '10' }));
  client = newestClient(ctx.app);
  await topUp(ctx.database.db, STUDENT, 10_000);
  await ctx.database.db.execute(sql`UPDATE users SET photo = 'https://t.me/i/userpic/taras.jpg' WHERE telegram_id = ${DEV}`);
});
afterAll(() => ctx.close());
afterEach(() => expectLedgerBalanced(ctx.deps));

/** postTaskProcess(taskId, args): the result page reads task.*, status, link, fileName, explanationSessionId. */
const buy = (taskId: number, args: string[]) => client.json(w.student, 'POST', '/api/v1/tasks/process', { taskId, arguments: args });
const TASK_OF = (title: string, autoGenerate: boolean) => ({
  title,
  autoGenerate,
  teacher: { name: 'Петренко П. П.', subject: { name: 'Вища математика' } },
  developer: { username: 'taras', photo: 'https://t.me/i/userpic/taras.jpg' },
});
const history = async (type = 'ALL') =>
  (await client.json(w.student, 'GET', `/api/v1/histories/user/${STUDENT}?type=${type}&page=0&limit=5`)).json().content as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
const devHistory = async (auto: boolean) =>
  (await client.json(w.dev, 'GET', `/api/v1/histories/developer?isAutoGenerate=${auto}&page=0&limit=5`)).json();

describe('buying (postTaskProcess) and the result page', () => {
  it('an auto-generated task: COMPLETED with its download, the nested task and the tutor', async () => {
    const taskId = await autoTask(ctx, w, { price: 100, title: 'Розрахункова робота' });
    const res = await buy(taskId, ['Бойко О. О.', '7']);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'COMPLETED', orderStatus: 'DONE', task: TASK_OF('Розрахункова робота', true), explanationSessionId: body.id });
    expect(docxText((await download(ctx, body.link)).rawPayload)).toContain('Бойко О. О.');
    expect(body.fileName).toMatch(/\.docx$/);
  });

  it('a manual task: IN_PROGRESS, nothing to download yet', async () => {
    const res = await buy(await manualTask(ctx, w, { price: 200 }), ['Бойко О. О.', '12']);
    expect(res.json()).toMatchObject({ status: 'IN_PROGRESS', orderStatus: 'IN_PROGRESS', link: null, task: TASK_OF('Курсова робота', false), explanationSessionId: null });
  });
});

describe('the developer works an order', () => {
  it('the queue (getTaskInProgress) shows the buyer and the task; save_file delivers; the history shows the download', async () => {
    const queue = (await client.json(w.dev, 'GET', '/api/v1/histories/developer/in-progress?page=0&limit=5')).json();
    const open = queue.content.find((o: { task: { title: string } }) => o.task.title === 'Курсова робота');
    expect(open).toMatchObject({
      status: 'IN_PROGRESS',
      user: { telegramId: String(STUDENT), username: 'olena', photo: '' },
      task: { ...TASK_OF('Курсова робота', false), arguments: [{ name: 'ПІБ' }, { name: 'Варіант' }] },
      arguments: ['Бойко О. О.', '12'],
      createdAt: expect.any(String),
    });

    // patchSaveFile(historyId, file): multipart `id`, then `file`.
    const refused = await client.form(w.otherDev, 'PATCH', '/api/v1/histories/developer/save_file', [
      { name: 'id', value: open.id },
      { name: 'file', filename: 'Курсова.pdf', contentType: 'application/pdf', value: PDF },
    ]);
    expect([refused.statusCode, refused.json().message]).toEqual([403, MSG.orderNotYours]);
    const noId = await client.form(w.dev, 'PATCH', '/api/v1/histories/developer/save_file', [{ name: 'file', filename: 'Курсова.pdf', contentType: 'application/pdf', value: PDF }]);
    expect([noId.statusCode, noId.json().message]).toEqual([400, MSG.orderNotFound]);
    const sent = await client.form(w.dev, 'PATCH', '/api/v1/histories/developer/save_file', [
      { name: 'id', value: open.id },
      { name: 'file', filename: 'Курсова.pdf', contentType: 'application/pdf', value: PDF },
    ]);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ id: open.id, status: 'COMPLETED', orderStatus: 'DELIVERED', fileName: 'Курсова.pdf' });

    // The buyer's history (HistoryTask and its bottom sheet): a delivered order downloads as in Zalik's app.
    const item = (await history('REGULAR')).find((o) => o.id === open.id)!;
    expect(item).toMatchObject({
      status: 'COMPLETED',
      fileName: 'Курсова.pdf',
      task: { ...TASK_OF('Курсова робота', false), arguments: [{ id: expect.any(String), name: 'ПІБ', description: 'Прізвище та ініціали' }, { name: 'Варіант' }] },
      arguments: ['Бойко О. О.', '12'],
      explanationSessionId: open.id,
      allowedReprocess: false,
      createdAt: expect.any(String),
    });
    expect((await download(ctx, item.link)).rawPayload).toEqual(PDF);
  });

  it('the developer history (getHistoryDev) lists finished orders, auto-generated or not', async () => {
    const manual = await devHistory(false);
    expect(manual.last).toBe(true);
    expect(manual.content.map((o: { task: { autoGenerate: boolean }; status: string }) => [o.task.autoGenerate, o.status])).toEqual([[false, 'COMPLETED']]);
    expect(manual.content[0]).toMatchObject({ user: { username: 'olena', photo: '' }, fileName: 'Курсова.pdf', link: expect.stringMatching(/for=staff/) });
    const auto = await devHistory(true);
    expect(auto.content.map((o: { task: { title: string }; status: string }) => [o.task.title, o.status])).toEqual([['Розрахункова робота', 'COMPLETED']]);
    expect((await client.json(w.student, 'GET', '/api/v1/histories/developer?isAutoGenerate=true&page=0&limit=5')).statusCode).toBe(403);
    expect((await client.json(w.dev, 'GET', '/api/v1/histories/developer?isAutoGenerate=maybe&page=0&limit=5')).statusCode).toBe(400);
  });
});

describe('regeneration (putHistoryReprocess): PUT with no body', () => {
  it('regenerates with the order\'s own arguments, once', async () => {
    const bought = (await history('AUTOGENERATE'))[0]!;
    expect(bought.allowedReprocess).toBe(true);
    const res = await client.json(w.student, 'PUT', `/api/v1/histories/reprocess/${bought.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'COMPLETED', allowedReprocess: false, arguments: ['Бойко О. О.', '7'] });
    expect(docxText((await download(ctx, res.json().link)).rawPayload)).toContain('Варіант №7');
    const again = await client.json(w.student, 'PUT', `/api/v1/histories/reprocess/${bought.id}`);
    expect([again.statusCode, again.json().message]).toEqual([409, MSG.reprocessUsed]);
  });
});

describe('the developer cancels (patchCancelHistory)', () => {
  it('an order in progress with reason "": the whole price back from escrow', async () => {
    const id = (await buy(await manualTask(ctx, w, { price: 150 }), ['Бойко О. О.', '3'])).json().id;
    const before = await balanceOf(ctx.database.db, STUDENT, 'general');
    const res = await client.json(w.dev, 'PATCH', '/api/v1/histories/developer/cancel', { id, reason: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'FAILED', orderStatus: 'REFUNDED', cancelledBy: 'DEVELOPER' });
    expect(await balanceOf(ctx.database.db, STUDENT, 'general')).toBe(before + 150_00);
  });

  it('a completed (auto-generated) order needs a reason; the price comes back from the dev wallet and the fee', async () => {
    const [done] = (await devHistory(true)).content as { id: string }[];
    const noReason = await client.json(w.dev, 'PATCH', '/api/v1/histories/developer/cancel', { id: done!.id, reason: '' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, MSG.cancelReasonRequired]);
    const buyer = await balanceOf(ctx.database.db, STUDENT, 'general');
    const dev = await balanceOf(ctx.database.db, DEV, 'dev');
    const res = await client.json(w.dev, 'PATCH', '/api/v1/histories/developer/cancel', { id: done!.id, reason: 'Шаблон містив помилку' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'FAILED', cancelReason: 'Шаблон містив помилку', fileName: 'Розрахункова робота.docx' });
    // 100 UAH at a 10 % fee: 90 from the dev wallet, 10 from the platform's income.
    expect(await balanceOf(ctx.database.db, STUDENT, 'general')).toBe(buyer + 100_00);
    expect(await balanceOf(ctx.database.db, DEV, 'dev')).toBe(dev - 90_00);
    const legs = await rows<{ kind: string; amount: number }>(ctx.database.db, sql`SELECT kind, amount FROM transfers WHERE reference = ${`order:${done!.id}`} ORDER BY id`);
    expect(legs.map((r) => [r.kind, Number(r.amount)])).toEqual([
      ['PURCHASE', 100_00],
      ['SALE', 90_00],
      ['PLATFORM_FEE', 10_00],
      ['SALE_REVERSAL', 90_00],
      ['FEE_REVERSAL', 10_00],
    ]);
    // The buyer no longer downloads it; a second cancel changes nothing.
    expect((await history('AUTOGENERATE')).find((o) => o.id === done!.id)).toMatchObject({ status: 'FAILED', link: null });
    const again = await client.json(w.dev, 'PATCH', '/api/v1/histories/developer/cancel', { id: done!.id, reason: 'Ще раз' });
    expect([again.statusCode, again.json().message]).toEqual([409, MSG.orderClosed]);
  });

  it('a completed order whose money already left the dev wallet: refused, nothing changes', async () => {
    const taskId = await autoTask(ctx, w, { price: 300, title: 'Лабораторна з інтегралів' });
    const id = (await buy(taskId, ['Бойко О. О.', '1'])).json().id;
    // The developer's wallet is emptied (the money moved on, as a withdrawal would take it).
    const left = await balanceOf(ctx.database.db, DEV, 'dev');
    await ctx.database.db.transaction(async (tx) => {
      await post(tx, [{ from: { user: DEV, wallet: 'dev' }, to: { user: DEV, wallet: 'general' }, amount: left, kind: 'TOPUP', key: `test-empty:${id}` }]);
    });
    const res = await client.json(w.dev, 'PATCH', '/api/v1/histories/developer/cancel', { id, reason: 'Помилка' });
    expect([res.statusCode, res.json().message]).toEqual([409, MSG.cancelDevWalletShort]);
    expect((await row<{ status: string }>(ctx.database.db, sql`SELECT status FROM orders WHERE id = ${Number(id)}`))!.status).toBe('DONE');
  });
});
