import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

/** Probes within this long share one answer, so a load balancer's checks do not load the database. */
const MEMO_MS = 1_000;

/**
 * `GET /livez`: the process serves HTTP (never touches the database; restart the process only
 * when this fails). `GET /healthz`: readiness, 200 `{"status":"ok"}` while the database answers,
 * 503 `{"status":"unavailable","database":"down"}` while it does not (send no traffic here).
 */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }): Promise<void> {
  let memo: { at: number; up: Promise<boolean> } | undefined;
  const databaseUp = (): Promise<boolean> => {
    const now = Date.now();
    if (!memo || now - memo.at >= MEMO_MS) {
      memo = { at: now, up: opts.database.ping().then(() => true, () => false) };
    }
    return memo.up;
  };

  const options = { config: { access: 'public' }, schema: { hide: true } } as const;
  app.get('/livez', options, async () => ({ status: 'ok' }));
  app.get('/healthz', options, async (_request, reply) => {
    if (await databaseUp()) return { status: 'ok' };
    return reply.status(503).header('retry-after', '5').header('cache-control', 'no-store').send({ status: 'unavailable', database: 'down' });
  });
}
