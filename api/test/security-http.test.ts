/**
 * HTTP hardening: security headers and a Content-Security-Policy that lets Telegram's web
 * clients frame the app; uploads judged by their bytes, not their names; no path traversal
 * through ids, URLs or file names.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, ORDER_FILE_EXTENSIONS } from '@zalik/contract';
import { buildApp } from '../src/app.js';
import { rows } from '../src/db/client.js';
import { auth, createTestContext, type TestContext } from './helpers.js';
import { buildWorld, type World } from './permission-table.js';
import { multipart, type Part } from './docx.js';

const CYRILLIC = /[А-Яа-яІіЇїЄєҐґ]/;
let ctx: TestContext;
let world: World;
let withWeb: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'zalik-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Залік</title>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  ctx = await createTestContext({ WEB_DIST: webDist, RATE_LIMIT_UPLOAD: '1000/60' });
  world = await buildWorld(ctx);
  // The same app as production serves it: API and the built mini-app from one origin.
  withWeb = await buildApp(ctx.deps, { logger: false });
  await withWeb.ready();
}, 60_000);
afterAll(async () => {
  await withWeb?.close();
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

function directives(csp: unknown): Record<string, string> {
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]),
  );
}

describe('security headers', () => {
  it('let Telegram web clients frame the mini-app, and nobody else', async () => {
    for (const url of ['/', '/settings/support', '/assets/app.js', '/healthz', '/api/v1/users/me/course', '/api/v1/nothing-here']) {
      const res = await withWeb.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect([url, csp['frame-ancestors']]).toEqual([url, "'self' https://web.telegram.org https://*.telegram.org https://telegram.org"]);
      expect([url, res.headers['x-frame-options']]).toEqual([url, undefined]);
      expect(csp['default-src']).toBe("'self'");
      expect(csp['script-src']).toBe("'self'");
      expect(csp['object-src']).toBe("'none'");
      expect(csp['connect-src']).toBe("'self' https://zalik.test");
      expect(csp['img-src']).toContain('https://t.me');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('keep the web app itself working: index.html is served under that policy', async () => {
    const res = await withWeb.inject({ method: 'GET', url: '/wallet' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Залік');
  });

  it('give the API docs (Swagger UI, inline script, no user data) a policy of their own, not frameable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toBe("'self' 'unsafe-inline'");
    expect(csp['frame-ancestors']).toBe("'self'");
  });

  it('serve downloads under a stricter policy of their own, as attachments', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: world.fileUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

const upload = (parts: Part[], orderId = world.deliverOrderId) => {
  const mp = multipart(parts);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/histories/history/${orderId}/developer/save-file`,
    headers: { ...auth(world.token.developer!), ...mp.headers },
    payload: mp.payload,
  });
};

describe('uploads are judged by their bytes', () => {
  it.each([
    ['a Windows program renamed to .pdf', 'answer.pdf', Buffer.from('MZ\x90\x00\x03 program')],
    ['an HTML page renamed to .png', 'picture.png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a binary renamed to .txt', 'notes.txt', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1])],
    ['a file with no extension', 'answer', Buffer.from('%PDF-1.7')],
  ])('refuses %s', async (_what, filename, bytes) => {
    const res = await upload([{ name: 'file', filename, contentType: 'application/pdf', value: bytes }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.fileTypeUnsupported(filename, ORDER_FILE_EXTENSIONS) });
    // The developer learns which file and what would do instead.
    expect(res.json().message).toContain(`«${filename}»`);
    expect(res.json().message).toMatch(/Дозволені типи: pdf, docx, .*, pas\.$/);
  });
});

describe('no path traversal', () => {
  const traversals = ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%5c..%5cwindows%5cwin.ini', '%252e%252e%252f'];

  it('through ids in API paths', async () => {
    for (const bad of traversals) {
      for (const url of [`/api/v1/files/${bad}?exp=1&sig=x`, `/api/v1/tasks/${bad}/template`, `/api/v1/histories/user/${bad}`, `/api/v1/subjects/${bad}`]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: auth(world.token.admin!) });
        expect([url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([url, true]);
        expect(res.body).not.toContain('root:');
        expect(res.json<{ message: string }>().message).toMatch(CYRILLIC);
      }
    }
  });

  it('through URLs of the web app', async () => {
    for (const bad of traversals) {
      for (const url of [`/${bad}`, `/assets/${bad}`, `/assets/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd`]) {
        const res = await withWeb.inject({ method: 'GET', url });
        expect(res.body).not.toContain('root:');
        // Either the client router's index.html or a refusal: never a file from outside the build.
        expect([url, res.statusCode === 200 ? res.body.includes('Залік') : res.statusCode >= 400 && res.statusCode < 500]).toEqual([url, true]);
      }
    }
  });

  it('through names of uploaded files: stored under generated ids, shown without separators', async () => {
    const names = ['../../etc/passwd.txt', '..\\..\\boot.txt', '/etc/cron.d/evil.txt', 'a/b/c.txt', '%2e%2e%2fx.txt', 'лапки «та»; крапка.txt'];
    const res = await upload(names.map((filename) => ({ name: 'file', filename, contentType: 'text/plain', value: 'Відповідь' })));
    expect([res.statusCode, res.body]).toEqual([200, res.body]);
    const stored = await rows<{ file_name: string }>(ctx.deps.db, sql`SELECT file_name FROM order_files WHERE order_id = ${world.deliverOrderId}`);
    expect(stored).toHaveLength(names.length);
    for (const { file_name } of stored) {
      expect(file_name).not.toMatch(/[/\\\r\n]/);
      expect(file_name).not.toMatch(/^\./);
    }
    // On disk there are only generated ids, two levels deep.
    const blobRoot = path.join(ctx.dataDir, 'blobs');
    for (const dir of readdirSync(blobRoot)) {
      expect(dir).toMatch(/^[0-9a-f]{2}$/);
      for (const f of readdirSync(path.join(blobRoot, dir))) expect(f).toMatch(/^[0-9a-f-]{36}$/);
    }
    // And a download names the file safely in Content-Disposition.
    for (const file of res.json<{ files: { link: string }[] }>().files) {
      const link = new URL(file.link);
      const dl = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
      const disposition = String(dl.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[^"/\\\r\n]+"; filename\*=UTF-8''[^\s/\\]+$/);
      expect(disposition).not.toMatch(/filename="\.\./);
    }
  });
});
