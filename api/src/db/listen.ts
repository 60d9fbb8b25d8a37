import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from './probe.js';
import { endClient } from './end-client.js';

/** What a subscriber to a NOTIFY channel hears. */
export interface ChannelHandlers {
  /** A notification's payload, in commit order. */
  message(payload: string): void;
  /** The subscription is live: from now on no committed notification is missed. */
  ready(): void;
  /** The subscription broke: notifications may have been missed until the next `ready()`. */
  lost(error: unknown): void;
}

export interface Subscription {
  close(): Promise<void>;
  /**
   * Drops the connection and listens on a new one (saying `lost`, then `ready`): for a
   * subscriber that found it silent, since a frozen peer never closes it. A no-op where the
   * feed cannot go silent (PGlite, in-process) and while a reconnect is already under way.
   */
  reconnect(): void;
}

// Capped low: an attempt is one connection, and while the feed is down every catalogue read goes
// to the database, so after an outage the feed should be back within seconds.
const RETRY_MS = { first: 500, max: 5_000 };

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would hand the LISTEN to whoever
 * borrows it next). When the connection drops it says `lost`, reconnects with backoff and says
 * `ready` again once it listens, so a subscriber knows exactly when it may have missed
 * something. TCP keep-alive makes a silently dead peer surface as an error.
 */
export function listenPostgres(connectionString: string, channel: string, on: ChannelHandlers): Subscription {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (error: unknown) => {
    if (closed || timer) return;
    on.lost(error);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({
      connectionString,
      keepAlive: true,
      // A server that swallows the connect must not stall the reconnect loop for ever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Nor a server that takes the connection and then never answers the LISTEN.
      query_timeout: CONNECT_TIMEOUT_MS,
      application_name: `zalik-listen-${channel}`,
    });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === channel) on.message(n.payload ?? '');
    });
    // Only the current connection may trigger a reconnect: an old one ending later must not.
    c.on('error', (e) => {
      void endClient(c);
      if (client === c) schedule(e);
    });
    c.on('end', () => {
      if (client === c) schedule(new Error('the LISTEN connection ended'));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) return void (await endClient(c));
      retryMs = RETRY_MS.first;
      on.ready();
    } catch (e) {
      void endClient(c);
      if (client === c) schedule(e);
    }
  }

  void connect();
  return {
    reconnect() {
      const c = client;
      if (closed || timer || !c) return;
      // Its late 'end' or 'error' must not schedule a second reconnect.
      client = undefined;
      void endClient(c, 0);
      schedule(new Error('the LISTEN connection went silent'));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      if (client) await endClient(client);
    },
  };
}
