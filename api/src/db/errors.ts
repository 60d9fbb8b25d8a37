/**
 * The SQLSTATEs Zalik's own SQL raises (migrations/functions/ledger.sql states the same table):
 * each is mapped back to an error in exactly one place.
 */
export const SQL_STATES = {
  /** A debit found less than its amount (`ledger_post`). */
  insufficientFunds: 'ZL001',
  /** An idempotency key posted before with another movement; the message is the key. */
  keyConflict: 'ZL002',
  /** A batch partly posted before: a caller bug. */
  partlyPosted: 'ZL003',
  /** A purchase's discount was used up by another buyer meanwhile. */
  discountUsedUp: 'ZL004',
  /** A purchase's Idempotency-Key was taken by a request that committed first. */
  purchaseDuplicate: 'ZL005',
  /** PostgreSQL's own: a UNIQUE index refused a second row (e.g. an Idempotency-Key taken meanwhile). */
  uniqueViolation: '23505',
} as const;

/**
 * SQLSTATEs that say the connection, not the statement, failed: class 08, admin shutdown, crash,
 * starting up, too many connections, and a session ended for idling in a transaction.
 */
const CONNECTION_STATES = /^(08[0-9A-Z]{3}|57P0[1-3]|53300|25P03)$/;
/** Socket errors on the way to the server (a restart, a failover, a pooler closing connections). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * What `pg` and `pg-pool` say, without a code, when the connection is gone or cannot be had (a
 * query that got no answer within `query_timeout` included: its connection is destroyed, and
 * whether a COMMIT in flight went through is unknown).
 */
const DRIVER_MESSAGES =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Query read timeout)$/;
const QUERY_TIMEOUT = 'Query read timeout';

/**
 * Whether an error means the database could not be reached or dropped the connection, so the
 * request never reached a verdict and is worth repeating once the database is back. Drizzle
 * wraps the driver's error in `cause`; Node reports a refused dual-stack connect as an
 * AggregateError.
 */
export function isConnectionLost(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 10) {
    const e = queue.shift() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (typeof e.code === 'string' && (CONNECTION_STATES.test(e.code) || SOCKET_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
  return false;
}

/**
 * The server's error behind a failed query (drizzle wraps the driver's error in `cause`): its
 * SQLSTATE and message, or undefined when the failure did not come from the server.
 */
export function sqlState(err: unknown): { code: string; message: string } | undefined {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, message: String(e.message ?? '') };
  }
  return undefined;
}

/** The driver gave up waiting for a query's answer (`query_timeout`): the connection must not be reused. */
export function isQueryTimeout(err: unknown): boolean {
  return err instanceof Error && err.message === QUERY_TIMEOUT && sqlState(err) === undefined;
}

/**
 * The server cancelled a statement (SQLSTATE 57014: `statement_timeout`, or a cancel request):
 * the database is too busy to answer in time, the statement changed nothing, and repeating the
 * request later is the remedy, as for a lost connection.
 */
export function isStatementCancelled(err: unknown): boolean {
  return sqlState(err)?.code === '57014';
}
