import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MSG } from '@zalik/contract';
import { loadFirstScreen, type FirstScreenDeps } from './first-screen.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../../web/dist');

/** The text of every `<script>` without a `src` in an HTML page, exactly as written (what a CSP hash covers). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].filter(([, attrs]) => !/\ssrc\s*=/i.test(` ${attrs}`)).map(([, , text]) => text!);
}

/**
 * Serves the built mini-app from the API's own origin. Any GET outside /api that is not a
 * file answers index.html, so the client router owns those paths; `/` with the first screen
 * rendered in (plugins/first-screen.ts).
 */
export const webPlugin = fp(async (app, opts: { root?: string; deps: FirstScreenDeps }) => {
  const root = opts.root ?? DEFAULT_WEB_DIST;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app is not built (npm run build -w web); only the API is served');
    return;
  }
  // index.html carries the boot script inline (web/build/first-screen.ts): the CSP names it
  // by its hash, read once here like the file list below (a new build needs a restart anyway).
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  app.allowInlineScripts(inlineScripts(template));
  // Loaded beside the rest of the start (half a megabyte to compile): /healthz does not wait
  // for it, the first page does; a failure leaves the plain index.html.
  const loading = loadFirstScreen(root, template, opts.deps, app.log).catch((err: unknown) => {
    app.log.error({ err }, 'the server rendering of the first screen failed to load: index.html is served as it is');
    return null;
  });
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // index.html is answered below (with the first screen in it), never as a file; the
    // server's own rendering (.ssr/) is not the browser's.
    index: false,
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.'),
    // The build writes .br/.gz next to each asset (web/build/precompress.ts).
    preCompressed: true,
    // Otherwise send() writes its own `public, max-age=0` over the header set below, and every
    // reopen revalidates each asset (a round trip per file on a mobile network).
    cacheControl: false,
    setHeaders(res, filePath) {
      // Hashed assets never change; index.html must always be fresh.
      res.setHeader('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The client router owns every other GET path: a wildcard route (not a not-found handler,
  // which the errors plugin owns) answers index.html for paths that are neither API nor files.
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || path.extname(url)) return reply.status(404).send({ message: MSG.routeNotFound });
    const firstScreen = await loading;
    if (!firstScreen) return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
    // `/` depends on who asks (the first-screen cookie): never shared by a cache.
    const html = url === '/' ? await firstScreen.home(request) : firstScreen.other;
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Accept-Encoding');
    // Compressed like the build's other files (a fraction of a millisecond for its ~10 KB).
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  });
});
