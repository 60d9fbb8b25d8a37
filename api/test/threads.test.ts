/**
 * The thread of an order (docs/ENDPOINTS.md "Order threads"): who may read and write, pages
 * that stay put while messages arrive, files, refusals, masking, the rate and the 30 days,
 * read marks and unread counts, the admins' hide, system lines, immutability and the number
 * of statements. Live streams and bot notices: threads-live.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONTACT_MASK, MSG, ORDER_FILE_EXTENSIONS, type HistoryItem, type InProgressOrder, type ThreadMessage } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { ADMIN_ID, auth, createTestContext, type TestContext } from './helpers.js';
import { DEV, NO_RATE_LIMITS, STUDENT, blobCount, createWorld, download, topUp, type World } from './purchase-world.js';
import { orderCalls } from './escrow-helpers.js';
import { PDF, eventsOf, pdf, threadCalls } from './thread-helpers.js';

let ctx: TestContext;
let w: World;
let statements: string[] | null = null;
let t: ReturnType<typeof threadCalls>;
let o: ReturnType<typeof orderCalls>;

beforeAll(async () => {
  ctx = await createTestContext({ ...NO_RATE_LIMITS, RATE_LIMIT_MESSAGE: '1000000/60' }, { logQuery: (text) => statements?.push(text) });
  w = await createWorld(ctx);
  t = threadCalls(ctx);
  o = orderCalls(ctx, w);
  await topUp(ctx.database.db, STUDENT, 100_000);
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const messageCount = async () => Number((await row<{ n: number | string }>(db(), sql`SELECT count(*) AS n FROM order_messages WHERE kind = 'MESSAGE'`))!.n);
const texts = (lines: ThreadMessage[]) => lines.map((m) => m.text);

describe('who may use a thread', () => {
  it('is the buyer’s, the task developer’s and admins’; anyone else finds nothing (404) and changes nothing', async () => {
    const id = await o.newOrder();
    await t.say(id, w.student, 'Добрий день!');
    for (const token of [w.otherDev, w.noNick]) {
      expect((await t.page(id, token)).json()).toEqual({ message: MSG.threadNotFound });
      expect((await t.page(id, token)).statusCode).toBe(404);
      expect((await t.post(id, token, 'Привіт')).statusCode).toBe(404);
      expect((await t.read(id, token, 1)).statusCode).toBe(404);
      expect((await t.stream(id, token, 'after=0')).statusCode).toBe(404);
      expect((await t.hide(id, 1, token, 'спам')).statusCode).toBe(403);
    }
    expect((await t.page(999_999, w.admin)).statusCode).toBe(404);
    expect(await messageCount()).toBe(1);
    for (const token of [w.student, w.dev, w.admin]) expect(texts((await t.pageOf(id, token)).content)).toEqual(['Добрий день!']);
  });

  it('shows an admin as Підтримка Залік to the parties and lets them write in any order', async () => {
    const id = await o.newOrder();
    const said = await t.say(id, w.admin, 'Підтримка на зв’язку.');
    expect(said.author).toEqual({ telegramId: String(ADMIN_ID), username: 'boss', role: 'SUPPORT' });
    for (const token of [w.student, w.dev]) {
      expect((await t.pageOf(id, token)).content[0]!.author).toEqual({ telegramId: null, username: null, role: 'SUPPORT' });
    }
    const mine = await t.say(id, w.student, 'Дякую');
    expect(mine.author).toEqual({ telegramId: String(STUDENT), username: 'olena', role: 'STUDENT' });
    expect((await t.say(id, w.dev, 'Вітаю')).author).toEqual({ telegramId: String(DEV), username: 'taras', role: 'DEVELOPER' });
  });
});

describe('pages', () => {
  it('come newest first, and stay put while new messages arrive (keyset on the message id)', async () => {
    const id = await o.newOrder();
    for (let i = 1; i <= 7; i++) await t.say(id, i % 2 ? w.student : w.dev, `№${i}`);
    const first = await t.pageOf(id, w.student, 'limit=3');
    expect([texts(first.content), first.last]).toEqual([['№7', '№6', '№5'], false]);
    expect(first.thread).toMatchObject({ orderId: id, taskTitle: 'Курсова робота', status: 'IN_PROGRESS', writable: true, closesAt: null });
    // Two more arrive while the reader scrolls back: the next pages neither repeat nor skip a message.
    await t.say(id, w.dev, '№8');
    await t.say(id, w.student, '№9');
    const second = await t.pageOf(id, w.student, `limit=3&before=${first.content.at(-1)!.id}`);
    expect([texts(second.content), second.last]).toEqual([['№4', '№3', '№2'], false]);
    const third = await t.pageOf(id, w.student, `limit=3&before=${second.content.at(-1)!.id}`);
    expect([texts(third.content), third.last]).toEqual([['№1'], true]);
    expect(texts((await t.pageOf(id, w.student, 'limit=3')).content)).toEqual(['№9', '№8', '№7']);
    expect((await t.pageOf(id, w.student)).content).toHaveLength(9);
    const bad = await t.page(id, w.student, 'limit=51');
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.limitInvalid]);
    expect((await t.page(id, w.student, 'before=abc')).statusCode).toBe(400);
  });

  it('reads the first page in one statement and writes a message in two', async () => {
    const id = await o.newOrder();
    await t.say(id, w.dev, 'Вітаю');
    const count = async (call: () => Promise<{ statusCode: number }>, status: number) => {
      // The caller's row then comes from this instance's memory (users/auth-cache.ts), not from a statement.
      expect((await t.unread(w.student)).statusCode).toBe(200);
      statements = [];
      const res = await call();
      const n = statements.length;
      statements = null;
      expect(res.statusCode).toBe(status);
      return n;
    };
    expect(ctx.deps.catalogue.isLive).toBe(true);
    expect(await count(() => t.page(id, w.student), 200)).toBe(1);
    expect(await count(() => t.post(id, w.student, 'Варіант 12-б'), 201)).toBe(2);
    expect(await count(() => t.post(id, w.student, 'Методичка', [pdf()]), 201)).toBe(2);
  });
});

describe('writing', () => {
  it('answers 201 with the message: text trimmed, files with links that download for each party', async () => {
    const id = await o.newOrder();
    const res = await t.post(id, w.student, '  Ось методичка  \n', [pdf('Методичка.pdf'), pdf('Приклад.pdf')]);
    expect(res.statusCode).toBe(201);
    const m = res.json<ThreadMessage>();
    expect(m).toMatchObject({ kind: 'MESSAGE', text: 'Ось методичка', hidden: false, hiddenReason: null, masked: false, read: false });
    expect(m.files.map((f) => f.fileName)).toEqual(['Методичка.pdf', 'Приклад.pdf']);
    expect((await download(ctx, m.files[0]!.link)).rawPayload).toEqual(PDF);
    const devView = (await t.pageOf(id, w.dev)).content[0]!;
    expect(devView.files[1]!.link).toContain('for=staff');
    expect((await download(ctx, devView.files[1]!.link)).statusCode).toBe(200);
    // Files alone are a message too.
    expect((await t.say(id, w.dev, '', [pdf('Чернетка.pdf')])).text).toBe('');
  });

  it('refuses a bad message with a Ukrainian reason and keeps nothing of it', async () => {
    const id = await o.newOrder();
    const blobs = await blobCount(ctx);
    const before = await messageCount();
    const exe = { name: 'files', filename: 'virus.exe', value: Buffer.from('MZ...'), contentType: 'application/x-msdownload' };
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, number, string][] = [
      [t.post(id, w.student, '   '), 400, MSG.threadTextEmpty],
      [t.post(id, w.student, null), 400, MSG.threadTextEmpty],
      [t.post(id, w.student, 'я'.repeat(4001)), 400, MSG.threadTextTooLong(4000)],
      [t.post(id, w.student, 'Файли', Array.from({ length: 6 }, (_, i) => pdf(`f${i}.pdf`))), 413, MSG.threadTooManyFiles(5)],
      [t.post(id, w.student, 'Файл', [pdf('a.pdf'), exe]), 400, MSG.fileTypeUnsupported('virus.exe', ORDER_FILE_EXTENSIONS)],
      [t.post(id, w.student, 'Великий', [pdf('big.pdf', Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]))]), 413, MSG.threadFileTooBig(20)],
    ];
    for (const [call, status, message] of cases) {
      const res = await call;
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const json = await ctx.app.inject({ method: 'POST', url: `/api/v1/histories/${id}/messages`, headers: auth(w.student), payload: { text: 'Привіт' } });
    expect([json.statusCode, json.json().message]).toEqual([415, MSG.badContentType]);
    expect(await messageCount()).toBe(before);
    expect(await blobCount(ctx)).toBe(blobs);
    // 4000 characters after trimming are allowed.
    expect((await t.say(id, w.student, ` ${'я'.repeat(4000)} `)).text).toHaveLength(4000);
  });

  it('masks contacts and marks the message, for everyone who reads it', async () => {
    const id = await o.newOrder();
    const m = await t.say(id, w.student, 'Пишіть на +38 (067) 123-45-67 або @olena_kn21, чи t.me/olena');
    expect(m).toMatchObject({ masked: true, text: `Пишіть на ${CONTACT_MASK} або ${CONTACT_MASK}, чи ${CONTACT_MASK}` });
    expect((await t.pageOf(id, w.dev)).content[0]).toMatchObject({ masked: true, text: m.text });
    const stored = await row<{ text: string }>(db(), sql`SELECT text FROM order_messages WHERE id = ${Number(m.id)}`);
    expect(stored!.text).not.toContain('067');
    expect((await t.say(id, w.dev, 'Варіант 12-б, до п’ятниці.')).masked).toBe(false);
  });

  it('lets one person write 30 messages per order in 10 minutes, then says to wait; others and other orders go on', async () => {
    const id = await o.newOrder();
    for (let i = 0; i < 30; i++) await t.say(id, w.student, `Повідомлення ${i}`);
    const over = await t.post(id, w.student, 'Ще одне');
    expect([over.statusCode, over.json().message]).toEqual([429, MSG.threadTooFast(30, 10)]);
    expect((await t.post(id, w.student, 'З файлом', [pdf()])).statusCode).toBe(429);
    await t.say(id, w.dev, 'Я можу відповісти');
    await t.say(await o.newOrder(), w.student, 'В іншому замовленні можна');
  });

  it('lets no racing message past the limit: 28 written, 6 sent at once, 2 land', async () => {
    const id = await o.newOrder();
    for (let i = 0; i < 28; i++) await t.say(id, w.student, `Повідомлення ${i}`);
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => t.post(id, w.student, `Разом ${i}`)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const written = await row<{ n: number | string }>(
      db(),
      sql`SELECT count(*) AS n FROM order_messages WHERE order_id = ${id} AND author_id = ${STUDENT} AND kind = 'MESSAGE'`,
    );
    expect(Number(written!.n)).toBe(30);
  });

  it('stays writable 30 days after the order ended, then only readable', async () => {
    const id = await o.newOrder();
    await t.say(id, w.student, 'Дякую за роботу');
    const end = (days: number) =>
      db().execute(sql`UPDATE orders SET status = 'DONE', completed_at = now() - make_interval(days => ${days}) WHERE id = ${Number(id)}`);
    await end(29);
    const open = await t.pageOf(id, w.student);
    expect(open.thread.writable).toBe(true);
    expect(Date.parse(open.thread.closesAt!)).toBeGreaterThan(Date.now());
    await t.say(id, w.dev, 'Звертайтеся');
    await end(31);
    for (const token of [w.student, w.dev, w.admin]) {
      const res = await t.post(id, token, 'Ще питання');
      expect([res.statusCode, res.json().message]).toEqual([409, MSG.threadClosed(30)]);
    }
    const closed = await t.pageOf(id, w.student);
    expect([closed.thread.writable, texts(closed.content)]).toEqual([false, ['Звертайтеся', 'Дякую за роботу']]);
    expect((await t.read(id, w.student, closed.content[0]!.id)).statusCode).toBe(200);
  });
});

describe('read marks and unread counts', () => {
  it('tells the writer their message was read, and counts what each side has not read, per order and in total', async () => {
    const id = await o.newOrder();
    const totals = async (token: string) => (await t.unread(token)).json<{ asBuyer: number; asDeveloper: number }>();
    const devBefore = await totals(w.dev);
    const studentBefore = await totals(w.student);
    const a = await t.say(id, w.student, 'Питання 1');
    const b = await t.say(id, w.student, 'Питання 2');
    expect((await t.pageOf(id, w.dev)).thread.unread).toBe(2);
    const queue = (await o.queue()).json<InProgressOrder[]>();
    expect(queue.find((q) => q.id === id)!.unread).toBe(2);
    expect(await totals(w.dev)).toEqual({ ...devBefore, asDeveloper: devBefore.asDeveloper + 2 });

    expect((await t.read(id, w.dev, a.id)).json()).toEqual({ unread: 1 });
    expect((await t.pageOf(id, w.student)).content.map((m) => [m.text, m.read])).toEqual([
      ['Питання 2', false],
      ['Питання 1', true],
    ]);
    // A mark past the newest line stops at it; a mark never goes back.
    expect((await t.read(id, w.dev, 999_999_999)).json()).toEqual({ unread: 0 });
    expect((await t.read(id, w.dev, a.id)).json()).toEqual({ unread: 0 });
    expect((await t.pageOf(id, w.student)).content.every((m) => m.read)).toBe(true);
    expect(b.read).toBe(false);
    expect(await totals(w.dev)).toEqual(devBefore);

    await t.say(id, w.dev, 'Відповідь');
    expect((await o.item(id)).unread).toBe(1);
    expect(await totals(w.student)).toEqual({ ...studentBefore, asBuyer: studentBefore.asBuyer + 1 });
    // The developer's own message is read by them.
    expect((await t.pageOf(id, w.dev)).thread.unread).toBe(0);
    const bad = await t.read(id, w.student, 'останнє');
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.threadReadInvalid]);
  });
});

describe('hiding', () => {
  it('lets an admin hide a message with a reason: the others see it hidden, admins what it said, the audit trail who and why', async () => {
    const id = await o.newOrder();
    const m = await t.say(id, w.student, 'Грубе повідомлення', [pdf('Образа.pdf')]);
    const link = m.files[0]!.link;
    for (const [token, status, message] of [
      [w.student, 403, MSG.forbidden],
      [w.admin, 400, MSG.threadHideReasonRequired],
    ] as const) {
      const res = await t.hide(id, m.id, token, token === w.admin ? '  ' : 'спам');
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const res = await t.hide(id, m.id, w.admin, 'Образи');
    expect(res.statusCode).toBe(200);
    expect(res.json<ThreadMessage>()).toMatchObject({ text: 'Грубе повідомлення', hidden: true, hiddenReason: 'Образи' });
    for (const token of [w.student, w.dev]) {
      expect((await t.pageOf(id, token)).content[0]).toMatchObject({ text: MSG.threadHidden, files: [], hidden: true, hiddenReason: null });
    }
    expect((await t.pageOf(id, w.admin)).content[0]).toMatchObject({ text: 'Грубе повідомлення', hidden: true, hiddenReason: 'Образи' });
    expect((await download(ctx, link)).statusCode).toBe(404);
    const audit = await rows<{ action: string; target: string; user_id: number | string; admin_id: number | string }>(
      db(),
      sql`SELECT action, target, user_id, admin_id FROM audit_log WHERE action = 'message.hide'`,
    );
    expect(audit.map((a) => [a.action, a.target, Number(a.user_id), Number(a.admin_id)])).toEqual([['message.hide', `order:${id}:message:${m.id}`, STUDENT, ADMIN_ID]]);

    const again = await t.hide(id, m.id, w.admin, 'Ще раз');
    expect([again.statusCode, again.json().message]).toEqual([409, MSG.threadAlreadyHidden]);
    const missing = await t.hide(id, 999_999, w.admin, 'Спам');
    expect([missing.statusCode, missing.json().message]).toEqual([404, MSG.threadMessageNotFound]);
    expect((await o.deliver(id, [{ name: 'file', filename: 'a.pdf', value: PDF }])).statusCode).toBe(200);
    const line = (await t.pageOf(id, w.admin)).content.find((l) => l.kind === 'DELIVERY')!;
    const system = await t.hide(id, line.id, w.admin, 'Спам');
    expect([system.statusCode, system.json().message]).toEqual([409, MSG.threadSystemLine]);
  });

  it('keeps every line, file and hide as written: the database refuses changes', async () => {
    for (const statement of [
      sql`UPDATE order_messages SET text = 'змінено'`,
      sql`DELETE FROM order_messages`,
      sql`UPDATE order_message_files SET file_name = 'x.pdf'`,
      sql`DELETE FROM order_message_hides`,
      sql`TRUNCATE order_messages CASCADE`,
    ]) {
      // The database's own refusal, under the driver's wrapping.
      const err = await db().execute(statement).then(() => null, (e: Error & { cause?: Error }) => e);
      expect(err?.cause?.message ?? err?.message).toMatch(/cannot be changed or deleted/);
    }
  });
});

describe('system lines', () => {
  it('tell the order’s story: delivery, revision, dispute, its resolution, acceptance and cancellations', async () => {
    const id = await o.newOrder();
    await t.say(id, w.student, 'Варіант 12');
    const deliver = (message: string) => o.deliver(id, [{ name: 'file', filename: 'Відповідь.pdf', value: PDF }, { name: 'message', value: message }]);
    expect((await deliver('Готово, перевірте')).statusCode).toBe(200);
    expect((await o.revise(id, 'Додайте висновки, мій номер 0671234567')).statusCode).toBe(200);
    expect((await deliver('Висновки додав')).statusCode).toBe(200);
    expect((await o.dispute(id, 'Не той варіант')).statusCode).toBe(200);
    // The admin deciding the dispute reads the whole story in the thread.
    expect((await o.resolve(id, 'REFUND')).statusCode).toBe(200);
    const story = (await t.pageOf(id, w.admin)).content.reverse().map((l) => [l.kind, l.author.role, l.text]);
    expect(story).toEqual([
      ['MESSAGE', 'STUDENT', 'Варіант 12'],
      ['DELIVERY', 'DEVELOPER', 'Готово, перевірте'],
      ['REVISION', 'STUDENT', `Додайте висновки, мій номер ${CONTACT_MASK}`],
      ['DELIVERY', 'DEVELOPER', 'Висновки додав'],
      ['DISPUTE', 'STUDENT', 'Не той варіант'],
      ['RESOLVE_REFUND', 'SUPPORT', ''],
    ]);

    const accepted = await o.delivered();
    expect((await o.accept(accepted)).statusCode).toBe(200);
    const cancelled = await o.newOrder();
    expect((await o.devCancel(cancelled, 'Захворів, не встигну')).statusCode).toBe(200);
    const refunded = await o.newOrder();
    expect((await o.refund(refunded)).statusCode).toBe(200);
    const last = async (orderId: string) => (await t.pageOf(orderId, w.student)).content[0]!;
    expect(await last(accepted)).toMatchObject({ kind: 'ACCEPT', author: { role: 'STUDENT' } });
    expect(await last(cancelled)).toMatchObject({ kind: 'CANCEL', author: { role: 'DEVELOPER' }, text: 'Захворів, не встигну' });
    expect(await last(refunded)).toMatchObject({ kind: 'CANCEL', author: { role: 'SUPPORT', telegramId: null } });
    // System lines count as unread for the other side, never as the writer's own messages against the rate.
    expect((await o.item(cancelled)).unread).toBe(1);
  });
});

describe('the stream without waiting', () => {
  it('answers the lines after `after` and ends (wait=0), or refuses in JSON before any event', async () => {
    const id = await o.newOrder();
    const a = await t.say(id, w.student, 'Перше');
    await t.say(id, w.dev, 'Друге');
    const res = await t.stream(id, w.student, `after=${a.id}&wait=0`);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(eventsOf(res.body).map((e) => (e.type === 'message' ? e.message.text : e.type))).toEqual(['Друге']);
    expect(eventsOf((await t.stream(id, w.student, 'wait=0')).body)).toEqual([]);
    const bad = await t.stream(id, w.student, 'wait=301');
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.badRequest]);
    const history = (await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(w.student) })).json<HistoryItem[]>();
    expect(history.every((h) => typeof h.unread === 'number')).toBe(true);
  });
});
