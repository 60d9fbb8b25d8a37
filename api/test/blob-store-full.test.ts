/**
 * A file store that cannot take bytes: the finding 6. A full or read-only disk (or a
 * bucket that does not answer) answered 500 and /healthz said ok. Now an upload or a generated
 * answer that cannot be stored answers 503 in Ukrainian with Retry-After, leaves nothing half
 * written (no row without its file, no temporary file, no charge), and /readyz fails until the
 * store takes a write again.
 *
 * The local disk here is a real tmpfs of 1 MB mounted over the test's blob folder, filled up
 * and remounted read-only, so the errors are the kernel's own ENOSPC and EROFS through the real
 * store (root could write through a chmod). Mounting needs root with CAP_SYS_ADMIN, as the
 * tests run; without it the test fails saying so.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row, type Executor } from '../src/db/client.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';
import { multipart } from './docx.js';
import { NO_RATE_LIMITS, STUDENT, autoTask, balanceOf, buy, createWorld, manualTask, topUp, type World } from './purchase-world.js';
import { startS3, type S3Server } from './s3.js';
import { storeUnavailableReason } from '../src/ports/blob-unavailable.js';

const FILES_UNAVAILABLE = { status: 503, body: { message: MSG.filesUnavailable }, retryAfter: '30' };
const answer = (res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  body: res.json(),
  retryAfter: res.headers['retry-after'],
});
const readyz = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() };
};
const count = async (db: Executor, table: string) => Number((await row<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`))!.n);
const stored = async (ctx: TestContext) => ({
  orders: await count(ctx.deps.db, 'orders'),
  transfers: await count(ctx.deps.db, 'transfers'),
  orderFiles: await count(ctx.deps.db, 'order_files'),
  supportMessages: await count(ctx.deps.db, 'support_messages'),
  supportFiles: await count(ctx.deps.db, 'support_files'),
  balance: await balanceOf(ctx.deps.db, STUDENT, 'general'),
});

function supportMessage(ctx: TestContext, token: string) {
  const form = multipart([
    { name: 'message', value: 'Не відкривається файл' },
    { name: 'files', filename: 'скрін.pdf', value: Buffer.from('%PDF-1.4\n% the screenshot\n%%EOF\n'), contentType: 'application/pdf' },
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/v1/supports/sent', headers: { ...auth(token), ...form.headers }, payload: form.payload });
}

function deliver(ctx: TestContext, w: World, orderId: string) {
  const file = Buffer.from('%PDF-1.4\n% the answer\n%%EOF\n');
  const form = multipart([{ name: 'file', filename: 'Курсова.pdf', value: file }]);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/histories/history/${orderId}/developer/save-file`,
    headers: { ...auth(w.dev), ...form.headers },
    payload: form.payload,
  });
}

/** Every file under `dir`, temporary ones included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

function mount(args: string[]): void {
  try {
    execFileSync('mount', args, { stdio: 'pipe' });
  } catch (e) {
    throw new Error(`blob-store-full.test.ts mounts a small tmpfs and needs root with CAP_SYS_ADMIN: mount ${args.join(' ')} failed: ${String((e as { stderr?: unknown }).stderr ?? e)}`);
  }
}

describe('what counts as the store being unavailable', () => {
  it('full, read-only, quota, permissions and I/O on disk; unreachable, throttling, refused keys, full or failing on S3; not a missing file or a bad request', () => {
    const disk = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EACCES', 'EPERM', 'EMFILE', 'ECONNREFUSED', 'ETIMEDOUT']) expect(storeUnavailableReason(disk(code))).toBe(code);
    const s3 = (status: number, code: string) => Object.assign(new Error(code), { status, code });
    expect(storeUnavailableReason(s3(507, 'XMinioStorageFull'))).toBe('XMinioStorageFull');
    expect(storeUnavailableReason(s3(503, 'SlowDown'))).toBe('SlowDown');
    expect(storeUnavailableReason(s3(403, 'AccessDenied'))).toBe('AccessDenied');
    expect(storeUnavailableReason(s3(502, 'HTTP502'))).toBe('HTTP 502');
    expect(storeUnavailableReason(s3(404, 'ENOENT'))).toBeUndefined();
    expect(storeUnavailableReason(s3(400, 'InvalidArgument'))).toBeUndefined();
    expect(storeUnavailableReason(disk('ENOENT'))).toBeUndefined();
    expect(storeUnavailableReason(new Error('not a blob id: x'))).toBeUndefined();
  });
});

describe('a local disk that is full or read-only', () => {
  let ctx: TestContext;
  let w: World;
  let blobs: string;
  let autoId: number;
  let manualOrder: string;
  const filler = () => path.join(blobs, 'filler');

  beforeAll(async () => {
    ctx = await createTestContext(NO_RATE_LIMITS);
    blobs = path.join(ctx.dataDir, 'blobs');
    mkdirSync(blobs, { recursive: true });
    mount(['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', blobs]);
    w = await createWorld(ctx);
    autoId = await autoTask(ctx, w);
    await topUp(ctx.deps.db, STUDENT, 10_000);
    const bought = await buy(ctx, w.student, await manualTask(ctx, w), ['Бойко О. О.', '12']);
    expect(bought.statusCode).toBe(200);
    manualOrder = bought.json().id;
  }, 60_000);

  afterAll(async () => {
    try {
      execFileSync('umount', ['-l', blobs], { stdio: 'pipe' });
    } finally {
      await ctx?.close();
    }
  });

  it('is ready while the disk takes files', async () => {
    expect(await readyz(ctx)).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await buy(ctx, w.student, autoId, ['Бойко О. О.', '1'])).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when the disk is full, stores nothing half, and fails /readyz until there is room', async () => {
    // Fill the disk to the last byte: the kernel's own ENOSPC from here on.
    try {
      writeFileSync(filler(), Buffer.alloc(2 * 1024 * 1024));
    } catch (e) {
      expect((e as { code?: string }).code).toBe('ENOSPC');
    }
    const before = await stored(ctx);
    const filesBefore = filesUnder(blobs).filter((f) => f !== 'filler');

    // A generated answer: nothing charged, no order.
    expect(answer(await buy(ctx, w.student, autoId, ['Бойко О. О.', '2']))).toEqual(FILES_UNAVAILABLE);
    // A delivery: the order keeps no file row.
    expect(answer(await deliver(ctx, w, manualOrder))).toEqual(FILES_UNAVAILABLE);
    // A support message with a file: no message without its file.
    expect(answer(await supportMessage(ctx, w.student))).toEqual(FILES_UNAVAILABLE);

    expect(await stored(ctx)).toEqual(before);
    // No half-written file, temporary or not, is left on the disk.
    expect(filesUnder(blobs).filter((f) => f !== 'filler')).toEqual(filesBefore);
    await vi.waitFor(async () => expect(await readyz(ctx)).toEqual({ status: 503, body: { status: 'unavailable', failing: ['files'] } }), {
      timeout: 10_000,
      interval: 500,
    });

    rmSync(filler());
    await vi.waitFor(async () => expect((await readyz(ctx)).status).toBe(200), { timeout: 10_000, interval: 500 });
    expect((await buy(ctx, w.student, autoId, ['Бойко О. О.', '3'])).statusCode).toBe(200);
    expect((await deliver(ctx, w, manualOrder)).statusCode).toBe(200);
  }, 60_000);

  it('answers 503 the same while the disk is read-only', async () => {
    mount(['-o', 'remount,ro', blobs]);
    try {
      const before = await stored(ctx);
      expect(answer(await buy(ctx, w.student, autoId, ['Бойко О. О.', '4']))).toEqual(FILES_UNAVAILABLE);
      expect(answer(await supportMessage(ctx, w.student))).toEqual(FILES_UNAVAILABLE);
      expect(await stored(ctx)).toEqual(before);
      await vi.waitFor(async () => expect(await readyz(ctx)).toEqual({ status: 503, body: { status: 'unavailable', failing: ['files'] } }), {
        timeout: 10_000,
        interval: 500,
      });
    } finally {
      mount(['-o', 'remount,rw', blobs]);
    }
    await vi.waitFor(async () => expect((await readyz(ctx)).status).toBe(200), { timeout: 10_000, interval: 500 });
    expect((await supportMessage(ctx, w.student)).statusCode).toBe(200);
  }, 60_000);
});

describe('an S3 bucket that does not answer', () => {
  let s3: S3Server;
  let ctx: TestContext;
  let student: string;
  beforeAll(async () => {
    s3 = await startS3();
    ctx = await createTestContext(s3.env);
    student = await login(ctx.app, { id: STUDENT, username: 'olena' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 503 with Retry-After and fails /readyz', async () => {
    expect((await supportMessage(ctx, student)).statusCode).toBe(200);
    expect(await readyz(ctx)).toEqual({ status: 200, body: { status: 'ok' } });
    await s3.close();
    const before = await count(ctx.deps.db, 'support_messages');
    expect(answer(await supportMessage(ctx, student))).toEqual(FILES_UNAVAILABLE);
    expect(await count(ctx.deps.db, 'support_messages')).toBe(before);
    await vi.waitFor(async () => expect(await readyz(ctx)).toEqual({ status: 503, body: { status: 'unavailable', failing: ['files'] } }), {
      timeout: 10_000,
      interval: 500,
    });
  }, 60_000);
});
