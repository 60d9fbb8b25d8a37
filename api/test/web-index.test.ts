/**
 * How the built mini-app is served. index.html carries one inline script (the boot prefetch,
 * web/src/app/early.ts): the CSP allows exactly that script, by the hash of the text the
 * server really serves, and nothing else inline (no 'unsafe-inline', no other hash), on every
 * answer. Hashed assets are cached for good; index.html is always revalidated.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { inlineScripts } from '../src/plugins/web.js';
import { createTestContext, type TestContext } from './helpers.js';

// Shaped like the build (web/build/first-screen.ts): charset, the inline script, then the bundle.
const BOOT = 'var e={auth:`/api/v1/users/auth`,name:`Залік`};if(typeof window<`u`)try{window.__zalikEarly=e}catch{}';
const INDEX = `<!doctype html>
<html lang="uk">
  <head>
    <meta charset="UTF-8" />
    <meta name="zalik:demo-chunk" content="/assets/demo-1.js" />
    <script>${BOOT}</script>
    <title>Залік</title>
    <script type="module" crossorigin src="/assets/app.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let ctx: TestContext;
let app: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'zalik-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  // Precompressed twins, as the build writes them (web/build/precompress.ts).
  writeFileSync(path.join(webDist, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(INDEX));
  ctx = await createTestContext({ WEB_DIST: webDist });
  app = await buildApp(ctx.deps, { logger: false });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1);

describe('the inline boot script under the CSP', () => {
  it("is allowed by the hash of the served index.html's own inline script, and by nothing broader", async () => {
    for (const url of ['/', '/wallet', '/list-task/1?course=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      // Read from what was served, not from the fixture: that is what the browser hashes.
      const served = res.body.match(/<script>([\s\S]*?)<\/script>/)?.[1];
      expect(served).toBe(BOOT);
      expect([url, scriptSrc(res.headers['content-security-policy'])]).toEqual([url, ["'self'", sha256(served!)]]);
    }
  });

  it('allows no other inline script: a changed byte, another script, or inline code in general', async () => {
    const sources = scriptSrc((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])!;
    for (const other of [`${BOOT} `, BOOT.replace('Залік', 'Залiк'), 'alert(1)', '']) expect(sources).not.toContain(sha256(other));
    expect(sources.filter((s) => s.startsWith("'sha"))).toHaveLength(1);
    expect(sources.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|nonce-|strict-dynamic|\*|data:|blob:/);
  });

  it('is the same policy on API answers and files, and Telegram may still frame the app', async () => {
    const page = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
    for (const url of ['/assets/app.js', '/healthz', '/api/v1/nothing-here']) {
      expect([url, (await app.inject({ method: 'GET', url })).headers['content-security-policy']]).toEqual([url, page]);
    }
    expect(String(page)).toContain("frame-ancestors 'self' https://web.telegram.org https://*.telegram.org https://telegram.org");
  });

  it('reads scripts with a src as files, not inline code', () => {
    expect(inlineScripts(INDEX)).toEqual([BOOT]);
    expect(inlineScripts('<script src="/a.js"></script><SCRIPT>x()</SCRIPT ><script\ttype="module" src=/b.js></script>')).toEqual(['x()']);
  });
});

describe('caching', () => {
  it('keeps hashed assets for good, compressed or not, so a reopen asks for none of them', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': encoding } });
      expect([encoding, res.statusCode, res.headers['cache-control']]).toEqual([encoding, 200, 'public, max-age=31536000, immutable']);
    }
  });

  it('revalidates index.html on every open, under every path, and serves its compressed twin unchanged', async () => {
    for (const url of ['/', '/wallet']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-cache']);
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
      expect([url, inlineScripts(body)]).toEqual([url, [BOOT]]);
    }
  });
});
