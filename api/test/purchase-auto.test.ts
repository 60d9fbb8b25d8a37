import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { type TestContext } from './helpers.js';
import { makeTask } from './fixtures.js';
import { docxText } from './docx.js';
import { DEV, STUDENT, autoTask, balanceOf, blobCount, buy, count, openWorld, download, systemBalance, topUp, type World } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';

let ctx: TestContext;
let w: World;

beforeAll(async () => ({ ctx, w } = await openWorld()));
afterAll(() => ctx.close());

const db = () => ctx.database.db;

describe('buying an auto-generated task', () => {
  it('charges the price, pays the developer and answers a link to a DOCX holding the student’s values', async () => {
    const taskId = await autoTask(ctx, w, { price: 120, title: 'Лабораторна №3: інтеграли' });
    await topUp(db(), STUDENT, 500);
    const res = await buy(ctx, w.student, taskId, ['Шевченко Т. Г.  ', '7']);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      developerName: 'taras',
      subjectName: 'Вища математика',
      taskTitle: 'Лабораторна №3: інтеграли',
      autoGenerate: true,
      fileName: 'Лабораторна №3 інтеграли.docx',
      message: null,
      orderStatus: 'DONE',
    });
    expect(typeof body.id).toBe('string');
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(body.link).toMatch(/^https:\/\/zalik\.test\/api\/v1\/files\/\d+\?exp=\d+&sig=[\w-]+$/);

    const file = await download(ctx, body.link);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Лабораторна №3 інтеграли.docx')}`);
    // trailing whitespace removed before filling
    expect(docxText(file.rawPayload)).toBe('Студент: Шевченко Т. Г.\nВаріант №7');

    expect(await balanceOf(db(), STUDENT, 'general')).toBe(500_00 - 120_00);
    expect(await balanceOf(db(), DEV, 'dev')).toBe(120_00);
    expect(await systemBalance(db(), 'escrow:orders')).toBe(0);
    await expectLedgerBalanced({ db: db() });
  });

  it('refuses a wrong number of arguments and charges nothing', async () => {
    const taskId = await autoTask(ctx, w);
    const before = await balanceOf(db(), STUDENT, 'general');
    for (const args of [['one'], ['a', 'b', 'c'], []]) {
      const res = await buy(ctx, w.student, taskId, args);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.argumentsCount);
    }
    const notStrings = await buy(ctx, w.student, taskId, [null, '1']);
    expect(notStrings.statusCode).toBe(400);
    expect(notStrings.json().message).toBe(MSG.argumentEmpty);
    const tooLong = await buy(ctx, w.student, taskId, ['x'.repeat(5001), '1']);
    expect(tooLong.statusCode).toBe(400);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before);
    expect(await count(db(), 'orders', sql`task_id = ${taskId}`)).toBe(0);
  });

  it('refuses a hidden task to a student but sells it to an admin', async () => {
    const taskId = await autoTask(ctx, w, { visible: false });
    const res = await buy(ctx, w.student, taskId, ['a', 'b']);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.taskHidden);
    await topUp(db(), 900001, 200);
    const asAdmin = await buy(ctx, w.admin, taskId, ['a', 'b']);
    expect(asAdmin.statusCode).toBe(200);
    await expectLedgerBalanced({ db: db() });
  });

  it('refuses a deleted or unknown task', async () => {
    const taskId = await autoTask(ctx, w);
    await db().execute(sql`UPDATE tasks SET deleted_at = now() WHERE id = ${taskId}`);
    for (const id of [taskId, 999999]) {
      const res = await buy(ctx, w.student, id, ['a', 'b']);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.taskNotFound);
    }
  });

  it('requires a Telegram username', async () => {
    const taskId = await autoTask(ctx, w);
    const res = await buy(ctx, w.noNick, taskId, ['a', 'b']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.usernameRequired);
  });

  it('without enough money: 400, nothing charged, no order, no file left behind', async () => {
    const taskId = await autoTask(ctx, w, { price: 100_000 });
    const blobsBefore = await blobCount(ctx);
    const transfersBefore = await count(db(), 'transfers');
    const before = await balanceOf(db(), STUDENT, 'general');
    const res = await buy(ctx, w.student, taskId, ['a', 'b']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.insufficientFunds);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before);
    expect(await count(db(), 'orders', sql`task_id = ${taskId}`)).toBe(0);
    expect(await count(db(), 'transfers')).toBe(transfersBefore);
    expect(await blobCount(ctx)).toBe(blobsBefore);
    await expectLedgerBalanced({ db: db() });
  });

  it('a failed generation (no template, broken template, unknown generator) charges nothing', async () => {
    const noTemplate = await autoTask(ctx, w, { template: false });
    const broken = await autoTask(ctx, w);
    const blobId = (await ctx.deps.blobs.put(Buffer.from('not a zip at all')));
    await db().execute(sql`UPDATE task_templates SET blob_id = ${blobId} WHERE task_id = ${broken}`);
    const unknown = await makeTask(db(), { teacherId: w.teacherId, developerId: DEV, autoGenerate: true, identifier: 'no-such-generator', argumentIds: w.argIds });
    const before = await balanceOf(db(), STUDENT, 'general');
    const blobsBefore = await blobCount(ctx);
    const cases: [number, string][] = [
      [noTemplate, MSG.templateMissingForTask],
      [broken, MSG.generationFailed],
      [unknown, MSG.generationFailed],
    ];
    for (const [taskId, message] of cases) {
      const res = await buy(ctx, w.student, taskId, ['a', 'b']);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
      expect(await count(db(), 'orders', sql`task_id = ${taskId}`)).toBe(0);
    }
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before);
    expect(await blobCount(ctx)).toBe(blobsBefore);
  });

  it('refuses to fill a template that no longer matches the task’s arguments', async () => {
    const taskId = await autoTask(ctx, w);
    await db().execute(sql`DELETE FROM task_arguments WHERE task_id = ${taskId} AND position = 1`);
    const res = await buy(ctx, w.student, taskId, ['a']);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.templateOutdated);
  });
});

describe('discounts', () => {
  it('a LOCAL discount beats the GLOBAL one and its last use is consumed once', async () => {
    const taskId = await autoTask(ctx, w, { price: 200 });
    await db().execute(sql`INSERT INTO discounts (task_id, type, percent, uses_left) VALUES (${taskId}, 'GLOBAL', 10, NULL)`);
    await db().execute(sql`INSERT INTO discounts (task_id, type, telegram_id, percent, uses_left) VALUES (${taskId}, 'LOCAL', ${STUDENT}, 25, 1)`);
    await topUp(db(), STUDENT, 1000);
    const before = await balanceOf(db(), STUDENT, 'general');
    const first = await buy(ctx, w.student, taskId, ['a', 'b']);
    expect(first.statusCode).toBe(200);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before - 150_00);
    const local = await db().execute(sql`SELECT uses_left FROM discounts WHERE task_id = ${taskId} AND type = 'LOCAL'`);
    expect(Number((local as unknown as { rows: { uses_left: number }[] }).rows[0]!.uses_left)).toBe(0);
    // the LOCAL one is used up: the GLOBAL 10 % applies now
    const second = await buy(ctx, w.student, taskId, ['a', 'b']);
    expect(second.statusCode).toBe(200);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(before - 150_00 - 180_00);
    const orders = await db().execute(sql`SELECT discount_percent, price, full_price FROM orders WHERE task_id = ${taskId} ORDER BY id`);
    expect((orders as unknown as { rows: unknown[] }).rows.map((r) => Object.values(r as object).map(Number))).toEqual([
      [25, 150_00, 200_00],
      [10, 180_00, 200_00],
    ]);
    await expectLedgerBalanced({ db: db() });
  });

  it('a 100 % discount sells for nothing without a zero transfer', async () => {
    const taskId = await autoTask(ctx, w, { price: 50 });
    await db().execute(sql`INSERT INTO discounts (task_id, type, telegram_id, percent, uses_left) VALUES (${taskId}, 'LOCAL', ${STUDENT}, 100, 1)`);
    const transfersBefore = await count(db(), 'transfers');
    const res = await buy(ctx, w.student, taskId, ['a', 'b']);
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toBeTruthy();
    expect(await count(db(), 'transfers')).toBe(transfersBefore);
    await expectLedgerBalanced({ db: db() });
  });
});
