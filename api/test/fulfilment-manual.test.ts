import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, ORDER_FILE_EXTENSIONS, ORDER_MAX_FILE_BYTES, type InProgressOrder } from '@zalik/contract';
import { makeTask } from './fixtures.js';
import { rows } from '../src/db/client.js';
import { buildApp, createDeps } from '../src/app.js';
import { auth, type TestContext } from './helpers.js';
import { minimalDocx, multipart, type Part } from './docx.js';
import { DEV, STUDENT, autoTask, balanceOf, blobCount, buy, count, openWorld, download, manualTask, systemBalance, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let w: World;

beforeAll(async () => {
  // A 10 % platform fee, so every payout here is split.
  ({ ctx, w } = await openWorld({ PLATFORM_FEE_PERCENT: '10' }));
  await topUp(ctx.database.db, STUDENT, 5000);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const PDF = Buffer.from('%PDF-1.4\n% a tiny pdf\n%%EOF\n');

function saveFiles(token: string, orderId: string, parts: Part[]) {
  const form = multipart(parts);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/histories/history/${orderId}/developer/save-file`,
    headers: { ...auth(token), ...form.headers },
    payload: form.payload,
  });
}

function accept(token: string, orderId: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/histories/${orderId}/accept`, headers: auth(token) });
}

async function newOrder(price = 250): Promise<string> {
  const taskId = await manualTask(ctx, w, { price });
  const res = await buy(ctx, w.student, taskId, ['Бойко О. О.', '12']);
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

describe('a manual order', () => {
  it('moves the money into escrow, queues a message to the developer and shows in their queue only', async () => {
    const taskId = await manualTask(ctx, w, { price: 250 });
    const before = await balanceOf(db(), STUDENT, 'general');
    const escrowBefore = await systemBalance(db(), 'escrow:orders');
    const res = await buy(ctx, w.student, taskId, ['Бойко О. О.', '12 ']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ autoGenerate: false, fileName: null, link: null, orderStatus: 'IN_PROGRESS', message: MSG.orderAccepted });
    const id = res.json().id;
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before - 250_00);
    expect(await systemBalance(db(), 'escrow:orders')).toBe(escrowBefore + 250_00);
    const outbox = await rows<{ chat_id: number; kind: string }>(db(), sql`SELECT chat_id, kind FROM outbox WHERE dedupe_key = ${`order_created:${id}`}`);
    expect(outbox.map((o) => [Number(o.chat_id), o.kind])).toEqual([[DEV, 'order_created']]);

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/developer/in-progress', headers: auth(w.dev) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toContainEqual({
      id,
      user: { telegramId: String(STUDENT), username: 'olena', photo: '' },
      status: 'IN_PROGRESS',
      task: {
        id: expect.any(String),
        title: 'Курсова робота',
        type: 'REGULAR',
        autoGenerate: false,
        teacher: { name: 'Петренко П. П.', subject: { name: 'Вища математика' } },
        developer: { telegramId: String(DEV), username: 'taras', photo: '' },
        arguments: [
          { id: expect.any(String), name: 'ПІБ', description: 'Прізвище та ініціали' },
          { id: expect.any(String), name: 'Варіант', description: 'Номер варіанту' },
        ],
      },
      subjectName: 'Вища математика',
      teacherName: 'Петренко П. П.',
      taskTitle: 'Курсова робота',
      arguments: ['Бойко О. О.', '12'],
      // The developer reads each value under the field the student typed it in.
      argumentNames: ['ПІБ', 'Варіант'],
      createdAt: expect.any(String),
      deadlineAt: expect.any(String),
      revisions: 0,
      revisionComment: null,
      unread: 0,
    });
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/developer/in-progress', headers: auth(w.otherDev) });
    expect(theirs.json()).toEqual([]);
    const student = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/developer/in-progress', headers: auth(w.student) });
    expect(student.statusCode).toBe(403);
    await expectLedgerBalanced({ db: db() });
  });

  it("names a test's answers as the student's form did: the first argument's name, numbered", async () => {
    const taskId = await makeTask(db(), { teacherId: w.teacherId, developerId: DEV, title: 'Тест з алгебри', price: 50, type: 'TEST', argumentIds: w.argIds.slice(0, 1) });
    const res = await buy(ctx, w.student, taskId, ['Що таке матриця?', 'Знайдіть визначник']);
    expect(res.statusCode, res.body).toBe(200);
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/developer/in-progress', headers: auth(w.dev) });
    const order = queue.json<InProgressOrder[]>().find((o) => o.id === res.json().id);
    expect(order && [order.arguments, order.argumentNames]).toEqual([
      ['Що таке матриця?', 'Знайдіть визначник'],
      ['ПІБ №1', 'ПІБ №2'],
    ]);
  });

  it('its developer delivers files and a message: order DELIVERED, money held in escrow until the buyer accepts, buyer notified', async () => {
    const id = await newOrder(250);
    const devBefore = await balanceOf(db(), DEV, 'dev');
    const feesBefore = await systemBalance(db(), 'income:fees');
    const escrowBefore = await systemBalance(db(), 'escrow:orders');
    const res = await saveFiles(w.dev, id, [
      { name: 'file', filename: 'Курсова.pdf', value: PDF },
      { name: 'file', filename: 'Додаток.docx', value: minimalDocx(['Додаток А']) },
      { name: 'message', value: 'Готово, перевірте розділ 2.' },
    ]);
    expect(res.statusCode).toBe(200);
    const item = res.json();
    // A delivered order answers its files as a done one does (the seed's client knows only DONE's shape).
    expect(item).toMatchObject({ id, orderStatus: 'DELIVERED', message: 'Готово, перевірте розділ 2.', fileName: 'Курсова.pdf' });
    expect(item.link).toEqual(item.files[0].link);
    expect(Date.parse(item.acceptUntil)).toBeGreaterThan(Date.now());
    expect(item.files.map((f: { fileName: string }) => f.fileName)).toEqual(['Курсова.pdf', 'Додаток.docx']);
    const pdf = await download(ctx, item.files[0].link);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    // Delivery pays nobody: the price stays in escrow.
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore);
    expect(await systemBalance(db(), 'escrow:orders')).toBe(escrowBefore);
    await expectLedgerBalanced({ db: db() });
    const outbox = await rows<{ chat_id: number; payload: { text: string; files: { fileName: string }[] } | string }>(
      db(),
      sql`SELECT chat_id, payload FROM outbox WHERE dedupe_key = ${`order_delivered:${id}`}`,
    );
    expect(outbox).toHaveLength(1);
    const payload = typeof outbox[0]!.payload === 'string' ? JSON.parse(outbox[0]!.payload) : outbox[0]!.payload;
    expect(Number(outbox[0]!.chat_id)).toBe(STUDENT);
    expect(payload.text).toContain('Готово, перевірте розділ 2.');
    expect(payload.files.map((f: { fileName: string }) => f.fileName)).toEqual(['Курсова.pdf', 'Додаток.docx']);

    // the student's history shows both files; the order left the developer's queue
    const history = await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(w.student) });
    const mine = history.json().find((h: { id: string }) => h.id === id);
    expect(mine.files).toHaveLength(2);
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/v1/histories/developer/in-progress', headers: auth(w.dev) });
    expect(queue.json().map((o: { id: string }) => o.id)).not.toContain(id);

    // The buyer accepts: order DONE, dev wallet credited minus the fee.
    expect((await accept(w.student, id)).json()).toMatchObject({ id, orderStatus: 'DONE', fileName: 'Курсова.pdf' });
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + 225_00);
    expect(await systemBalance(db(), 'income:fees')).toBe(feesBefore + 25_00);
    expect(await systemBalance(db(), 'escrow:orders')).toBe(escrowBefore - 250_00);
    await expectLedgerBalanced({ db: db() });
  });

  it('another developer, a student and a wrong order id are refused, nothing stored', async () => {
    const id = await newOrder();
    const blobsBefore = await blobCount(ctx);
    const file = [{ name: 'file', filename: 'a.pdf', value: PDF }];
    const other = await saveFiles(w.otherDev, id, file);
    expect([other.statusCode, other.json().message]).toEqual([403, MSG.orderNotYours]);
    const student = await saveFiles(w.student, id, file);
    expect(student.statusCode).toBe(403);
    const missing = await saveFiles(w.dev, '987654', file);
    expect([missing.statusCode, missing.json().message]).toEqual([404, MSG.orderNotFound]);
    expect(await blobCount(ctx)).toBe(blobsBefore);
  });

  it('refuses no file, 11 files, a file over 20 MB and an unsupported type, storing nothing', async () => {
    const id = await newOrder();
    const blobsBefore = await blobCount(ctx);
    const cases: [Part[], number, string][] = [
      [[{ name: 'message', value: 'без файлів' }], 400, MSG.filesRequired],
      [Array.from({ length: 11 }, (_, i) => ({ name: 'file', filename: `f${i}.pdf`, value: PDF })), 413, MSG.tooManyOrderFiles],
      [
        [
          { name: 'file', filename: 'ok.pdf', value: PDF },
          { name: 'file', filename: 'big.pdf', value: Buffer.concat([PDF, Buffer.alloc(ORDER_MAX_FILE_BYTES)]) },
        ],
        413,
        MSG.orderFileTooBig,
      ],
      [[{ name: 'file', filename: 'virus.exe', value: Buffer.from('MZ\x90\x00') }], 400, MSG.fileTypeUnsupported('virus.exe', ORDER_FILE_EXTENSIONS)],
      [[{ name: 'file', filename: 'fake.pdf', value: Buffer.from('<html>not a pdf</html>') }], 400, MSG.fileTypeUnsupported('fake.pdf', ORDER_FILE_EXTENSIONS)],
      [[{ name: 'file', filename: 'a.pdf', value: PDF }, { name: 'message', value: 'x'.repeat(2001) }], 400, MSG.orderMessageTooLong],
    ];
    for (const [parts, status, message] of cases) {
      const res = await saveFiles(w.dev, id, parts);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
      expect(await blobCount(ctx)).toBe(blobsBefore);
    }
    expect(await count(db(), 'order_files', sql`order_id = ${Number(id)}`)).toBe(0);
    const status = await rows<{ status: string }>(db(), sql`SELECT status FROM orders WHERE id = ${Number(id)}`);
    expect(status[0]!.status).toBe('IN_PROGRESS');
  });

  it('cannot be completed twice, even by two racing deliveries', async () => {
    const id = await newOrder(100);
    const devBefore = await balanceOf(db(), DEV, 'dev');
    const blobsBefore = await blobCount(ctx);
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, i) => saveFiles(w.dev, id, [{ name: 'file', filename: `v${i}.pdf`, value: PDF }])),
    );
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of racing.filter((x) => x.statusCode !== 200)) expect([r.statusCode, r.json().message]).toEqual([409, MSG.orderClosed]);
    const again = await saveFiles(w.dev, id, [{ name: 'file', filename: 'late.pdf', value: PDF }]);
    expect([again.statusCode, again.json().message]).toEqual([409, MSG.orderClosed]);
    expect(await count(db(), 'order_files', sql`order_id = ${Number(id)}`)).toBe(1);
    expect(await blobCount(ctx)).toBe(blobsBefore + 1);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore);
    expect((await accept(w.student, id)).statusCode).toBe(200);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + 90_00);
    await expectLedgerBalanced({ db: db() });
  });
});

describe('the platform fee of an open order', () => {
  it('is the one agreed at purchase, even if the setting changed before delivery', async () => {
    const id = await newOrder(200);
    // The operator sets PLATFORM_FEE_PERCENT=0 and restarts: a new app, the same database.
    const later = await buildApp(createDeps({ ...ctx.config, platformFeePercent: 0 }, ctx.database), { logger: false, serveWeb: false });
    try {
      const devBefore = await balanceOf(db(), DEV, 'dev');
      const form = multipart([{ name: 'file', filename: 'a.pdf', value: PDF }]);
      const res = await later.inject({
        method: 'PATCH',
        url: `/api/v1/histories/history/${id}/developer/save-file`,
        headers: { ...auth(w.dev), ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(200);
      const accepted = await later.inject({ method: 'POST', url: `/api/v1/histories/${id}/accept`, headers: auth(w.student) });
      expect(accepted.statusCode).toBe(200);
      expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + 180_00);
    } finally {
      await later.close();
    }
    await expectLedgerBalanced({ db: db() });
  });
});

/** The buyer's bot messages about a refunded order: [chat, text]. */
async function refundNotes(orderId: string): Promise<[number, string][]> {
  const found = await rows<{ chat_id: number | string; text: string }>(
    db(),
    sql`SELECT chat_id, payload->>'text' AS text FROM outbox WHERE kind = 'order_refunded' AND dedupe_key = ${`order_refunded:${orderId}`}`,
  );
  return found.map((n) => [Number(n.chat_id), n.text]);
}

describe('refund', () => {
  it('an admin returns an undelivered order’s money to the buyer, once', async () => {
    const id = await newOrder(300);
    const before = await balanceOf(db(), STUDENT, 'general');
    const refund = () => ctx.app.inject({ method: 'POST', url: `/api/v1/histories/history/${id}/refund`, headers: auth(w.admin) });
    const byStudent = await ctx.app.inject({ method: 'POST', url: `/api/v1/histories/history/${id}/refund`, headers: auth(w.student) });
    expect(byStudent.statusCode).toBe(403);
    const [a, b] = await Promise.all([refund(), refund()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before + 300_00);
    const item = (a.statusCode === 200 ? a : b).json();
    expect(item.orderStatus).toBe('REFUNDED');
    // a refunded order cannot be delivered any more
    const late = await saveFiles(w.dev, id, [{ name: 'file', filename: 'a.pdf', value: PDF }]);
    expect([late.statusCode, late.json().message]).toEqual([409, MSG.orderClosed]);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/histories/history/987654/refund', headers: auth(w.admin) });
    expect(missing.statusCode).toBe(404);
    // The buyer is told once, by the refund that happened (the refused one queued nothing).
    expect(await refundNotes(id)).toEqual([[STUDENT, `Замовлення №${id} «Курсова робота» (Вища математика) скасовано. 300 грн повернено на ваш Загальний гаманець.`]]);
    await expectLedgerBalanced({ db: db() });
  });

  it('a delivered order can still be refunded (its money is in escrow), an accepted one cannot', async () => {
    const delivered = await newOrder(100);
    expect((await saveFiles(w.dev, delivered, [{ name: 'file', filename: 'a.pdf', value: PDF }])).statusCode).toBe(200);
    const before = await balanceOf(db(), STUDENT, 'general');
    const ok = await ctx.app.inject({ method: 'POST', url: `/api/v1/histories/history/${delivered}/refund`, headers: auth(w.admin) });
    expect([ok.statusCode, ok.json().orderStatus, ok.json().cancelledBy]).toEqual([200, 'REFUNDED', 'ADMIN']);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before + 100_00);

    const done = await newOrder(100);
    expect((await saveFiles(w.dev, done, [{ name: 'file', filename: 'a.pdf', value: PDF }])).statusCode).toBe(200);
    expect((await accept(w.student, done)).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/histories/history/${done}/refund`, headers: auth(w.admin) });
    expect([res.statusCode, res.json().message]).toEqual([409, MSG.orderClosed]);
    expect(await refundNotes(done)).toEqual([]);
    await expectLedgerBalanced({ db: db() });
  });
});

describe('platform fee on an auto-generated sale', () => {
  it('splits the price between the developer and the platform in the same transaction', async () => {
    const taskId = await autoTask(ctx, w, { price: 99 });
    const devBefore = await balanceOf(db(), DEV, 'dev');
    const feesBefore = await systemBalance(db(), 'income:fees');
    const res = await buy(ctx, w.student, taskId, ['a', 'b']);
    expect(res.statusCode).toBe(200);
    // 10 % of 99.00 is 9.90
    expect(await balanceOf(db(), DEV, 'dev')).toBe(devBefore + 89_10);
    expect(await systemBalance(db(), 'income:fees')).toBe(feesBefore + 9_90);
    await expectLedgerBalanced({ db: db() });
  });
});
