import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { BlobStore } from '../ports/blob-store.js';
import { within } from '../lib/within.js';

/** Probes within this long share one answer, so a load balancer's checks do not load the database. */
const MEMO_MS = 1_000;
/**
 * The file store is probed less often: each probe writes and deletes a small file, and an S3
 * bucket bills every request.
 */
const FILES_MEMO_MS = 5_000;
/** A request waits up to 5 s for a pooled connection; an instance that cannot hand one out in 2 s is not ready. */
const POOL_PROBE_MS = 2_000;

/** What `/readyz` reads besides the database: the file store, and whether shutdown has begun. */
export interface Readiness {
  /** Set by main.ts when SIGTERM arrives: the load balancer stops sending requests while running ones finish. */
  draining: boolean;
}

export type ReadinessCheck = 'database' | 'pool' | 'files' | 'shutdown';

/** Memoises a probe that resolves to whether it passed (a rejection counts as failed). */
function memo(ms: number, probe: () => Promise<unknown>): () => Promise<boolean> {
  let last: { at: number; ok: Promise<boolean> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ms) last = { at: now, ok: probe().then(() => true, () => false) };
    return last.ok;
  };
}

/**
 * `GET /livez`: the process serves HTTP (never touches the database; restart the process only
 * when this fails). `GET /healthz`: 200 `{"status":"ok"}` while the database answers on a
 * connection of its own, 503 `{"status":"unavailable","database":"down"}` while it does not.
 * `GET /readyz`, what a load balancer should route by: 200 `{"status":"ok"}` only while this
 * instance can serve a request: the database answers, the pool hands out a connection that
 * answers within 2 s (a pool whose every connection hangs is caught here, not by /healthz),
 * the file store takes a write, and shutdown has not begun; else 503 with the checks that
 * failed, e.g. `{"status":"unavailable","failing":["pool"]}`.
 */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database; blobs: BlobStore; readiness: Readiness }): Promise<void> {
  const { database, blobs } = opts;
  // The PostgreSQL probe gives up after 2 s itself; PGlite's waits behind a transaction in progress.
  const databaseUp = memo(MEMO_MS, () => within(database.ping(), POOL_PROBE_MS));
  // The requests' own path: a connection from the pool (on PGlite, the one engine) and a statement on it.
  const poolServes = memo(MEMO_MS, () => within(database.db.execute(sql`SELECT 1`), POOL_PROBE_MS));
  // The uploads' own path: a small file written (flushed and renamed on disk) and deleted.
  const filesWritable = memo(FILES_MEMO_MS, async () => blobs.remove(await blobs.put(Buffer.from('readyz'))));

  const unavailable = { 'retry-after': '5', 'cache-control': 'no-store' };
  const options = { config: { access: 'public' }, schema: { hide: true } } as const;
  app.get('/livez', options, async () => ({ status: 'ok' }));
  app.get('/healthz', options, async (_request, reply) => {
    if (await databaseUp()) return { status: 'ok' };
    return reply.status(503).headers(unavailable).send({ status: 'unavailable', database: 'down' });
  });
  app.get('/readyz', options, async (_request, reply) => {
    const [database, pool, files] = await Promise.all([databaseUp(), poolServes(), filesWritable()]);
    const failing: ReadinessCheck[] = [];
    if (!database) failing.push('database');
    if (!pool) failing.push('pool');
    if (!files) failing.push('files');
    if (opts.readiness.draining) failing.push('shutdown');
    if (failing.length === 0) return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    return reply.status(503).headers(unavailable).send({ status: 'unavailable', failing });
  });
}
