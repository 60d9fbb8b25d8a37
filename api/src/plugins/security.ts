import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from './auth.js';

/** Telegram's web clients (web.telegram.org/k, /a) show the mini-app in a frame. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org', 'https://telegram.org'];

const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'developer', 'admin'];

/** One route as registered: what the permission matrix and the fuzz tests walk. */
export interface RouteEntry {
  method: string;
  /** Fastify's pattern, e.g. `/api/v1/tasks/:id`. */
  url: string;
  /** What the auth plugin enforces before the handler runs. */
  access: Access;
  /** Takes multipart/form-data (an upload). */
  multipart: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app except the automatic HEAD twins, in registration order. */
    routeCatalogue: RouteEntry[];
    /**
     * Lets the policy's script-src name these inline scripts (their exact text) by hash: the
     * web plugin passes the ones in the built index.html. Nothing else inline ever runs.
     */
    allowInlineScripts(sources: readonly string[]): void;
  }
}

/** A CSP hash-source for an inline script: `'sha256-<base64 of the UTF-8 text's digest>'`. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The same default as the auth plugin: the product API is guarded unless a route says otherwise. */
export function accessOf(route: Pick<RouteOptions, 'url' | 'config'>): Access {
  const declared = (route.config as { access?: Access } | undefined)?.access;
  return declared ?? (route.url.startsWith('/api/v1/') ? 'user' : 'public');
}

export function isMultipart(route: Pick<RouteOptions, 'schema'>): boolean {
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes;
  return Boolean(consumes?.includes('multipart/form-data'));
}

/**
 * The mini-app's Content-Security-Policy. Everything comes from our own origin; the
 * exceptions are the ones the app needs:
 * - script-src: plus the inline boot script of index.html (web/src/app/early.ts, inlined so
 *   the first API requests leave with the HTML) by its hash, added by the plugin below;
 *   never 'unsafe-inline'.
 * - style-src 'unsafe-inline': Telegram's SDK writes the client's custom styles into a
 *   `<style>` element (set_custom_style), and inline style attributes carry no script.
 * - img-src data:/blob: (inline icons, previews) and Telegram's avatar hosts (a user's
 *   `photo_url` is on t.me).
 * - frame-src: the hidden download frame loads our own signed links (PUBLIC_URL).
 * - frame-ancestors: Telegram's web clients frame the app; no X-Frame-Options, which
 *   cannot name them.
 */
export function contentSecurityPolicy(publicUrl: string, production: boolean): Record<string, string[]> {
  const publicOrigin = new URL(publicUrl).origin;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://t.me', 'https://*.t.me', 'https://*.telegram.org'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", publicOrigin],
    'media-src': ["'self'", 'blob:', 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", publicOrigin],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'", ...TELEGRAM_FRAME_ANCESTORS],
  };
  // Only where the app is really served over https: the local demo runs on plain http.
  if (production && publicOrigin.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Security headers on every answer, and the route catalogue. Register it before any route:
 * its onRoute hook sees each route as it is added.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; production: boolean }) => {
    const docsPolicy = {
      'default-src': ["'self'"],
      'script-src': ["'self'", "'unsafe-inline'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'self'"],
    };

    const catalogue: RouteEntry[] = [];
    app.decorate('routeCatalogue', catalogue);

    // helmet's middleware is built once per policy here: @fastify/helmet built a new one, policy
    // parsing included, for every request. The app's policy is built again when the web plugin
    // names index.html's inline scripts (once, at start).
    const headersFor = (directives: Record<string, string[]>) =>
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives },
        // X-Frame-Options can only say DENY or SAMEORIGIN, which would keep Telegram's web
        // clients out; frame-ancestors above says who may frame the app.
        frameguard: false,
        // Telegram's clients fetch signed file links from their own origin.
        crossOriginResourcePolicy: { policy: 'cross-origin' },
        // The app opens t.me links and Telegram's own windows; keep their opener relationship.
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
        referrerPolicy: { policy: 'no-referrer' },
        hsts: { maxAge: 31536000, includeSubDomains: true },
      });
    const base = contentSecurityPolicy(opts.publicUrl, opts.production);
    const hashes = new Set<string>();
    let appHeaders = headersFor(base);
    // Swagger UI's page needs inline scripts and styles of its own; it shows no user data.
    const docsHeaders = headersFor(docsPolicy);
    app.decorate('allowInlineScripts', (sources: readonly string[]) => {
      for (const source of sources) hashes.add(scriptHash(source));
      appHeaders = headersFor({ ...base, 'script-src': [...base['script-src']!, ...hashes] });
    });
    app.addHook('onRequest', (request, reply, done) => {
      const headers = request.routeOptions.url?.startsWith('/api/docs') ? docsHeaders : appHeaders;
      headers(request.raw, reply.raw, (err) => done(err as Error | undefined));
    });

    app.addHook('onRoute', (route) => {
      const declared = (route.config as { access?: unknown } | undefined)?.access;
      // A misspelt level would otherwise fall through to "any signed-in user".
      if (declared !== undefined && !ACCESS_LEVELS.includes(declared as Access)) {
        throw new Error(`route ${String(route.method)} ${route.url}: unknown access level "${String(declared)}"`);
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        catalogue.push({ method, url: route.url, access: accessOf(route), multipart: isMultipart(route) });
      }
    });
  },
  { name: 'security' },
);
