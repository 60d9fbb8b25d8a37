import { Redis } from 'ioredis';

/**
 * The one Redis connection of an instance (REDIS_URL), shared by the rate limiter and the page
 * ends. No offline queue: while Redis is unreachable a command fails at once (a count lets the
 * request through, a page end falls back to OFFSET) instead of waiting for a reconnect; ioredis
 * reconnects by itself. Its errors are reported by the rate limiter, once a minute
 * (plugins/rate-limit.ts), so this listener only keeps them from being unhandled.
 */
export function openRedis(url: string): Redis {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  redis.connect().catch(() => undefined);
  return redis;
}

/**
 * True once `redis` is connected; false at its first failure to connect or after `ms` (a Redis
 * down at start: ioredis goes on trying in the background).
 */
export function redisReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      resolve(ok);
    };
    const onReady = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    redis.on('ready', onReady);
    redis.on('error', onError);
  });
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
