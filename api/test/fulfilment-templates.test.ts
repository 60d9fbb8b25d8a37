import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { sql } from 'drizzle-orm';
import { MSG, TEMPLATE_MAX_BYTES } from '@zalik/contract';
import { Sandbox } from '../src/modules/generators/sandbox.js';
import { auth, createTestContext, type TestContext } from './helpers.js';
import { makeTask } from './fixtures.js';
import { docxText, minimalDocx, multipart } from './docx.js';
import { DEV, STUDENT, autoTask, blobCount, buy, count, createWorld, download, topUp, uploadTemplate, type World, NO_RATE_LIMITS } from './purchase-world.js';

let ctx: TestContext;
let w: World;
let regular: number;
let test: number;

beforeAll(async () => {
  ctx = await createTestContext(NO_RATE_LIMITS);
  w = await createWorld(ctx);
  regular = await autoTask(ctx, w, { template: false, price: 20 });
  test = await makeTask(ctx.database.db, {
    teacherId: w.teacherId,
    developerId: DEV,
    title: 'Тест з фізики',
    type: 'TEST',
    price: 20,
    autoGenerate: true,
    identifier: 'docx-template',
    argumentIds: [w.questionArgId],
  });
  await topUp(ctx.database.db, STUDENT, 1000);
});
afterAll(() => ctx.close());

const REGULAR_OK = ['Студент: {ПІБ}', 'Варіант: { Варіант }'];
const TEST_OK = ['Відповіді:', '{#answers}', '{number}. {value}', '{/answers}', 'Усього: {Питання}'];

describe('uploading a template', () => {
  it('accepts a matching template from the task developer and reports its tags', async () => {
    const res = await uploadTemplate(ctx, w.dev, regular, minimalDocx(REGULAR_OK), 'Шаблон лаби.docx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fileName: 'Шаблон лаби.docx', tags: ['ПІБ', 'Варіант'], uploadedAt: expect.any(String) });
    const info = await ctx.app.inject({ method: 'GET', url: `/api/v1/tasks/${regular}/template`, headers: auth(w.admin) });
    expect(info.statusCode).toBe(200);
    expect(info.json().tags).toEqual(['ПІБ', 'Варіант']);
  });

  it('answers 404 for a task without a template', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/tasks/${test}/template`, headers: auth(w.dev) });
    expect([res.statusCode, res.json().message]).toEqual([404, MSG.templateMissingForTask]);
  });

  it('replaces the old template; the old file stays in the template library as an entry of its own', async () => {
    const blobs = await blobCount(ctx);
    const res = await uploadTemplate(ctx, w.admin, regular, minimalDocx([...REGULAR_OK, 'Друга версія']));
    expect(res.statusCode).toBe(200);
    expect(await blobCount(ctx)).toBe(blobs + 1);
    expect(await count(ctx.database.db, 'task_templates', sql`task_id = ${regular}`)).toBe(1);
  });

  it('refuses another developer and a student', async () => {
    for (const token of [w.otherDev, w.student]) {
      const res = await uploadTemplate(ctx, token, regular, minimalDocx(REGULAR_OK));
      expect([res.statusCode, res.json().message]).toEqual([403, MSG.onlyTemplateOwner]);
      const info = await ctx.app.inject({ method: 'GET', url: `/api/v1/tasks/${regular}/template`, headers: auth(token) });
      expect(info.statusCode).toBe(403);
    }
  });

  it('refuses what is not a DOCX', async () => {
    const zip = new PizZip();
    zip.file('hello.txt', 'hi');
    for (const bytes of [Buffer.from('plain text, not a zip'), zip.generate({ type: 'nodebuffer' })]) {
      const res = await uploadTemplate(ctx, w.dev, regular, bytes);
      expect([res.statusCode, res.json().message]).toEqual([400, MSG.templateNotDocx]);
    }
  });

  it('refuses a zip bomb before unpacking it in full', async () => {
    const zip = new PizZip(minimalDocx(['{ПІБ} {Варіант}']));
    zip.file('word/padding.xml', ' '.repeat(110 * 1024 * 1024));
    const bomb = zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(TEMPLATE_MAX_BYTES);
    const res = await uploadTemplate(ctx, w.dev, regular, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Шаблон містить помилку: розпакований документ завеликий/);
  });

  it('refuses a broken template in Ukrainian, naming the tag and the paragraph it is in', async () => {
    const refusal = async (lines: string[]) => {
      const res = await uploadTemplate(ctx, w.dev, regular, minimalDocx(lines));
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await refusal(['Студент: {ПІБ', 'Варіант: {Варіант}'])).toBe(
      MSG.templateInvalid(`${MSG.templateUnclosedTag('{ПІБ')} (${MSG.templatePlace('основний текст', 1, 'Студент: {ПІБ')})`),
    );
    expect(await refusal(['Вступ', 'Студент: {ПІБ}', 'Варіант & група: Варіант}'])).toBe(
      MSG.templateInvalid(`${MSG.templateUnopenedTag('Варіант}')} (${MSG.templatePlace('основний текст', 3, 'Варіант & група: Варіант}')})`),
    );
    expect(await refusal(['{#ПІБ}', '{Варіант}'])).toBe(
      MSG.templateInvalid(`${MSG.templateUnclosedLoop('ПІБ')} (${MSG.templatePlace('основний текст', 1, '{#ПІБ}')})`),
    );
    expect(await refusal(['{/ПІБ} {Варіант}'])).toBe(
      MSG.templateInvalid(`${MSG.templateUnopenedLoop('ПІБ')} (${MSG.templatePlace('основний текст', 1, '{/ПІБ} {Варіант}')})`),
    );
    expect(await refusal(['{#ПІБ}{Варіант}{/Варіант}'])).toBe(
      MSG.templateInvalid(`${MSG.templateLoopMismatch('ПІБ', 'Варіант')} (${MSG.templatePlace('основний текст', 1, '{#ПІБ}{Варіант}{/Варіант}')})`),
    );
    // None of docxtemplater's English reaches the uploader.
    for (const lines of [['{{ПІБ}', '{Варіант}'], ['{ПІБ}}', '{Варіант}'], ['{#ПІБ}{/Варіант}']]) {
      expect(await refusal(lines)).not.toMatch(/[A-Za-z]{4,}/);
    }
  });

  it('names the missing and the extra tags', async () => {
    const res = await uploadTemplate(ctx, w.dev, regular, minimalDocx(['{ПІБ}', '{Група}', '{Дата}']));
    expect([res.statusCode, res.json().message]).toEqual([400, MSG.templateTags(['Варіант'], ['Група', 'Дата'])]);
  });

  it('refuses raw XML tags (student text must never become document XML)', async () => {
    const res = await uploadTemplate(ctx, w.dev, regular, minimalDocx(['{ПІБ}', '{@Варіант}']));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('@Варіант');
  });

  it('checks TEST templates for the answers loop, once, not nested', async () => {
    const none = await uploadTemplate(ctx, w.dev, test, minimalDocx(['{Питання}']));
    expect([none.statusCode, none.json().message]).toEqual([400, MSG.templateTags(['#answers'], [])]);
    const outside = await uploadTemplate(ctx, w.dev, test, minimalDocx(['{#answers}{value}{/answers}', '{number}']));
    expect(outside.json().message).toBe(MSG.templateTags([], ['number']));
    const nested = await uploadTemplate(ctx, w.dev, test, minimalDocx(['{#answers}{#answers}{value}{/answers}{/answers}']));
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toMatch(/^Шаблон містить помилку/);
    const ok = await uploadTemplate(ctx, w.dev, test, minimalDocx(TEST_OK));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tags).toEqual(['answers', 'number', 'value', 'Питання']);
  });

  it('refuses a request without a file and a file over 10 MB', async () => {
    const form = multipart([{ name: 'message', value: 'no file' }]);
    const none = await ctx.app.inject({ method: 'PUT', url: `/api/v1/tasks/${regular}/template`, headers: { ...auth(w.dev), ...form.headers }, payload: form.payload });
    expect([none.statusCode, none.json().message]).toEqual([400, MSG.templateRequired]);
    const big = await uploadTemplate(ctx, w.dev, regular, Buffer.alloc(TEMPLATE_MAX_BYTES + 1));
    expect([big.statusCode, big.json().message]).toEqual([413, MSG.templateTooBig]);
    const json = await ctx.app.inject({ method: 'PUT', url: `/api/v1/tasks/${regular}/template`, headers: auth(w.dev), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('is documented in OpenAPI as a multipart upload', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const put = doc.paths['/api/v1/tasks/{id}/template'].put;
    expect(put.requestBody.content['multipart/form-data'].schema.properties.file).toBeDefined();
    const save = doc.paths['/api/v1/histories/history/{id}/developer/save-file'].patch;
    expect(save.requestBody.content['multipart/form-data'].schema.properties.file).toBeDefined();
  });
});

describe('generating from a template', () => {
  it('fills a TEST template with the numbered answers (Cyrillic, special characters escaped)', async () => {
    const res = await buy(ctx, w.student, test, ['Сила — це F = m·a', 'Відповідь <б> & "в"  ', 'Третя']);
    expect(res.statusCode).toBe(200);
    const file = await download(ctx, res.json().link);
    expect(docxText(file.rawPayload)).toBe(
      'Відповіді:\n1. Сила — це F = m·a\n2. Відповідь <б> & "в"\n3. Третя\nУсього: Сила — це F = m·a; Відповідь <б> & "в"; Третя',
    );
    expect(res.json().fileName).toBe('Тест з фізики.docx');
  });

  it('refuses a TEST purchase with no answers or an empty one', async () => {
    for (const args of [[], ['перша', '   '], ['']]) {
      const res = await buy(ctx, w.student, test, args);
      expect([res.statusCode, res.json().message]).toEqual([400, MSG.argumentEmpty]);
    }
  });

  it('never evaluates a tag as code or reaches object internals', async () => {
    const task = await autoTask(ctx, w, { template: false, price: 1 });
    // With a matching template uploaded, fill it with hostile-looking values.
    expect((await uploadTemplate(ctx, w.dev, task, minimalDocx(['{ПІБ}|{Варіант}']))).statusCode).toBe(200);
    const res = await buy(ctx, w.student, task, ['{constructor}', '{__proto__}']);
    const file = await download(ctx, res.json().link);
    expect(docxText(file.rawPayload)).toBe('{constructor}|{__proto__}');
  });
});

describe('the render sandbox', () => {
  it('kills a render over its time limit and keeps working', async () => {
    const slow = new Sandbox({ size: 1, timeoutMs: 1, maxOutputBytes: 1 << 20, maxHeapMb: 64 });
    const template = minimalDocx(['{#answers}{value}{/answers}']);
    const data = { answers: Array.from({ length: 50_000 }, (_, i) => ({ value: `answer ${i}` })) };
    await expect(slow.render(template, data)).rejects.toMatchObject({ reason: 'timeout' });
    await slow.close();
    const small = new Sandbox({ size: 1, timeoutMs: 10_000, maxOutputBytes: 100, maxHeapMb: 64 });
    await expect(small.render(template, { answers: [] })).rejects.toMatchObject({ reason: 'too-large' });
    await small.close();
    const ok = new Sandbox({ size: 1, timeoutMs: 10_000, maxOutputBytes: 1 << 20, maxHeapMb: 64 });
    expect(docxText(await ok.render(template, { answers: [{ value: 'a' }, { value: 'b' }] }))).toBe('ab');
    await ok.close();
  });
});
