import pg from 'pg';
import { isConnectionLost, sqlState } from './errors.js';

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

  /**
   * pg-pool's `query` releases its client with the query's error, and a client released with
   * an error is destroyed: every refused statement (a unique violation, a ledger refusal such
   * as insufficient funds) cost a new connection, its TCP and authentication handshake and a
   * fresh server process with cold caches and plans. A server's answer leaves the connection
   * ready for the next statement, so here it goes back to the pool; only a broken connection
   * is destroyed.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through unchanged
  override query(config: any, values?: any, callback?: any): any {
    if (typeof values === 'function' || typeof callback === 'function' || typeof config?.submit === 'function') {
      return super.query(config, values, callback);
    }
    return this.connect().then(async (client) => {
      try {
        const result = await client.query(config, values);
        client.release();
        return result;
      } catch (err) {
        client.release(sqlState(err) && !isConnectionLost(err) ? undefined : (err as Error));
        throw err;
      }
    });
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
