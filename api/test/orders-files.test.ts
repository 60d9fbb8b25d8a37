/**
 * Issue 15, an order's files after the purchase: the buyer regenerates an auto-generated
 * answer (free, once, within REPROCESS_WINDOW_HOURS), an admin replaces a delivered order's
 * files. Neither moves money; the old file rows go and the sweep removes their bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { sweepOrphanBlobs } from '../src/modules/files/sweep.js';
import { auth, type TestContext } from './helpers.js';
import { docxText, multipart, type Part } from './docx.js';
import { STUDENT, autoTask, blobCount, buy, download, openWorld, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced, transferCount } from './ledger-helpers.js';
import { PDF, orderCalls } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: ReturnType<typeof orderCalls>;
let taskId: number;

beforeAll(async () => {
  ({ ctx, w } = await openWorld());
  o = orderCalls(ctx, w);
  await topUp(ctx.database.db, STUDENT, 5_000);
  taskId = await autoTask(ctx, w, { price: 60 });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const refusal = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { message: string }).message];
const reprocess = (id: string, args: unknown, token = w.student) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/histories/reprocess/${id}`, headers: auth(token), payload: { arguments: args } });
const blobsOf = async (id: string) =>
  (await rows<{ blob_id: string }>(db(), sql`SELECT blob_id::text FROM order_files WHERE order_id = ${Number(id)}`)).map((f) => f.blob_id);

async function autoOrder(): Promise<string> {
  const res = await buy(ctx, w.student, taskId, ['Бойко О. О.', '7']);
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

describe('regeneration of an auto-generated order', () => {
  it('replaces the file with one made from the corrected arguments, free, once', async () => {
    const id = await autoOrder();
    const item = await o.item(id);
    expect(item).toMatchObject({ orderStatus: 'DONE', allowedReprocess: true, deadlineAt: null, revisionsLeft: 0, arguments: ['Бойко О. О.', '7'] });
    // What each value is, for the regeneration form's labels.
    expect(item.argumentNames).toEqual(['ПІБ', 'Варіант']);
    const oldBlobs = await blobsOf(id);
    const transfers = await transferCount(ctx.deps);
    const balance = await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/user/${STUDENT}`, headers: auth(w.student) });

    const res = await reprocess(id, ['Бойко О. О.', '8']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, orderStatus: 'DONE', allowedReprocess: false, arguments: ['Бойко О. О.', '8'] });
    expect(res.json().files).toHaveLength(1);
    const file = await download(ctx, res.json().link);
    expect(docxText(file.rawPayload)).toContain('Варіант №8');
    // The old file is gone from the order (its bytes go with the next sweep); no money moved.
    expect(await blobsOf(id)).not.toContain(oldBlobs[0]);
    expect(await transferCount(ctx.deps)).toBe(transfers);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/wallets/user/${STUDENT}`, headers: auth(w.student) })).body).toBe(balance.body);
    const swept = await sweepOrphanBlobs(ctx.deps, { olderThanMs: 0 });
    expect(swept.removed).toContain(oldBlobs[0]);
    expect((await download(ctx, res.json().link)).statusCode).toBe(200);
    expect((await o.events(id)).map(([kind]) => kind)).toEqual(['PURCHASE', 'REPROCESS']);

    expect(refusal(await reprocess(id, ['Бойко О. О.', '9']))).toEqual([409, MSG.reprocessUsed]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('names no value once the task’s arguments no longer line up with what the order was bought with', async () => {
    const id = await autoOrder();
    await ctx.database.db.execute(sql`DELETE FROM task_arguments WHERE task_id = ${taskId} AND position = 1`);
    try {
      const item = await o.item(id);
      expect([item.arguments, item.argumentNames]).toEqual([['Бойко О. О.', '7'], []]);
    } finally {
      await ctx.database.db.execute(sql`INSERT INTO task_arguments (task_id, argument_id, position) VALUES (${taskId}, ${w.argIds[1]!}, 1)`);
    }
    expect((await o.item(id)).argumentNames).toEqual(['ПІБ', 'Варіант']);
  });

  it('is refused to anyone but the buyer, for a manual order, after the window, and with bad arguments, storing nothing', async () => {
    const id = await autoOrder();
    const blobs = await blobCount(ctx);
    expect(refusal(await reprocess(id, ['А', '1'], w.otherDev))).toEqual([403, MSG.orderNotYourPurchase]);
    expect(refusal(await reprocess(id, ['тільки один']))).toEqual([400, MSG.argumentsCount]);
    expect(refusal(await reprocess('987654', ['А', '1']))).toEqual([404, MSG.orderNotFound]);
    expect(refusal(await reprocess(await o.newOrder(100), ['А', '1']))).toEqual([400, MSG.reprocessNotAuto]);
    expect(await blobCount(ctx)).toBe(blobs);

    await db().execute(sql`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = ${Number(id)}`);
    expect(await o.item(id)).toMatchObject({ allowedReprocess: false });
    expect(refusal(await reprocess(id, ['Бойко О. О.', '8']))).toEqual([409, MSG.reprocessExpired]);
    expect(await blobCount(ctx)).toBe(blobs);
    await expectLedgerBalanced(ctx.deps);
  });

  it('two at once: one replaces the file, the other is refused and leaves no file behind', async () => {
    const id = await autoOrder();
    const blobs = await blobCount(ctx);
    const both = await Promise.all([reprocess(id, ['Бойко О. О.', '10']), reprocess(id, ['Бойко О. О.', '11'])]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await blobsOf(id)).toHaveLength(1);
    // One new file; the old one waits for the sweep.
    expect(await blobCount(ctx)).toBe(blobs + 1);
  });
});

describe('an admin replaces the files of an order', () => {
  const replace = (id: string, parts: Part[] = [{ name: 'file', filename: 'Нова версія.pdf', value: PDF }], token = w.admin) => {
    const form = multipart(parts);
    return ctx.app.inject({ method: 'PUT', url: `/api/v1/histories/history/update/${id}`, headers: { ...auth(token), ...form.headers }, payload: form.payload });
  };

  it('keeps its state and money, and the buyer receives the new files from the bot', async () => {
    const id = await o.delivered(100);
    const transfers = await transferCount(ctx.deps);
    const res = await replace(id, [
      { name: 'file', filename: 'Нова версія.pdf', value: PDF },
      { name: 'file', filename: 'Додаток.pdf', value: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: 'DELIVERED', fileName: 'Нова версія.pdf' });
    expect(res.json().files.map((f: { fileName: string }) => f.fileName)).toEqual(['Нова версія.pdf', 'Додаток.pdf']);
    expect(await blobsOf(id)).toHaveLength(2);
    expect(await transferCount(ctx.deps)).toBe(transfers);
    const sent = await rows<{ chat_id: number | string; text: string; files: string }>(
      db(),
      sql`SELECT chat_id, payload->>'text' AS text, payload->'files' AS files FROM outbox WHERE kind = 'order_files_replaced' ORDER BY id DESC LIMIT 1`,
    );
    expect(Number(sent[0]!.chat_id)).toBe(STUDENT);
    expect(sent[0]!.text).toBe(`Адміністратор оновив файли замовлення №${id} «Курсова робота» (Вища математика). Нові файли — нижче і в історії покупок.`);
    const files = typeof sent[0]!.files === 'string' ? JSON.parse(sent[0]!.files) : sent[0]!.files;
    expect(files.map((f: { fileName: string }) => f.fileName)).toEqual(['Нова версія.pdf', 'Додаток.pdf']);
    expect((await o.events(id)).at(-1)).toEqual(['FILES_REPLACED', 'DELIVERED', 'DELIVERED', 'ADMIN', null]);
    await expectLedgerBalanced(ctx.deps);
  });

  it('is refused for an order with no answer yet, a refunded one and a missing one, storing nothing', async () => {
    const open = await o.newOrder(100);
    const refunded = await o.newOrder(100);
    await o.refund(refunded);
    const blobs = await blobCount(ctx);
    expect(refusal(await replace(open))).toEqual([409, MSG.orderHasNoFiles]);
    expect(refusal(await replace(refunded))).toEqual([409, MSG.orderClosed]);
    expect(refusal(await replace('987654'))).toEqual([404, MSG.orderNotFound]);
    expect(refusal(await replace(open, [{ name: 'message', value: 'без файлів' }]))).toEqual([409, MSG.orderHasNoFiles]);
    expect(refusal(await replace(await o.delivered(100), [{ name: 'message', value: 'без файлів' }]))).toEqual([400, MSG.filesRequired]);
    expect(await blobCount(ctx)).toBe(blobs + 1);
  });
});
