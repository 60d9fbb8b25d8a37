import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { MSG } from '@zalik/contract';
import type { OverloadConfig } from '../config.js';

/** What a probe or a scraper calls must answer under load: they are how operators see it. */
const ALWAYS_SERVED = new Set(['/livez', '/healthz', '/readyz', '/metrics']);

/** How often the event loop's delay and the heap are sampled. */
const SAMPLE_MS = 500;

/**
 * Load shedding: while the event loop lags or the heap nears its limit past the configured
 * bounds, a request gets the Ukrainian 503 with Retry-After at once, instead of queueing behind
 * the backlog until its client gives up. Probes and `/metrics` are always answered.
 */
export const overloadPlugin = fp(async (app: FastifyInstance, opts: { config: OverloadConfig }) => {
  const { maxEventLoopDelayMs, maxHeapUsedBytes } = opts.config;
  if (!maxEventLoopDelayMs && !maxHeapUsedBytes) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes,
    sampleInterval: SAMPLE_MS,
    // under-pressure sends what the handler returns, and lets the request through on undefined;
    // its types only know the second.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      if (ALWAYS_SERVED.has(request.routeOptions.url ?? '')) return undefined;
      request.log.warn({ type, value }, 'overloaded: request shed');
      reply.status(503).header('retry-after', '5');
      return { message: MSG.unavailable };
    }) as unknown as (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => void,
  });
});
