import pg from 'pg';
import { isConnectionLost, isQueryTimeout, sqlState } from './errors.js';

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
  constructor(config?: pg.PoolConfig) {
    super(config);
    // A connection that dies (restart, failover, pg_terminate_backend) emits 'error' on its
    // client; pg-pool listens only while the client is idle, and an 'error' without a listener
    // ends the process. The query in flight, if any, fails on its own and answers the request;
    // the dead client is no longer queryable, so its release destroys it.
    this.on('connect', (client) => {
      client.on('error', () => {});
      destroyedOnTimeout(client);
    });
    this.on('error', () => {});
  }

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
    if (typeof config === 'string') config = { text: config };
    if (typeof values === 'function' || typeof callback === 'function' || typeof config?.submit === 'function' || typeof config?.text !== 'string') {
      return super.query(config, values, callback);
    }
    return this.connect().then(async (client) => {
      const name = this.names.nameFor(config.text);
      try {
        let result;
        try {
          result = await client.query(name ? { ...config, name } : config, values);
        } catch (err) {
          // A migration changed what `SELECT *` of a prepared statement returns: this process
          // sends that text unprepared from now on (a failed statement changed nothing).
          if (!name || sqlState(err)?.code !== '0A000') throw err;
          this.names.forget(config.text);
          result = await client.query(config, values);
        }
        client.release();
        return result;
      } catch (err) {
        client.release(sqlState(err) && !isConnectionLost(err) ? undefined : (err as Error));
        throw err;
      }
    });
  }

  /** Prepared statements live on the server's session: fine on PostgreSQL itself and on a pooler in session mode (README). */
  private readonly names = new StatementNames();
}

/**
 * Names for statements sent outside a transaction, so each connection parses and plans a
 * statement once instead of on every call (a purchase's read and write were a third of the
 * database's time per purchase in parse and plan; docs/PERFORMANCE.md). The texts are the code's
 * own SQL (parameters are bound, never spliced), so there are few; the cap keeps texts that vary
 * with a list's length from piling up prepared statements on the server.
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly unprepared = new Set<string>();
  private next = 1;

  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= MAX_PREPARED || text.length > MAX_PREPARED_TEXT || this.unprepared.has(text)) return undefined;
    const name = `zalik_${this.next++}`;
    this.names.set(text, name);
    return name;
  }

  forget(text: string): void {
    this.names.delete(text);
    this.unprepared.add(text);
  }
}

const MAX_PREPARED = 300;
const MAX_PREPARED_TEXT = 20_000;
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

/**
 * A query that timed out on the client (`query_timeout`) leaves its connection waiting for an
 * answer that may never come: back in the pool, the next borrower's statements would queue
 * behind it and hang as well. Such a client is released with the error, which destroys it, at
 * once: a transaction's ROLLBACK then fails at once instead of waiting another timeout, and
 * its own release later is a no-op (`releasedWhenLost`).
 */
function destroyedOnTimeout(client: pg.PoolClient): void {
  const query = client.query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through unchanged
  client.query = function (this: pg.PoolClient, ...args: any[]): any {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (isQueryTimeout(err)) client.release(err as Error);
      });
    }
    return result;
  } as typeof client.query;
}
