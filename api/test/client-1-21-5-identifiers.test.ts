/**
 * The template library ("identifiers") as the newest client (1.21.5) runs it: list, add (a DOCX
 * or a built-in generator's name), refresh, delete, and a task pointing at an entry; each call
 * sent as that client builds it (client-1-21-5.ts). Migration 0057, which moved every task's own
 * template into the library, is tested in identifiers-migration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { rows } from '../src/db/client.js';
import { newestClient } from './client-1-21-5.js';
import { docxText, minimalDocx } from './docx.js';
import type { TestContext } from './helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { DEV, STUDENT, autoTask, download, manualTask, openWorld, topUp, uploadTemplate, type World } from './purchase-world.js';

let ctx: TestContext;
let w: World;
let client: ReturnType<typeof newestClient>;

beforeAll(async () => {
  ({ ctx, w } = await openWorld());
  client = newestClient(ctx.app);
  await topUp(ctx.database.db, STUDENT, 1_000);
});
afterAll(() => ctx.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** getIdentifiers(page): `?page&limit=5`, reads content and last. */
const library = async (page = 0) => (await client.json(w.admin, 'GET', `/api/v1/identifiers?page=${page}&limit=5`)).json();
/** postIdentifier(identifier): name, description, then the file when one was picked. */
const add = (name: string, description: string, file?: Buffer) =>
  client.form(w.admin, 'POST', '/api/v1/identifiers/identifier', [
    { name: 'name', value: name },
    { name: 'description', value: description },
    ...(file ? [{ name: 'file', filename: 'Титулка.docx', contentType: DOCX, value: file }] : []),
  ]);

describe('the library (choose-identifier, add-identifier)', () => {
  it('adds a DOCX template (named after its file when the name is empty) and a built-in generator by name', async () => {
    const file = await add('', 'Титульна сторінка', minimalDocx(['Студент: {ПІБ}', 'Варіант №{Варіант}']));
    expect(file.statusCode).toBe(201);
    expect(file.json()).toMatchObject({ id: expect.any(String), name: 'Титулка', type: 'DOCX', description: 'Титульна сторінка', fileName: 'Титулка.docx', tags: ['ПІБ', 'Варіант'], tasks: 0 });
    const named = await add('docx-template', 'Вбудований генератор');
    expect(named.json()).toMatchObject({ name: 'docx-template', type: 'GENERATOR', fileName: null });
    const unknown = await add('my-generator', '');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MSG.generatorUnknown(['docx-template']));
    const broken = await add('', '', Buffer.from('not a docx'));
    expect([broken.statusCode, broken.json().message]).toEqual([400, MSG.templateNotDocx]);
    const page = await library();
    expect(page).toMatchObject({ last: true, content: [{ name: 'docx-template' }, { name: 'Титулка', createdAt: expect.any(String) }] });
    expect((await client.json(w.student, 'GET', '/api/v1/identifiers?page=0&limit=5')).statusCode).toBe(403);
  });

  it('a task chosen to use an entry generates with it; the task list shows the entry as `identifier`', async () => {
    const entry = (await library()).content.find((i: { name: string }) => i.name === 'Титулка');
    const res = await client.json(w.admin, 'POST', '/api/v1/tasks/task', {
      title: 'Лабораторна з шаблону', description: '', price: 100, type: 'REGULAR', identifierId: entry.id, developerTelegramId: String(DEV),
      autoGenerate: true, teacherId: String(w.teacherId), arguments: w.argIds.map(String),
    });
    expect(res.statusCode, res.body).toBe(201);
    const taskId = res.json().id;
    const page = (await client.json(w.admin, 'GET', `/api/v1/tasks/teacher/${w.teacherId}?page=0&limit=10`)).json();
    expect(page.content.find((t: { id: string }) => t.id === taskId)).toMatchObject({ identifier: { id: entry.id, name: 'Титулка', type: 'DOCX' }, hasTemplate: true });
    // 1.8.7 still reads the generator's name there.
    expect((await client.json(w.admin, 'GET', `/api/v1/tasks/teacher/${w.teacherId}`)).json().find((t: { id: string }) => t.id === taskId)).toMatchObject({
      identifier: 'docx-template',
      template: { id: entry.id },
    });
    const bought = await client.json(w.student, 'POST', '/api/v1/tasks/process', { taskId, arguments: ['Бойко О. О.', '4'] });
    expect(bought.statusCode).toBe(200);
    expect(docxText((await download(ctx, bought.json().link)).rawPayload)).toBe('Студент: Бойко О. О.\nВаріант №4');
    expect((await library()).content.find((i: { id: string }) => i.id === entry.id).tasks).toBe(1);
    await expectLedgerBalanced(ctx.deps);
  });

  it('refuses an entry that does not fit the task, and a new file that no longer fits a task using it', async () => {
    const entry = (await library()).content.find((i: { name: string }) => i.name === 'Титулка');
    const manual = await manualTask(ctx, w);
    const one = await client.json(w.admin, 'PUT', '/api/v1/tasks/task', {
      id: String(manual), title: 'Курсова робота', description: '', price: 250, type: 'REGULAR', identifierId: entry.id, developerTelegramId: String(DEV),
      autoGenerate: true, visible: true, teacherId: String(w.teacherId), arguments: [String(w.argIds[0])],
    });
    expect([one.statusCode, one.json().message]).toEqual([400, MSG.templateTags([], ['Варіант'])]);
    const replaced = await client.form(w.admin, 'PUT', `/api/v1/identifiers/identifier/${entry.id}`, [
      { name: 'file', filename: 'Нова.docx', contentType: DOCX, value: minimalDocx(['Лише {ПІБ}']) },
    ]);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().message).toBe(MSG.identifierDoesNotFit('Лабораторна з шаблону', MSG.templateTags(['Варіант'], [])));
  });

  it('a new file reaches every task using the entry; putIdentifier with no body checks the stored file again', async () => {
    const entry = (await library()).content.find((i: { name: string }) => i.name === 'Титулка');
    const replaced = await client.form(w.admin, 'PUT', `/api/v1/identifiers/identifier/${entry.id}`, [
      { name: 'file', filename: 'Титулка 2.docx', contentType: DOCX, value: minimalDocx(['Виконав: {ПІБ}, варіант {Варіант}']) },
    ]);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ fileName: 'Титулка 2.docx', tasks: 1 });
    const task = (await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM tasks WHERE identifier_id = ${Number(entry.id)}`))[0]!;
    const bought = await client.json(w.student, 'POST', '/api/v1/tasks/process', { taskId: String(task.id), arguments: ['Бойко О. О.', '5'] });
    expect(docxText((await download(ctx, bought.json().link)).rawPayload)).toBe('Виконав: Бойко О. О., варіант 5');
    // putIdentifier(identifierId): PUT with no body.
    const refreshed = await client.json(w.admin, 'PUT', `/api/v1/identifiers/identifier/${entry.id}`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ id: entry.id, tags: ['ПІБ', 'Варіант'] });
  });

  it('deleteIdentifier(id): refused while a task uses it, done once none does', async () => {
    const [generator, entry] = (await library()).content as { id: string; name: string }[];
    const used = await client.json(w.admin, 'DELETE', `/api/v1/identifiers/${entry!.id}`);
    expect([used.statusCode, used.json().message]).toEqual([409, MSG.identifierInUse(['«Лабораторна з шаблону»'])]);
    expect((await client.json(w.admin, 'DELETE', `/api/v1/identifiers/${generator!.id}`)).statusCode).toBe(200);
    expect((await library()).content.map((i: { id: string }) => i.id)).not.toContain(generator!.id);
    const gone = await client.json(w.admin, 'PUT', `/api/v1/identifiers/identifier/${generator!.id}`);
    expect([gone.statusCode, gone.json().message]).toEqual([404, MSG.identifierNotFound]);
  });

  it("a task's own upload (PUT /tasks/{id}/template) becomes an entry of the library too", async () => {
    const id = await autoTask(ctx, w, { title: 'Розрахункова' });
    expect((await library()).content.find((i: { description: string }) => i.description === MSG.identifierOfTask('Розрахункова'))).toMatchObject({ tasks: 1, type: 'DOCX' });
    const again = await uploadTemplate(ctx, w.dev, id, minimalDocx(['{ПІБ}: {Варіант}']), 'друга.docx');
    expect(again.statusCode).toBe(200);
    const entries = (await library()).content.filter((i: { description: string }) => i.description === MSG.identifierOfTask('Розрахункова'));
    expect(entries.map((i: { name: string; tasks: number }) => [i.name, i.tasks])).toEqual([['друга', 1], ['шаблон', 0]]);
  });
});
