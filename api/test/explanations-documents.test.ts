import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { MSG } from '@zalik/contract';
import { sql } from 'drizzle-orm';
import { row } from '../src/db/client.js';
import { auth } from './helpers.js';
import { minimalDocx, multipart, type Part } from './docx.js';
import { blobCount, topUp, STUDENT } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { askJson, boughtOrder, openTutorWorld, type TutorWorld } from './explanations-world.js';

let t: TutorWorld;
beforeAll(async () => {
  t = await openTutorWorld();
});
afterAll(() => t.close());

/** A one-page PDF whose page shows `text` (Latin letters: the built-in Helvetica has no Cyrillic). */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function upload(token: string, file: { name: string; bytes: Buffer | string }, fields: Record<string, string> = { description: 'Конспект лекції' }) {
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'multipartFile', filename: file.name, value: file.bytes },
  ];
  const form = multipart(parts);
  return t.ctx.app.inject({ method: 'POST', url: '/api/v1/rag/upload_document', headers: { ...auth(token), ...form.headers }, payload: form.payload });
}

const list = (query = '') => t.ctx.app.inject({ method: 'GET', url: `/api/v1/rag/document${query}`, headers: auth(t.w.admin) });

describe('explanation documents', () => {
  it('takes a TXT for a task, lists it, and the answers about that task draw on it', async () => {
    const { order, taskId } = await boughtOrder(t);
    const text = ['Інтегрування частинами: ∫u dv = uv − ∫v du.', '', 'Обирайте u так, щоб похідна спрощувала вираз.'].join('\n');
    const res = await upload(t.w.admin, { name: 'частинами.txt', bytes: text }, { description: 'Метод інтегрування частинами', taskId: String(taskId) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'частинами.txt', description: 'Метод інтегрування частинами', taskId: String(taskId), subjectId: null, chunks: 1, createdBy: { username: 'boss' } });
    // The admins' list names what it is attached to: the task and that task's subject.
    expect(res.json()).toMatchObject({ taskTitle: 'Лабораторна №3: інтеграли', subjectName: 'Вища математика' });

    const page = await list('?page=0&limit=5');
    expect(page.json().content.map((d: { documentId: string }) => d.documentId)).toContain(res.json().documentId);
    expect(page.json().last).toBe(true);
    const file = await t.ctx.app.inject({ method: 'GET', url: new URL(res.json().link).pathname, headers: auth(t.w.admin) });
    expect(file.body).toBe(text);

    await topUp(t.ctx.database.db, STUDENT, 2);
    const answer = await askJson(t, t.w.student, order.explanationSessionId!, 'Як обрати u при інтегруванні частинами?');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().answer).toContain('Документ «частинами.txt»');
    expect(answer.json().answer).toContain('Обирайте u');
    await expectLedgerBalanced({ db: t.ctx.database.db });
  });

  it('reads the text of a DOCX and of a PDF', async () => {
    const docx = await upload(t.w.admin, { name: 'лекція.docx', bytes: minimalDocx(['Похідна добутку: (uv)′ = u′v + uv′.', 'Другий абзац лекції.']) });
    expect(docx.statusCode).toBe(201);
    expect(docx.json().chunks).toBe(1);
    expect(docx.json()).toMatchObject({ taskId: null, subjectId: null, taskTitle: null, subjectName: null });
    const subjectId = String((await row<{ id: number }>(t.ctx.database.db, sql`SELECT subject_id AS id FROM teachers WHERE id = ${t.w.teacherId}`))!.id);
    const forSubject = await upload(t.w.admin, { name: 'довідник.txt', bytes: 'Таблиця інтегралів' }, { description: 'Довідник', subjectId });
    expect(forSubject.json()).toMatchObject({ taskId: null, subjectId, taskTitle: null, subjectName: 'Вища математика' });
    const pdf = await upload(t.w.admin, { name: 'notes.pdf', bytes: minimalPdf('Integration by parts reverses the product rule') });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().chunks).toBe(1);
  });

  it('refuses a DOCX bomb, a wrong type, a missing description and a file past 10 MB, storing nothing', async () => {
    const blobsBefore = await blobCount(t.ctx);
    const total = (await list('?limit=50')).json().content.length;
    const zip = new PizZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', Buffer.alloc(60 * 1024 * 1024, 0x41));
    const bomb = zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(t.w.admin, { name: 'bomb.docx', bytes: bomb });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.explanationDocumentUnreadable);

    const exe = await upload(t.w.admin, { name: 'virus.exe', bytes: 'MZ' });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(MSG.explanationDocumentType);
    const renamed = await upload(t.w.admin, { name: 'fake.pdf', bytes: 'not a pdf at all' });
    expect(renamed.statusCode).toBe(415);
    const noDescription = await upload(t.w.admin, { name: 'a.txt', bytes: 'текст' }, {});
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().message).toBe(MSG.explanationDocumentDescription(500));
    const big = await upload(t.w.admin, { name: 'big.txt', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) });
    expect(big.statusCode).toBe(413);
    const both = await upload(t.w.admin, { name: 'a.txt', bytes: 'текст' }, { description: 'x', taskId: '1', subjectId: '1' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(MSG.explanationDocumentTarget);

    expect((await list('?limit=50')).json().content.length).toBe(total);
    expect(await blobCount(t.ctx)).toBe(blobsBefore);
  });

  it('deletes a document: it leaves the list, its bytes go, and a second delete is 404', async () => {
    const res = await upload(t.w.admin, { name: 'стара.txt', bytes: 'Застарілий конспект' });
    const id = res.json().documentId;
    const blobsBefore = await blobCount(t.ctx);
    const del = await t.ctx.app.inject({ method: 'DELETE', url: `/api/v1/rag/document/${id}`, headers: auth(t.w.admin) });
    expect(del.statusCode).toBe(200);
    expect((await list('?limit=50')).json().content.map((d: { documentId: string }) => d.documentId)).not.toContain(id);
    expect(await blobCount(t.ctx)).toBe(blobsBefore - 1);
    const again = await t.ctx.app.inject({ method: 'DELETE', url: `/api/v1/rag/document/${id}`, headers: auth(t.w.admin) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MSG.explanationDocumentNotFound);
  });

  it('pages the list newest first', async () => {
    for (const n of [1, 2, 3]) await upload(t.w.admin, { name: `p${n}.txt`, bytes: `сторінка ${n}` });
    const first = (await list('?page=0&limit=2')).json();
    expect(first.content.map((d: { fileName: string }) => d.fileName)).toEqual(['p3.txt', 'p2.txt']);
    expect(first.last).toBe(false);
    const bad = await list('?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.limitInvalid);
  });
});
