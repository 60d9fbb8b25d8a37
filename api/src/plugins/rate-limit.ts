import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@zalik/contract';
import type { RateLimitName } from '@zalik/contract';
import type { RateLimits } from '../config.js';
import { HttpError } from '../lib/errors.js';
import { redisReady } from '../lib/redis.js';
import { isMultipart } from './security.js';

/** Redis keys of the limiter; each route's counter lives under its own suffix. */
export const RATE_LIMIT_NAMESPACE = 'zalik:rl:';

/**
 * Sign-in comes before there is a user, so it is counted per client IP (X-Forwarded-For
 * behind the proxy, see trustProxy); everything else per signed-in user. Route-level hooks
 * run after the auth plugin's, so `request.user` is already known here.
 */
function keyOf(name: RateLimitName) {
  return (request: FastifyRequest) => (name === 'auth' || !request.user ? `ip:${request.ip}` : `user:${request.user.telegramId}`);
}

/**
 * Limits on the calls whose endpoint names a rate limit (sign-in, purchases, support
 * messages, uploads; any other multipart route counts as an upload too), answering 429 with a
 * Ukrainian message and Retry-After. Counters live in Redis when REDIS_URL is set, so every
 * instance behind a load balancer shares them (through the instance's one connection,
 * deps.redis); in memory otherwise. If Redis is down the request goes through (a limiter outage
 * must not stop sales) and the outage is logged.
 * Register it before any route.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { limits: RateLimits; redis: Redis | null }) => {
    const { redis } = opts;
    if (redis) {
      let lastWarn = 0;
      const warn = (err: Error) => {
        // ioredis retries by itself; one line a minute is enough to notice.
        if (Date.now() - lastWarn > 60_000) app.log.warn({ err }, 'rate limit store (Redis) unavailable; requests are not limited meanwhile');
        lastWarn = Date.now();
      };
      redis.on('error', warn);
      // The connection is the instance's (deps.redis): it outlives this app.
      app.addHook('onClose', async () => void redis.off('error', warn));
      // Counting starts with the first request, so wait for the connection before serving; a
      // Redis that is down at start is logged and retried in the background.
      if (!(await redisReady(redis, 2_500))) app.log.warn('rate limit store (Redis) unavailable at start');
    }

    // Runs before the limiter's own onRoute hook (registered below), so it sees the setting.
    app.addHook('onRoute', (route) => {
      const name = route.config?.limit ?? (isMultipart(route) ? 'upload' : undefined);
      if (!name) return;
      const { max, windowSeconds } = opts.limits[name];
      route.config = {
        ...route.config,
        rateLimit: { max, timeWindow: windowSeconds * 1000, keyGenerator: keyOf(name) },
      } as typeof route.config;
    });

    await app.register(rateLimit, {
      global: false,
      hook: 'onRequest',
      ...(redis ? { redis, nameSpace: RATE_LIMIT_NAMESPACE } : {}),
      skipOnError: true,
      errorResponseBuilder: () => new HttpError(429, MSG.tooManyRequests),
    });
  },
  { name: 'rate-limit' },
);
