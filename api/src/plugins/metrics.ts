import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@zalik/contract';
import type { Database } from '../db/client.js';
import type { MetricsConfig } from '../config.js';
import { createMetrics, type Metrics } from '../modules/metrics/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's metrics, when METRICS_TOKEN or METRICS_PORT turned them on (main.ts serves the port). */
    metrics: Metrics | null;
  }
}

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Counts and times every request by its endpoint's path pattern (never the raw URL, whose ids
 * would make a series per user) and status class, and serves `GET /metrics` to a bearer of
 * METRICS_TOKEN. Off, and `/metrics` absent, unless METRICS_TOKEN or METRICS_PORT is set.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { config: MetricsConfig; database: Database }) => {
  const { token, port } = opts.config;
  if (!token && !port) {
    app.decorate('metrics', null);
    return;
  }
  const metrics = createMetrics(opts.database, { intervalMs: opts.config.intervalMs });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.routeOptions.url ?? '(no route)', request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (!token) return;
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) return reply.status(401).header('www-authenticate', 'Bearer').send({ message: MSG.tokenInvalid });
    return reply.header('cache-control', 'no-store').type(PROMETHEUS_TEXT).send(await metrics.scrape());
  });
});

/**
 * `GET /metrics` without a token on its own port, bound to localhost: for a Prometheus on the
 * same host or a sidecar, never reachable from outside. Resolves to its stop function.
 */
export async function serveMetricsPort(metrics: Metrics, port: number): Promise<() => Promise<void>> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': PROMETHEUS_TEXT, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(503, { 'retry-after': '5' }).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
