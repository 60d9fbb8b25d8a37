import pg from 'pg';

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pg.Pool that gets its slot back when a checked-out client's connection dies.
 *
 * drizzle's `transaction()` sends BEGIN before the try/finally that releases its client, so a
 * connection lost between check-out and BEGIN (a restart, a failover, `pg_terminate_backend`)
 * was never released: its slot stayed taken for good. After `max` such losses every request
 * waited for a connection that never came (503 for ever, until the process restarted) and
 * `pool.end()` never returned. Here a checked-out client whose connection ends is released,
 * and so destroyed, at once; whoever holds it finds it closed, and its own release() later is
 * a no-op instead of pg-pool's "released twice" error.
 */
export class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The callback form is pool.query()'s, which releases in every case itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
  }
}

function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const once = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', lost);
    release(err);
  };
  const lost = () => once(new Error('the connection ended while the client was checked out'));
  client.once('end', lost);
  client.release = once;
  return client;
}
