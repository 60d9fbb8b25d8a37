/**
 * The file paths of the API on both stores: local disk and an S3 bucket (s3rver over real
 * HTTP). Uploads, generated answers, signed downloads (20 MB, streamed with Content-Length),
 * support attachments, and the sweep of files that no row owns.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_MAX_FILE_BYTES } from '@zalik/contract';
import { ConfigError, loadConfig } from '../src/config.js';
import { rows } from '../src/db/client.js';
import { signV4, EMPTY_SHA256 } from '../src/lib/sigv4.js';
import { isMissingBlob, LocalBlobStore } from '../src/ports/blob-store.js';
import { BLOB_COLUMNS, ORPHAN_MIN_AGE_MS, sweepOnce, sweepOrphanBlobs } from '../src/modules/files/sweep.js';
import { auth, onPostgres } from './helpers.js';
import { docxText, multipart } from './docx.js';
import { STUDENT, autoTask, buy, download, manualTask, openWorld, topUp, type World } from './purchase-world.js';
import type { TestContext } from './helpers.js';

const S3_ENV = { BLOB_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'zalik', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_REGION: 'us-east-1' };

describe('BLOB_STORE configuration', () => {
  it('defaults to local disk and names every S3 variable that is missing', () => {
    expect(loadConfig({}).blobStore).toEqual({ kind: 'local' });
    expect(loadConfig(S3_ENV).blobStore).toMatchObject({ kind: 's3', endpoint: 'http://127.0.0.1:9000', bucket: 'zalik' });
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'zalik' })).toThrow(
      new ConfigError('BLOB_STORE=s3 needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION'),
    );
    expect(() => loadConfig({ BLOB_STORE: 'ftp' })).toThrow(/BLOB_STORE must be local or s3/);
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 's3.amazonaws.com' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => loadConfig({ ...S3_ENV, S3_BUCKET: 'No_Such' })).toThrow(/S3_BUCKET is not a valid bucket name/);
  });

  it('signs requests as AWS documents Signature Version 4 (its published GET Object example)', () => {
    const headers = signV4(
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256, date: new Date('2013-05-24T00:00:00Z') },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

const ids = async (ctx: TestContext) => {
  const out: string[] = [];
  for await (const b of ctx.deps.blobs.list()) out.push(b.id);
  return out.sort();
};

describe('the local store', () => {
  it('stores again after its folders were removed by hand while it ran', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zalik-blobs-'));
    try {
      const store = new LocalBlobStore(root);
      const bytes = Buffer.from('перший');
      const first = await store.put(bytes);
      rmSync(root, { recursive: true, force: true });
      // Every id lands in a folder named by its first two characters: write until one reuses a removed folder.
      const ids: string[] = [];
      while (!ids.some((id) => id.slice(0, 2) === first.slice(0, 2))) ids.push(await store.put(bytes));
      for (const id of ids) expect((await store.get(id)).toString()).toBe('перший');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.each(['local', 's3'] as const)('files on the %s store', (store) => {
  let ctx: TestContext;
  let w: World;
  beforeAll(async () => {
    ({ ctx, w } = await openWorld({ BLOB_STORE: store, SUPPORT_CHAT_ID: '-1001234567890' }));
    await topUp(ctx.database.db, STUDENT, 1000);
  }, 180_000);
  afterAll(() => ctx?.close());

  it('stores, streams, lists and removes; a missing file is reported as missing', async () => {
    const { blobs } = ctx.deps;
    expect(blobs.kind).toBe(store);
    const id = await blobs.put(Buffer.from('перший'));
    expect((await blobs.get(id)).toString()).toBe('перший');
    const restored = randomUUID();
    await blobs.putStream(restored, Readable.from([Buffer.from('дру'), Buffer.from('гий')]), Buffer.byteLength('другий'));
    const { stream, size } = await blobs.stream(restored);
    expect(size).toBe(Buffer.byteLength('другий'));
    expect(Buffer.concat(await stream.toArray()).toString()).toBe('другий');
    const listed = new Map<string, number>();
    for await (const b of blobs.list()) listed.set(b.id, b.size);
    expect(listed.get(id)).toBe(Buffer.byteLength('перший'));
    expect(listed.get(restored)).toBe(Buffer.byteLength('другий'));
    await blobs.remove(id);
    await blobs.remove(restored);
    await blobs.remove(restored);
    const gone = await blobs.stream(id).then(() => null, (e: unknown) => e);
    expect(isMissingBlob(gone)).toBe(true);
    expect(await ids(ctx)).not.toContain(id);
  });

  it('delivers a 20 MB file that downloads whole, with its length, through the signed link over HTTP', async () => {
    const bought = await buy(ctx, w.student, await manualTask(ctx, w), ['Бойко О. О.', '12']);
    expect(bought.statusCode).toBe(200);
    const big = randomBytes(ORDER_MAX_FILE_BYTES);
    // A PDF's signature, so the type check accepts it; the rest is noise that no compression shrinks.
    big.write('%PDF-1.4\n', 0, 'latin1');
    const form = multipart([{ name: 'file', filename: 'Курсова.pdf', value: big }]);
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/histories/history/${bought.json().id}/developer/save-file`,
      headers: { ...auth(w.dev), ...form.headers },
      payload: form.payload,
    });
    expect(saved.statusCode).toBe(200);
    const history = await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(w.student) });
    const link = /https:\/\/zalik\.test(\/api\/v1\/files\/[^"]+)/.exec(history.body)![1]!;
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(base + link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(ORDER_MAX_FILE_BYTES));
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
  });

  it('generates an answer from the uploaded template and serves it', async () => {
    const bought = await buy(ctx, w.student, await autoTask(ctx, w), ['Бойко О. О.', '7']);
    expect(bought.statusCode).toBe(200);
    const link = /https:\/\/zalik\.test\/api\/v1\/files\/[^"]+/.exec(bought.body)![0];
    const file = await download(ctx, link);
    expect(file.statusCode).toBe(200);
    expect(docxText(file.rawPayload)).toContain('Бойко О. О.');
  });

  it('keeps a support message’s attachment in the store', async () => {
    const form = multipart([
      { name: 'message', value: 'Не відкривається файл' },
      { name: 'files', filename: 'скрін.pdf', value: Buffer.from('%PDF-1.4\n% the screenshot\n%%EOF\n'), contentType: 'application/pdf' },
    ]);
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/v1/supports/sent', headers: { ...auth(w.student), ...form.headers }, payload: form.payload });
    expect(sent.statusCode).toBe(200);
    const [file] = await rows<{ blob_id: string; size: number }>(ctx.database.db, sql`SELECT blob_id, size FROM support_files ORDER BY id DESC LIMIT 1`);
    expect((await ctx.deps.blobs.get(file!.blob_id)).length).toBe(Number(file!.size));
  });

  it('sweeps a file no row owns once it is an hour old, and keeps owned and fresh ones', async () => {
    const owned = await ids(ctx);
    expect(owned.length).toBeGreaterThan(0);
    const old = await ctx.deps.blobs.put(Buffer.from('a purchase killed after storing its answer'));
    // Stores keep modification times to the second at best.
    await new Promise((r) => setTimeout(r, 2100));
    const listedOld = await findModified(ctx, old);
    const fresh = await ctx.deps.blobs.put(Buffer.from('a purchase still writing its row'));
    const listedFresh = await findModified(ctx, fresh);
    expect(listedFresh).toBeGreaterThan(listedOld);
    // The clock an hour after a moment between the two writes.
    const now = (listedOld + listedFresh) / 2 + ORPHAN_MIN_AGE_MS;

    const result = await sweepOrphanBlobs(ctx.deps, { now });
    expect(result.removed).toEqual([old]);
    expect(await ids(ctx)).toEqual([...owned, fresh].sort());
    // Every owned file still downloads: the history's links all answer 200.
    const history = await ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(w.student) });
    const links = history.body.match(/https:\/\/zalik\.test\/api\/v1\/files\/[^"]+/g)!;
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect((await download(ctx, link)).statusCode).toBe(200);
  }, 60_000);

  it('sweeps on one instance at a time on a shared PostgreSQL', async () => {
    if (!onPostgres) {
      // PGlite: one process per database, nobody to share the sweep with.
      expect(await sweepOnce(ctx.deps)).toMatchObject({ removed: [] });
      return;
    }
    // Another instance's sweep holds the lock: this one skips its turn instead of racing it.
    await ctx.database.script(async (exec) => {
      await exec('SELECT pg_advisory_xact_lock(727275)');
      expect(await sweepOnce(ctx.deps)).toBeNull();
    });
    expect(await sweepOnce(ctx.deps)).toMatchObject({ removed: [] });
  });

  it('the sweep knows every column that holds a blob id', async () => {
    const cols = await rows<{ c: string }>(
      ctx.database.db,
      sql`SELECT table_name || '.' || column_name AS c FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name LIKE '%blob%' ORDER BY 1`,
    );
    expect(cols.map((r) => r.c)).toEqual([...BLOB_COLUMNS].sort());
  });
});

async function findModified(ctx: TestContext, id: string): Promise<number> {
  for await (const b of ctx.deps.blobs.list()) if (b.id === id) return b.modifiedAt.getTime();
  throw new Error(`${id} not listed`);
}
