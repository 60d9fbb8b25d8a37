/**
 * How long a connection may wait on PostgreSQL. Without these a peer that stops answering (a
 * frozen TCP connection, a stuck pooler) kept each request and its pool slot for ever, and once
 * every slot hung the instance answered nothing but 503 while PostgreSQL itself was fine.
 */
export interface DbTimeouts {
  /** `statement_timeout`: the server cancels a statement running this long (SQLSTATE 57014). */
  statementMs: number;
  /**
   * `query_timeout`: the client stops waiting for an answer after this long and destroys the
   * connection. Slightly above `statementMs`, so a merely slow statement is cancelled by the
   * server (the connection survives) and only a connection that answers nothing is dropped.
   */
  queryMs: number;
  /** `idle_in_transaction_session_timeout`: the server ends a session that holds a transaction (and its locks) open doing nothing. */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { statementMs: 15_000, queryMs: 17_000, idleInTransactionMs: 10_000 };

/**
 * For the few statements that may legitimately run long: migrations and the ledger check
 * (`SET LOCAL` or a connection of their own), never the requests' pool.
 */
export const LONG_DB_TIMEOUTS: DbTimeouts = { statementMs: 3_600_000, queryMs: 3_605_000, idleInTransactionMs: 600_000 };

/** The client waits this much longer than the server, so the server's cancel arrives first. */
export const QUERY_TIMEOUT_MARGIN_MS = 2_000;

/**
 * The pool the dashboard and the CSV exports read through (`Database.analytics`): a few
 * connections with a longer statement timeout than requests get, apart from theirs.
 */
export interface AnalyticsPool {
  /** Another server to read from (a replica); default the main one. */
  databaseUrl?: string;
  max: number;
  statementMs: number;
}

export const DEFAULT_ANALYTICS: AnalyticsPool = { max: 3, statementMs: 30_000 };
