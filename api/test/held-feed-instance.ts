import { buildApp, createDeps, type AppDeps } from '../src/app.js';
import type { Database } from '../src/db/client.js';

/**
 * A second API instance on the same database, as behind a load balancer, whose change feed the
 * test can hold back: while held, every notification but the feed's own round trips waits, so
 * the test sees which answers come from this instance's memory and what makes them fresh.
 */
export async function heldFeedInstance(database: Database, config: AppDeps['config']) {
  let held: (() => void)[] | undefined;
  const delayed: Database = {
    ...database,
    listen: (channel, on) =>
      database.listen(channel, {
        ...on,
        message: (p) => (held && !p.startsWith('sync:') ? held.push(() => on.message(p)) : on.message(p)),
      }),
  };
  const deps = createDeps(config, delayed);
  const app = await buildApp(deps, { logger: false, serveWeb: false });
  await app.ready();
  return {
    app,
    deps,
    hold: () => (held = []),
    /** Delivers what was held, in order, and lets the next ones through. */
    release() {
      const queued = held ?? [];
      held = undefined;
      queued.forEach((deliver) => deliver());
    },
  };
}
