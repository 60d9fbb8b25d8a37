import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { createFileLinks } from '../src/modules/files/signing.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';
import { docxText } from './docx.js';
import { STUDENT, autoTask, buy, createWorld, download, manualTask, topUp, type World, NO_RATE_LIMITS } from './purchase-world.js';

let ctx: TestContext;
let w: World;
let link: string;
let fileId: string;

beforeAll(async () => {
  ctx = await createTestContext(NO_RATE_LIMITS);
  w = await createWorld(ctx);
  await topUp(ctx.database.db, STUDENT, 1000);
  const auto = await autoTask(ctx, w, { title: 'Реферат "Історія" / 2026', price: 10 });
  const manual = await manualTask(ctx, w, { price: 20 });
  expect((await buy(ctx, w.student, auto, ['Мельник', '1'])).statusCode).toBe(200);
  expect((await buy(ctx, w.student, manual, ['Мельник', '2'])).statusCode).toBe(200);
  const res = await buy(ctx, w.student, auto, ['Мельник', '3']);
  link = res.json().link;
  fileId = new URL(link).pathname.split('/').pop()!;
});
afterAll(() => ctx.close());

const history = (token: string, telegramId: number | string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${telegramId}${query}`, headers: auth(token) });

describe('purchase history', () => {
  it('is a plain array, newest first, with flat file fields and ids as strings', async () => {
    const res = await history(w.student, STUDENT);
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items).toHaveLength(3);
    expect(items.map((i: { orderStatus: string }) => i.orderStatus)).toEqual(['DONE', 'IN_PROGRESS', 'DONE']);
    // The clients' status beside it: what 1.21.5 shows its download by.
    expect(items.map((i: { status: string }) => i.status)).toEqual(['COMPLETED', 'IN_PROGRESS', 'COMPLETED']);
    expect(Number(items[0].id)).toBeGreaterThan(Number(items[1].id));
    expect(items[0]).toMatchObject({
      taskTitle: 'Реферат "Історія" / 2026',
      subjectName: 'Вища математика',
      fileName: 'Реферат Історія 2026.docx',
      link: expect.stringMatching(/^https:\/\/zalik\.test\/api\/v1\/files\//),
      files: [{ fileName: 'Реферат Історія 2026.docx', link: expect.any(String) }],
      createdAt: expect.any(String),
    });
    expect(items[1]).toMatchObject({ fileName: null, link: null, files: [] });
  });

  it('answers one page {content, last} when asked for one', async () => {
    const ids = (items: { id: string }[]) => items.map((o) => o.id);
    const all = ids((await history(w.student, STUDENT)).json());
    const page0 = (await history(w.student, STUDENT, '?page=0&limit=2')).json();
    expect({ ids: ids(page0.content), last: page0.last }).toEqual({ ids: all.slice(0, 2), last: false });
    const page1 = (await history(w.student, STUDENT, '?page=1&limit=2')).json();
    expect({ ids: ids(page1.content), last: page1.last }).toEqual({ ids: [all[2]], last: true });
  });

  it('is readable by its owner and admins only', async () => {
    const other = await login(ctx.app, { id: 7201, username: 'stranger' });
    expect((await history(other, STUDENT)).statusCode).toBe(403);
    expect((await history(w.dev, STUDENT)).statusCode).toBe(403);
    const asAdmin = await history(w.admin, STUDENT);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toHaveLength(3);
    expect((await history(other, 7201)).json()).toEqual([]);
  });
});

describe('signed download links', () => {
  it('download without a token, as an attachment with a UTF-8 safe name', async () => {
    const res = await download(ctx, link);
    expect(res.statusCode).toBe(200);
    expect(docxText(res.rawPayload)).toContain('Мельник');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_______ _______ 2026.docx"; filename*=UTF-8''${encodeURIComponent('Реферат Історія 2026.docx')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuse a tampered signature, another file id, a changed expiry or a missing signature', async () => {
    const url = new URL(link);
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const tampered = [
      `${url.pathname}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `/api/v1/files/${Number(fileId) - 1}?exp=${exp}&sig=${sig}`,
      `${url.pathname}?exp=${Number(exp) + 300}&sig=${sig}`,
      `${url.pathname}?exp=${exp}`,
      url.pathname,
    ];
    for (const path of tampered) {
      const res = await ctx.app.inject({ method: 'GET', url: path });
      expect([res.statusCode, res.json().message]).toEqual([403, MSG.linkInvalid]);
    }
  });

  it('refuse an expired link even with a valid signature', async () => {
    const links = createFileLinks(ctx.config.jwtSecret, ctx.config.publicUrl);
    const stale = links.link(fileId, { nowMs: Date.now() - 2 * 3600 * 1000 });
    const res = await download(ctx, stale);
    expect([res.statusCode, res.json().message]).toEqual([403, MSG.linkInvalid]);
    const fresh = await download(ctx, links.link(fileId));
    expect(fresh.statusCode).toBe(200);
  });

  it('a link signed with another secret is refused', async () => {
    const foreign = createFileLinks('another-secret', ctx.config.publicUrl).link(fileId);
    const res = await download(ctx, foreign);
    expect(res.statusCode).toBe(403);
  });
});
