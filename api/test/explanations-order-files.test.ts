/**
 * The tutor reads what the student bought: the text of an order's own files (a developer's
 * delivery, the generated DOCX) joins the numbered materials, read once per file, again after a
 * revision replaced the files, and a file that is not a document never fails a question.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { minimalDocx } from './docx.js';
import { orderCalls } from './escrow-helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { STUDENT, topUp } from './purchase-world.js';
import { askJson, boughtOrder, openTutorWorld, type TutorWorld } from './explanations-world.js';

let t: TutorWorld;
beforeAll(async () => {
  t = await openTutorWorld();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const readRows = (orderId: string) =>
  rows<{ file_name: string; failure: string | null; chunks: number | string }>(
    db(),
    sql`SELECT f.file_name, r.failure, (SELECT count(*) FROM order_file_chunks c WHERE c.order_file_id = r.order_file_id) AS chunks
        FROM order_file_texts r JOIN order_files f ON f.id = r.order_file_id WHERE r.order_id = ${Number(orderId)} ORDER BY f.position`,
  );
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe("the order's own files", () => {
  it("a delivered DOCX's text answers the question; it is read once, and a picture beside it is skipped", async () => {
    const orders = orderCalls(t.ctx, t.w);
    await topUp(db(), STUDENT, 500);
    const id = await orders.newOrder(100);
    const docx = minimalDocx(['Розв’язок методом Сімпсона: крок h = 0,25, похибка менша за 0,001.', 'Висновок: квадратурна формула збігається.']);
    const delivered = await orders.deliver(id, [
      { name: 'file', filename: 'Розв’язок.docx', value: docx },
      { name: 'file', filename: 'графік.png', value: PNG },
    ]);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await readRows(id)).toEqual([]); // nothing is read until a question needs it

    const res = await askJson(t, t.w.student, id, 'Чому обрано метод Сімпсона і який крок?');
    expect(res.statusCode, res.body).toBe(200);
    // The fake tutor answers from the numbered materials: the delivered file is one of them.
    expect(res.json<{ answer: string }>().answer).toContain('Файл замовлення «Розв’язок.docx»: Розв’язок методом Сімпсона: крок h = 0,25');
    expect((await readRows(id)).map((r) => [r.file_name, r.failure, Number(r.chunks)])).toEqual([
      ['Розв’язок.docx', null, 1],
      ['графік.png', 'not a document', 0],
    ]);

    const again = await askJson(t, t.w.student, id, 'А яка похибка методу Сімпсона?');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ answer: string }>().answer).toContain('похибка менша за 0,001');
    expect(await readRows(id)).toHaveLength(2);
    await expectLedgerBalanced(t.ctx.deps);
  });

  it("a revision's new files replace the old text", async () => {
    const orders = orderCalls(t.ctx, t.w);
    await topUp(db(), STUDENT, 500);
    const id = await orders.newOrder(100);
    expect((await orders.deliver(id, [{ name: 'file', filename: 'v1.txt', value: Buffer.from('Перша версія: метод трапецій.') }])).statusCode).toBe(200);
    expect((await askJson(t, t.w.student, id, 'Який метод трапецій?')).json<{ answer: string }>().answer).toContain('Перша версія: метод трапецій.');

    expect((await orders.revise(id, 'Потрібен метод Ньютона')).statusCode).toBe(200);
    expect((await orders.deliver(id, [{ name: 'file', filename: 'v2.txt', value: Buffer.from('Друга версія: метод Ньютона, три ітерації.') }])).statusCode).toBe(200);
    const answer = (await askJson(t, t.w.student, id, 'Скільки ітерацій методу Ньютона? А трапецій?')).json<{ answer: string }>().answer;
    expect(answer).toContain('Друга версія: метод Ньютона');
    expect(answer).not.toContain('Перша версія');
    expect((await readRows(id)).map((r) => r.file_name)).toEqual(['v2.txt']);
  });

  it("an auto order's generated DOCX is read too", async () => {
    const { order } = await boughtOrder(t, { title: 'Лабораторна з рядів' });
    const answer = (await askJson(t, t.w.student, order.explanationSessionId!, 'Що написано про Шевченко у варіанті?')).json<{ answer: string }>().answer;
    expect(answer).toMatch(/Файл замовлення «[^»]+\.docx»: .*Шевченко Т\. Г\./);
  });
});
