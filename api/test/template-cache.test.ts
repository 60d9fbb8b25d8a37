/**
 * Templates are opened once, not per purchase: each sandbox worker keeps the stored templates
 * it has checked (by blob id, bounded, least recently used out first), the API thread keeps a
 * small copy of their bytes, and a purchase reads its template's row with its task. Counted
 * through the Sandbox's own counters, a wrapped BlobStore and the statements sent, never timed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, ORDER_MAX_FILE_BYTES } from '@zalik/contract';
import { row } from '../src/db/client.js';
import type { BlobStore } from '../src/ports/blob-store.js';
import { Sandbox, type StoredTemplate } from '../src/modules/generators/sandbox.js';
import { TemplateBytes } from '../src/modules/generators/template-bytes.js';
import { auth, createTestContext, type TestContext } from './helpers.js';
import { docxText, minimalDocx } from './docx.js';
import { NO_RATE_LIMITS, STUDENT, autoTask, buy, createWorld, download, topUp, uploadTemplate, type World } from './purchase-world.js';

/** A stored template whose bytes() calls are counted (what a BlobStore read would be). */
function stored(id: string, bytes: Buffer): StoredTemplate & { reads: number } {
  const t = {
    id,
    reads: 0,
    bytes: async () => {
      t.reads++;
      return bytes;
    },
  };
  return t;
}

const sandboxes: Sandbox[] = [];
function sandbox(opts: { size?: number; cacheTemplates?: number; cacheBytes?: number; maxUnpackedBytes?: number } = {}): Sandbox {
  const s = new Sandbox({ size: 1, timeoutMs: 10_000, maxOutputBytes: ORDER_MAX_FILE_BYTES, maxHeapMb: 128, ...opts });
  sandboxes.push(s);
  return s;
}
afterAll(() => Promise.all(sandboxes.map((s) => s.close())));

describe('a sandbox worker keeps the templates it checked', () => {
  it('renders a stored template twice from one copy: its bytes are read and sent once, each render starts afresh', async () => {
    const s = sandbox();
    const t = stored('a', minimalDocx(['Студент: {ПІБ}']));
    expect(docxText(await s.render(t, { ПІБ: 'Коваль' }))).toBe('Студент: Коваль');
    expect(docxText(await s.render(t, { ПІБ: 'Шевченко' }))).toBe('Студент: Шевченко');
    expect(t.reads).toBe(1);
    expect(s.stats).toEqual({ templatesSent: 1, keptRenders: 1 });
    expect(s.keptTemplates()).toEqual([['a']]);
  });

  it('another blob id is another template: its new content renders at once', async () => {
    const s = sandbox();
    expect(docxText(await s.render(stored('old', minimalDocx(['Старий: {x}'])), { x: '1' }))).toBe('Старий: 1');
    expect(docxText(await s.render(stored('new', minimalDocx(['Новий: {x}'])), { x: '2' }))).toBe('Новий: 2');
    expect(s.stats.templatesSent).toBe(2);
  });

  it('keeps at most cacheTemplates, the least recently used leaving first', async () => {
    const s = sandbox({ cacheTemplates: 2 });
    const t = { a: stored('a', minimalDocx(['A{x}'])), b: stored('b', minimalDocx(['B{x}'])), c: stored('c', minimalDocx(['C{x}'])) };
    for (const k of ['a', 'b', 'a', 'c'] as const) expect(docxText(await s.render(t[k], { x: k }))).toBe(`${k.toUpperCase()}${k}`);
    expect(s.keptTemplates()).toEqual([['a', 'c']]);
    expect(s.stats).toEqual({ templatesSent: 3, keptRenders: 1 });
    // b left, so it is sent and checked again.
    expect(docxText(await s.render(t.b, { x: 'b' }))).toBe('Bb');
    expect([t.a.reads, t.b.reads, t.c.reads]).toEqual([1, 2, 1]);
    expect(s.keptTemplates()).toEqual([['c', 'b']]);
  });

  it('keeps at most cacheBytes, and never a template larger than that', async () => {
    const a = minimalDocx(['A{x}']);
    const b = minimalDocx(['B{x}']);
    const s = sandbox({ cacheBytes: a.length + b.length - 1 });
    await s.render(stored('a', a), { x: '' });
    await s.render(stored('b', b), { x: '' });
    expect(s.keptTemplates()).toEqual([['b']]);
    const big = minimalDocx(['{x}' + 'довгий текст '.repeat(20_000)]);
    expect(big.length).toBeGreaterThan(a.length + b.length);
    const t = stored('big', big);
    expect(docxText(await s.render(t, { x: 'так' }))).toMatch(/^такдовгий/);
    expect(docxText(await s.render(t, { x: 'ні' }))).toMatch(/^нідовгий/);
    expect(t.reads).toBe(2);
    expect(s.keptTemplates()).toEqual([['b']]);
  });

  it('keeps nothing with cacheTemplates 0', async () => {
    const s = sandbox({ cacheTemplates: 0 });
    const t = stored('a', minimalDocx(['{x}']));
    await s.render(t, { x: '1' });
    await s.render(t, { x: '2' });
    expect([t.reads, s.stats.templatesSent, s.keptTemplates()]).toEqual([2, 2, [[]]]);
  });

  it('still refuses a template that unpacks past the limit, every time, and keeps none of it', async () => {
    const s = sandbox({ maxUnpackedBytes: 100_000 });
    // Tiny packed, ~300 KB unpacked.
    const bomb = stored('bomb', minimalDocx(['{x}' + 'а'.repeat(150_000)]));
    expect(bomb.bytes.length).toBeLessThan(100_000);
    for (let i = 0; i < 2; i++) await expect(s.render(bomb, { x: '' })).rejects.toMatchObject({ reason: 'unpacked-too-large' });
    expect([bomb.reads, s.stats.templatesSent, s.keptTemplates()]).toEqual([2, 2, [[]]]);
    // The worker goes on with a good one.
    expect(docxText(await s.render(stored('ok', minimalDocx(['{x}'])), { x: 'так' }))).toBe('так');
  });

  it('sends a kept template to an idle worker that has it, and to another worker once', async () => {
    const s = sandbox({ size: 2 });
    const t = stored('a', minimalDocx(['{x}']));
    await s.render(t, { x: '1' });
    await s.render(t, { x: '2' });
    expect(s.stats.templatesSent).toBe(1);
    // Three at once: both workers are busy, so the second one gets it too, and keeps it.
    const out = await Promise.all(['3', '4', '5'].map((x) => s.render(t, { x })));
    expect(out.map(docxText)).toEqual(['3', '4', '5']);
    expect(s.stats.templatesSent).toBe(2);
    expect(s.keptTemplates()).toEqual([['a'], ['a']]);
  });

  it('a failed read of the bytes fails that render only', async () => {
    const s = sandbox();
    const missing: StoredTemplate = { id: 'gone', bytes: () => Promise.reject(Object.assign(new Error('no such blob'), { code: 'ENOENT' })) };
    await expect(s.render(missing, {})).rejects.toMatchObject({ code: 'ENOENT' });
    expect(docxText(await s.render(stored('ok', minimalDocx(['{x}'])), { x: 'так' }))).toBe('так');
  });
});

describe("the API thread's copy of template bytes", () => {
  const store = (sizes: Record<string, number>) => {
    const reads: string[] = [];
    const blobs = { get: async (id: string) => (reads.push(id), Buffer.alloc(sizes[id] ?? 0, 1)) } as unknown as BlobStore;
    return { reads, blobs };
  };

  it('reads a blob once for concurrent and later asks', async () => {
    const { reads, blobs } = store({ a: 10 });
    const kept = new TemplateBytes(blobs);
    await Promise.all([kept.get('a'), kept.get('a'), kept.get('a')]);
    await kept.get('a');
    expect(reads).toEqual(['a']);
  });

  it('stays within its bounds, the least recently used leaving first', async () => {
    const { reads, blobs } = store({ a: 10, b: 10, c: 10, big: 100 });
    const kept = new TemplateBytes(blobs, { templates: 2, bytes: 25 });
    for (const id of ['a', 'b', 'a', 'c', 'a', 'b']) await kept.get(id);
    // a b (a) c: b leaves; (a) b: c leaves.
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    expect(kept.size()).toEqual({ templates: 2, bytes: 20 });
    await kept.get('big');
    await kept.get('big');
    expect(reads.filter((id) => id === 'big')).toHaveLength(2);
    expect(kept.size()).toEqual({ templates: 2, bytes: 20 });
  });
});

describe('an auto purchase', () => {
  let ctx: TestContext;
  let w: World;
  let statements: string[] | null = null;
  beforeAll(async () => {
    ctx = await createTestContext(NO_RATE_LIMITS, { logQuery: (text) => statements?.push(text) });
    w = await createWorld(ctx);
  });
  afterAll(() => ctx?.close());

  const templateBlob = async (taskId: number) =>
    (await row<{ blob_id: string }>(ctx.database.db, sql`SELECT blob_id FROM task_templates WHERE task_id = ${taskId}`))!.blob_id;

  it('reads its template with its task, from the BlobStore once, and a replaced template sells at once', async () => {
    const taskId = await autoTask(ctx, w, { price: 10 });
    await topUp(ctx.database.db, STUDENT, 30);
    const get = vi.spyOn(ctx.deps.blobs, 'get');
    try {
      const first = await templateBlob(taskId);
      const texts: string[] = [];
      const counts: number[] = [];
      // The buyer's row then comes from this instance's memory (users/auth-cache.ts), not from a statement.
      expect(ctx.deps.catalogue.isLive).toBe(true);
      for (const variant of ['1', '2']) {
        // Just before each purchase: the cached row is trusted for seconds only, and a loaded
        // machine can take that long between two purchases.
        expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(w.student) })).statusCode).toBe(200);
        statements = [];
        const res = await buy(ctx, w.student, taskId, ['Коваль І. І.', variant]);
        counts.push(statements.length);
        statements = null;
        expect(res.statusCode).toBe(200);
        texts.push(docxText((await download(ctx, res.json().link)).rawPayload));
      }
      expect(texts).toEqual(['Студент: Коваль І. І.\nВаріант №1', 'Студент: Коваль І. І.\nВаріант №2']);
      expect(get.mock.calls.filter(([id]) => id === first)).toHaveLength(1);
      // Everything the purchase decides on (the template's row included), the statement that records it.
      expect(counts).toEqual([2, 2]);
      expect(statements).toBeNull();

      const upload = await uploadTemplate(ctx, w.dev, taskId, minimalDocx(['Новий шаблон: {ПІБ}, {Варіант}']));
      expect(upload.statusCode).toBe(200);
      const second = await templateBlob(taskId);
      expect(second).not.toBe(first);
      const res = await buy(ctx, w.student, taskId, ['Коваль І. І.', '3']);
      expect(res.statusCode).toBe(200);
      expect(docxText((await download(ctx, res.json().link)).rawPayload)).toBe('Новий шаблон: Коваль І. І., 3');
      expect(get.mock.calls.filter(([id]) => id === second)).toHaveLength(1);
    } finally {
      get.mockRestore();
    }
  });

  it('without a template: refused as before, nothing charged', async () => {
    const taskId = await autoTask(ctx, w, { price: 10, template: false });
    await topUp(ctx.database.db, STUDENT, 10);
    const res = await buy(ctx, w.student, taskId, ['Коваль І. І.', '1']);
    expect([res.statusCode, res.json().message]).toEqual([422, MSG.templateMissingForTask]);
  });
});
