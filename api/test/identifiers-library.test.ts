/**
 * The template library's housekeeping: a deleted entry's file leaves the store once the delete
 * has committed and no task's template still uses it, and every admin change to the library
 * writes an audit row (docs/SECURITY.md "Audit trail"). Runs on local disk and, in the s3
 * project, on a bucket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { ADMIN_ID, auth, type TestContext } from './helpers.js';
import { auditRows } from './audit-helpers.js';
import { minimalDocx, multipart } from './docx.js';
import { autoTask, openWorld, type World } from './purchase-world.js';

let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ({ ctx, w } = await openWorld());
});
afterAll(() => ctx.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const form = (method: 'POST' | 'PUT', url: string, parts: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(parts);
  return ctx.app.inject({ method, url, headers: { ...auth(w.admin), ...headers }, payload });
};
const add = async (name: string, lines: string[]) => {
  const res = await form('POST', '/api/v1/identifiers/identifier', [
    { name: 'name', value: name },
    { name: 'description', value: 'Титульна' },
    { name: 'file', filename: `${name}.docx`, contentType: DOCX, value: minimalDocx(lines) },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};
const remove = (id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/v1/identifiers/${id}`, headers: auth(w.admin) });
const blobOf = async (id: string) => (await row<{ blob_id: string }>(ctx.database.db, sql`SELECT blob_id FROM identifiers WHERE id = ${Number(id)}`))!.blob_id;
const stored = async (blobId: string) => {
  for await (const b of ctx.deps.blobs.list()) if (b.id === blobId) return true;
  return false;
};

describe('deleting an entry', () => {
  it('removes its file from the store; the list no longer shows it', async () => {
    const id = await add('Титулка', ['{ПІБ}']);
    const blob = await blobOf(id);
    expect(await stored(blob)).toBe(true);
    expect((await remove(id)).statusCode).toBe(200);
    expect(await stored(blob)).toBe(false);
    await expect(ctx.deps.blobs.get(blob)).rejects.toThrow();
  });

  it('keeps the file while a task still uses it: refused for a live task, kept for an archived one', async () => {
    const task = await autoTask(ctx, w, { title: 'Лабораторна з бібліотеки' });
    const entry = String((await row<{ identifier_id: number }>(ctx.database.db, sql`SELECT identifier_id FROM tasks WHERE id = ${task}`))!.identifier_id);
    const blob = await blobOf(entry);

    const refused = await remove(entry);
    expect([refused.statusCode, refused.json().message]).toEqual([409, MSG.identifierInUse(['«Лабораторна з бібліотеки»'])]);
    expect(await stored(blob)).toBe(true);

    // Archived, the task still reads its template when an old order is generated again.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/tasks/${task}`, headers: auth(w.admin) })).statusCode).toBe(200);
    expect((await remove(entry)).statusCode).toBe(200);
    expect(await stored(blob)).toBe(true);
    expect(Buffer.isBuffer(await ctx.deps.blobs.get(blob))).toBe(true);
  });

  it('a delete refused for an unknown entry removes nothing', async () => {
    const res = await remove('999999');
    expect([res.statusCode, res.json().message]).toEqual([404, MSG.identifierNotFound]);
  });
});

describe('the audit trail of the library', () => {
  it('records who added, changed, refreshed and deleted an entry, with what it was and became', async () => {
    const id = await add('Звіт', ['{ПІБ}', '{Варіант}']);
    const target = `identifier:${id}`;
    expect(await auditRows(ctx.deps, 'identifier.create', target)).toEqual([
      { adminId: ADMIN_ID, target, userId: null, before: null, after: { name: 'Звіт', description: 'Титульна', kind: 'DOCX', fileName: 'Звіт.docx' } },
    ]);

    const renamed = await form('PUT', `/api/v1/identifiers/identifier/${id}`, [
      { name: 'name', value: 'Звіт 2026' },
      { name: 'file', filename: 'новий.docx', contentType: DOCX, value: minimalDocx(['{ПІБ}']) },
    ]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const refreshed = await ctx.app.inject({ method: 'PUT', url: `/api/v1/identifiers/identifier/${id}`, headers: auth(w.admin) });
    expect(refreshed.statusCode).toBe(200);
    expect(await auditRows(ctx.deps, 'identifier.update', target)).toEqual([
      {
        adminId: ADMIN_ID, target, userId: null,
        before: { name: 'Звіт', description: 'Титульна', kind: 'DOCX', fileName: 'Звіт.docx' },
        after: { name: 'Звіт 2026', description: 'Титульна', kind: 'DOCX', fileName: 'новий.docx', tags: ['ПІБ'] },
      },
      {
        adminId: ADMIN_ID, target, userId: null,
        before: { name: 'Звіт 2026', description: 'Титульна', kind: 'DOCX', fileName: 'новий.docx' },
        after: { name: 'Звіт 2026', description: 'Титульна', kind: 'DOCX', fileName: 'новий.docx', tags: ['ПІБ'] },
      },
    ]);

    expect((await remove(id)).statusCode).toBe(200);
    expect(await auditRows(ctx.deps, 'identifier.delete', target)).toEqual([
      { adminId: ADMIN_ID, target, userId: null, before: { name: 'Звіт 2026', description: 'Титульна', kind: 'DOCX', fileName: 'новий.docx' }, after: null },
    ]);
  });

  it('a refused change writes no row', async () => {
    const id = await add('Бланк', ['{ПІБ}']);
    const bad = await form('PUT', `/api/v1/identifiers/identifier/${id}`, [{ name: 'file', filename: 'x.docx', contentType: DOCX, value: Buffer.from('not a docx') }]);
    expect(bad.statusCode).toBe(400);
    const generator = await form('POST', '/api/v1/identifiers/identifier', [{ name: 'name', value: 'unknown-generator' }, { name: 'description', value: '' }]);
    expect(generator.statusCode).toBe(400);
    expect(await auditRows(ctx.deps, 'identifier.update', `identifier:${id}`)).toEqual([]);
    expect((await auditRows(ctx.deps, 'identifier.create')).filter((r) => r.after?.name === 'unknown-generator')).toEqual([]);
  });
});
