import pg from 'pg';
import { endClient } from './end-client.js';

/** How long connecting to PostgreSQL may take before a request or probe gives up. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** A readiness probe answers sooner than a request: a load balancer waits only a few seconds. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * `SELECT 1` on a connection of its own, kept open between probes and replaced after any
 * failure. Not the pool's: when every pooled connection is busy with purchases, the database
 * is slow, not down, and a probe waiting in the pool's queue would say otherwise.
 */
export function createProber(connectionString: string): { ping(): Promise<void>; close(): Promise<void> } {
  let current: Promise<pg.Client> | undefined;
  let closed = false;

  const drop = (c: Promise<pg.Client>) => {
    if (current === c) current = undefined;
    void c.then(endClient, () => {});
  };

  const open = (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'zalik-probe',
    });
    const connected = client.connect().then(() => client);
    // Without a listener a dropped connection would end the process.
    client.on('error', () => drop(connected));
    client.on('end', () => drop(connected));
    return connected;
  };

  return {
    async ping() {
      if (closed) throw new Error('the database is closed');
      const c = (current ??= open());
      try {
        await (await c).query('SELECT 1');
      } catch (e) {
        drop(c);
        throw e;
      }
    },
    async close() {
      closed = true;
      const c = current;
      current = undefined;
      await c?.then(endClient, () => {});
    },
  };
}
