/**
 * The audit trail's catalogue, discount, template and broadcast actions: each admin action
 * writes exactly one row in its own transaction, with what the thing was before and after; a
 * refused action writes none (the money actions' rows are checked beside their own tests:
 * deposits-monobank, deposits-stars-refund, audit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { ADMIN_ID, auth, type TestContext } from './helpers.js';
import { STUDENT, autoTask, manualTask, openWorld, uploadTemplate, type World } from './purchase-world.js';
import { minimalDocx, multipart } from './docx.js';
import { auditRows } from './audit-helpers.js';

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ({ ctx, w } = await openWorld());
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token = w.admin, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const idOf = (res: { json: () => unknown }) => Number((res.json() as { id: string }).id);

describe('catalogue deletes', () => {
  it('a subject, a teacher, an argument, a task, a slide and a question: one row each with what it was', async () => {
    const subject = idOf(await call('POST', '/api/v1/subjects/subject', w.admin, { name: 'Аудит-предмет', courseNumber: 2 }));
    const teacher = idOf(await call('POST', '/api/v1/teachers/teacher', w.admin, { name: 'Аудит Викладач', subjectId: String(subject) }));
    const argument = idOf(await call('POST', '/api/v1/arguments/argument', w.admin, { name: 'Аудит-поле', description: 'Для перевірки' }));
    const task = await manualTask(ctx, w, { price: 50 });
    const news = idOf(await call('POST', '/api/v1/news/news', w.admin, { title: 'Аудит-слайд', text: 'текст' }));
    const faq = idOf(await call('POST', '/api/v1/faq/faq', w.admin, { question: 'Аудит-питання?', answer: 'Так' }));

    // The teacher first: the subject's delete archives its teachers with it.
    for (const path of [`teachers/${teacher}`, `subjects/${subject}`, `arguments/${argument}`, `tasks/${task}`, `news/${news}`, `faq/${faq}`]) {
      const res = await call('DELETE', `/api/v1/${path}`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    const rows = await auditRows(ctx.deps, 'catalogue.delete');
    expect(rows).toEqual([
      { adminId: ADMIN_ID, target: `teacher:${teacher}`, userId: null, before: { name: 'Аудит Викладач', subjectId: subject }, after: null },
      { adminId: ADMIN_ID, target: `subject:${subject}`, userId: null, before: { name: 'Аудит-предмет', courseNumber: 2 }, after: null },
      { adminId: ADMIN_ID, target: `argument:${argument}`, userId: null, before: { name: 'Аудит-поле' }, after: null },
      { adminId: ADMIN_ID, target: `task:${task}`, userId: null, before: { title: 'Курсова робота', teacherId: w.teacherId }, after: null },
      { adminId: ADMIN_ID, target: `news:${news}`, userId: null, before: { title: 'Аудит-слайд' }, after: null },
      { adminId: ADMIN_ID, target: `faq:${faq}`, userId: null, before: { question: 'Аудит-питання?' }, after: null },
    ]);

    // Refused: already gone, in use, not an admin. None of them writes a row.
    expect((await call('DELETE', `/api/v1/subjects/${subject}`)).json()).toEqual({ message: MSG.subjectNotFound });
    expect((await call('DELETE', `/api/v1/news/${news}`)).json()).toEqual({ message: MSG.newsNotFound });
    await manualTask(ctx, w); // uses the world's arguments
    const used = await call('DELETE', `/api/v1/arguments/${w.argIds[0]}`);
    expect(used.statusCode).toBe(409);
    expect((await call('DELETE', `/api/v1/faq/${faq}`, w.student)).statusCode).toBe(403);
    expect(await auditRows(ctx.deps, 'catalogue.delete')).toHaveLength(rows.length);
    // The refused argument delete changed nothing either.
    expect(await row(ctx.deps.db, sql`SELECT 1 AS one FROM arguments WHERE id = ${w.argIds[0]} AND deleted_at IS NULL`)).toBeTruthy();
  });
});

describe('discounts', () => {
  it('set, edited, removed by value 0 and deleted: each with the discount before and after', async () => {
    const task = await manualTask(ctx, w, { price: 100 });
    const set = (body: object) => call('POST', '/api/v1/discounts/discount', w.admin, { taskId: String(task), ...body });

    expect((await set({ type: 'GLOBAL', discountValue: 10, availableValue: null })).statusCode).toBe(200);
    expect((await set({ type: 'GLOBAL', discountValue: 20, availableValue: 5 })).statusCode).toBe(200);
    const local = await set({ type: 'LOCAL', discountValue: 15, availableValue: 1, telegramId: String(STUDENT) });
    expect(local.statusCode).toBe(200);
    const localId = idOf(local);
    const sets = await auditRows(ctx.deps, 'discount.set', `task:${task}`);
    const global10 = { type: 'GLOBAL', discountValue: 10, availableValue: null, telegramId: null, taskId: String(task), validFrom: null, validTo: null };
    expect(sets).toEqual([
      { adminId: ADMIN_ID, target: `task:${task}`, userId: null, before: null, after: global10 },
      { adminId: ADMIN_ID, target: `task:${task}`, userId: null, before: global10, after: { ...global10, discountValue: 20, availableValue: 5 } },
      {
        adminId: ADMIN_ID, target: `task:${task}`, userId: STUDENT, before: null,
        after: { ...global10, type: 'LOCAL', discountValue: 15, availableValue: 1, telegramId: String(STUDENT) },
      },
    ]);

    expect((await call('PATCH', `/api/v1/discounts/${localId}`, w.admin, { discountValue: 30 })).statusCode).toBe(200);
    expect(await auditRows(ctx.deps, 'discount.edit', `discount:${localId}`)).toEqual([
      expect.objectContaining({ userId: STUDENT, before: expect.objectContaining({ discountValue: 15 }), after: expect.objectContaining({ discountValue: 30 }) }),
    ]);

    // Value 0 removes the GLOBAL one; DELETE ends the LOCAL one.
    expect((await set({ type: 'GLOBAL', discountValue: 0, availableValue: null })).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/discounts/${localId}`)).statusCode).toBe(200);
    const deletes = (await auditRows(ctx.deps, 'discount.delete')).filter((r) => r.before?.taskId === String(task));
    expect(deletes.map((r) => [r.before?.type, r.before?.discountValue, r.after])).toEqual([
      ['GLOBAL', 20, null],
      ['LOCAL', 30, null],
    ]);

    // Refused: nothing left to delete or edit, a task that does not exist, a student.
    expect((await call('DELETE', `/api/v1/discounts/${localId}`)).json()).toEqual({ message: MSG.discountNotFound });
    expect((await call('PATCH', `/api/v1/discounts/${localId}`, w.admin, { discountValue: 40 })).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/discounts/discount', w.admin, { taskId: '999999', type: 'GLOBAL', discountValue: 5, availableValue: null })).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/discounts/discount', w.student, { taskId: String(task), type: 'GLOBAL', discountValue: 90, availableValue: null })).statusCode).toBe(403);
    expect((await auditRows(ctx.deps, 'discount.delete')).filter((r) => r.before?.taskId === String(task))).toHaveLength(2);
    expect(await auditRows(ctx.deps, 'discount.edit')).toHaveLength(1);
    expect(await auditRows(ctx.deps, 'discount.set', `task:${task}`)).toHaveLength(3);
  });

  it('a bulk set is one row naming every task and user', async () => {
    const [a, b] = [await manualTask(ctx, w), await manualTask(ctx, w)];
    const res = await call('POST', '/api/v1/discounts/bulk', w.admin, { type: 'LOCAL', taskIds: [String(a), String(b)], telegramIds: [String(STUDENT)], discountValue: 25, availableValue: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditRows(ctx.deps, 'discount.set', `tasks:${a},${b}`)).toEqual([
      {
        adminId: ADMIN_ID, target: `tasks:${a},${b}`, userId: STUDENT, before: null,
        after: { type: 'LOCAL', discountValue: 25, availableValue: 2, validFrom: null, validTo: null, telegramIds: [String(STUDENT)], created: 2, updated: 0 },
      },
    ]);
    const refused = await call('POST', '/api/v1/discounts/bulk', w.admin, { type: 'LOCAL', taskIds: [String(a), '999999'], telegramIds: [String(STUDENT)], discountValue: 25, availableValue: 2 });
    expect(refused.statusCode).toBe(404);
    expect(await auditRows(ctx.deps, 'discount.set', `tasks:${a},999999`)).toEqual([]);
  });
});

describe('templates', () => {
  it("an admin's upload is recorded with the file it replaced; the task's own developer's is not", async () => {
    const task = await autoTask(ctx, w); // uploaded by its developer
    expect(await auditRows(ctx.deps, 'template.change', `task:${task}`)).toEqual([]);
    const res = await uploadTemplate(ctx, w.admin, task, minimalDocx(['{ПІБ}: варіант {Варіант}']), 'новий.docx');
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditRows(ctx.deps, 'template.change', `task:${task}`)).toEqual([
      { adminId: ADMIN_ID, target: `task:${task}`, userId: null, before: { fileName: 'шаблон.docx' }, after: { fileName: 'новий.docx', tags: ['ПІБ', 'Варіант'] } },
    ]);
    // Refused: a tag the task has no argument for.
    const bad = await uploadTemplate(ctx, w.admin, task, minimalDocx(['{Чого немає}']), 'поганий.docx');
    expect(bad.statusCode).toBe(400);
    expect(await auditRows(ctx.deps, 'template.change', `task:${task}`)).toHaveLength(1);
  });
});

describe('broadcasts', () => {
  it('a broadcast is one row with its audience and how many it was queued for; a refused one writes none', async () => {
    const send = (course: string, message: string) => {
      const { payload, headers } = multipart([{ name: 'courseNumber', value: course }, { name: 'message', value: message }]);
      return ctx.app.inject({ method: 'POST', url: '/api/v1/notifications/alarm', headers: { ...auth(w.admin), ...headers }, payload });
    };
    const res = await send('all', 'Сервіс оновлено');
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    const queued = Number((await row<{ n: number | string }>(ctx.deps.db, sql`SELECT count(*) AS n FROM outbox WHERE kind = 'broadcast'`))!.n);
    expect(await auditRows(ctx.deps, 'broadcast.send')).toEqual([
      { adminId: ADMIN_ID, target: `broadcast:${id}`, userId: null, before: null, after: { audience: 'all', recipients: queued, files: 0, message: 'Сервіс оновлено' } },
    ]);
    expect((await send('all', '   ')).statusCode).toBe(400);
    expect(await auditRows(ctx.deps, 'broadcast.send')).toHaveLength(1);
  });
});
