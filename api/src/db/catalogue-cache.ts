import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, onSendHookHandler } from 'fastify';
import type { Database } from './client.js';
import type { Subscription } from './listen.js';

/** The tables whose triggers announce changes (migrations/0012_catalogue_changes.sql, 0050_reviews.sql). */
export type CatalogueTable =
  | 'subjects'
  | 'teachers'
  | 'tasks'
  | 'arguments'
  | 'task_arguments'
  | 'task_templates'
  | 'discounts'
  | 'news'
  | 'users'
  | 'reviews'
  | 'explanation_documents'
  | 'identifiers';

const TABLES: readonly CatalogueTable[] = [
  'subjects',
  'teachers',
  'tasks',
  'arguments',
  'task_arguments',
  'task_templates',
  'discounts',
  'news',
  'users',
  'reviews',
  'explanation_documents',
  'identifiers',
];
const CHANNEL = 'catalogue_changed';
const SYNC_PREFIX = 'sync:';

interface FeedTimings {
  heartbeatMs?: number;
  syncTimeoutMs?: number;
  maxSilenceMs?: number;
}
/**
 * PostgreSQL: a LISTEN connection can go silent without closing (a frozen peer, a pooler), so
 * the feed proves itself every second and memory is trusted for 3 s after the last proof: a
 * ban or role change made on another instance holds everywhere within about 3 s (4 s at most,
 * with the round trip's own time).
 */
const POSTGRES_TIMINGS: Required<FeedTimings> = { heartbeatMs: 1_000, syncTimeoutMs: 2_000, maxSilenceMs: 3_000 };
/** PGlite: the feed is in-process and cannot miss a notification; the heartbeat only rechecks it. */
const PGLITE_TIMINGS: Required<FeedTimings> = { heartbeatMs: 30_000, syncTimeoutMs: 5_000, maxSilenceMs: Number.POSITIVE_INFINITY };

const definedOnly = (t: FeedTimings): FeedTimings =>
  Object.fromEntries(Object.entries(t).filter(([k, v]) => k !== 'enabled' && v !== undefined)) as FeedTimings;
/** Entries are keyed by ids from URLs: past this many, start again rather than grow. */
const MAX_ENTRIES = 5_000;

interface Entry {
  stamp: number;
  value: Promise<unknown>;
}

/**
 * The catalogue's hot reads, kept in memory by each API instance. Students read the catalogue
 * all day and admins change it a few times a week, so re-running the same joins for every
 * request made the task list the slowest call of the API.
 *
 * Correctness rests on two rules:
 * - Every entry records the change counters of the tables it was read from, taken BEFORE the
 *   query; a change announced while the query runs makes that entry stale at once, so a read
 *   that raced a commit is never kept.
 * - The cache only answers while its change feed is proven live (LISTEN on PostgreSQL, checked
 *   by a round trip at start and every 30 s; in-process on PGlite). Without it every read goes
 *   to the database, as if there were no cache.
 *
 * Other instances learn of a change when its NOTIFY arrives (milliseconds after the commit);
 * the instance that made a change learns it before its answer leaves (`invalidateOnWrite`),
 * so an admin always sees their own edit.
 */
export class CatalogueCache {
  private readonly counters = new Map<CatalogueTable, number>(TABLES.map((t) => [t, 0]));
  private readonly entries = new Map<string, Entry>();
  private readonly syncs = new Map<string, () => void>();
  private readonly rowListeners = new Map<string, (id: string) => void>();
  private gaps = 0;
  private readonly waitingForListen: (() => void)[] = [];
  /** The LISTEN is in place (it may still be silent: `live` says whether it delivers). */
  private listening = false;
  private live = false;
  private subscription: Subscription | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private database: Database | undefined;
  private log: FastifyBaseLogger | undefined;

  private readonly enabled: boolean;
  private readonly opts: FeedTimings;
  private timings: Required<FeedTimings> = PGLITE_TIMINGS;
  /** When the last round trip that came back was sent: every change committed before then has arrived. */
  private provenAt = 0;
  private checking = false;

  /**
   * `heartbeatMs`: how often a round trip through the channel proves it still delivers;
   * `syncTimeoutMs`: how long such a round trip may take before the feed counts as silent;
   * `maxSilenceMs`: how old the last proof may be before memory is no longer trusted. Unset,
   * they follow the database (`POSTGRES_TIMINGS`, `PGLITE_TIMINGS`).
   */
  constructor(opts: { enabled?: boolean } & FeedTimings = {}) {
    this.enabled = opts.enabled ?? true;
    this.opts = opts;
  }

  /**
   * Whether reads are answered from memory: the feed is live and was proven so within
   * `maxSilenceMs`. A connection that stops delivering without closing (a frozen peer) says
   * nothing itself; the proof running out of date is what turns memory off, so a change it
   * hid (a ban, a role) is read from the database within that time, on every instance.
   */
  get isLive(): boolean {
    if (this.live && Date.now() - this.provenAt >= this.timings.maxSilenceMs) {
      this.log?.error({ silentMs: Date.now() - this.provenAt }, 'catalogue cache: change feed silent, reading the database');
      this.setLive(false);
    }
    return this.live;
  }

  /**
   * Grows each time the feed stops or starts proving itself live: a row cache built on this
   * feed (`onRowChanged`) drops what it read under another value, as the gap may have hidden a change.
   */
  get epoch(): number {
    return this.gaps;
  }

  /**
   * Row-level changes on this feed: a message `<prefix>:<id>` (e.g. `user:42`, migration
   * 0024_user_changes.sql) calls `listener(id)`, `<prefix>:*` means every row. Lets another area keep
   * rows in memory with the same guarantees, on the same LISTEN connection.
   */
  onRowChanged(prefix: string, listener: (id: string) => void): void {
    this.rowListeners.set(prefix, listener);
  }

  /**
   * The value under `key`, loaded with `load` when missing or when any of `tables` changed
   * since it was loaded. Concurrent reads of a missing key share one load.
   */
  read<T>(key: string, tables: readonly CatalogueTable[], load: () => Promise<T>): Promise<T> {
    if (!this.isLive) return load();
    const stamp = this.stamp(tables);
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    const entry = { stamp, value };
    this.entries.set(key, entry);
    // A failed load is not remembered: the next read tries again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Marks tables (default: all) as changed, so entries read from them load again. */
  invalidate(tables: readonly CatalogueTable[] = TABLES): void {
    for (const t of tables) this.counters.set(t, this.counters.get(t)! + 1);
  }

  /** Starts listening for changes; idempotent. A disabled cache never answers from memory. */
  start(database: Database, log: FastifyBaseLogger): void {
    if (!this.enabled || this.subscription) return;
    this.database = database;
    this.log = log;
    this.timings = { ...(database.kind === 'postgres' ? POSTGRES_TIMINGS : PGLITE_TIMINGS), ...definedOnly(this.opts) };
    this.subscription = database.listen(CHANNEL, {
      message: (payload) => this.onMessage(payload),
      ready: () => {
        this.listening = true;
        this.waitingForListen.splice(0).forEach((resume) => resume());
        void this.check();
      },
      lost: (error) => {
        this.listening = false;
        if (this.live) log.warn({ err: error }, 'catalogue cache: change feed lost, reading the database until it is back');
        this.setLive(false);
      },
    });
    this.heartbeat = setInterval(() => void this.check(), this.timings.heartbeatMs).unref();
  }

  async stop(): Promise<void> {
    this.listening = false;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.setLive(false);
    await this.subscription?.close();
    this.subscription = undefined;
  }

  /**
   * Resolves once every change committed before the call has reached this instance: a
   * notification sent now arrives after all earlier ones (PostgreSQL delivers in commit order).
   * Rejects when it does not come back in time (`syncTimeoutMs`).
   */
  async sync(): Promise<void> {
    const database = this.database;
    if (!database) throw new Error('the catalogue cache is not started');
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      const ms = this.timings.syncTimeoutMs;
      timer = setTimeout(() => reject(new Error(`the catalogue change feed did not answer within ${ms} ms`)), ms);
    });
    timeout.catch(() => {});
    const arrived = new Promise<void>((resolve) => this.syncs.set(nonce, resolve));
    let resume: (() => void) | undefined;
    try {
      // A notification sent before the LISTEN is in place would never come back.
      if (!this.listening) await Promise.race([new Promise<void>((r) => this.waitingForListen.push((resume = r))), timeout]);
      const sentAt = Date.now();
      // Raced too: the pool may be what hangs.
      await Promise.race([database.notify(CHANNEL, SYNC_PREFIX + nonce), timeout]);
      // Sent and committed, yet not heard back: the LISTEN connection is what is silent.
      await Promise.race([arrived, timeout]).catch((e: Error) => {
        throw Object.assign(e, { silent: true });
      });
      this.provenAt = Math.max(this.provenAt, sentAt);
    } finally {
      clearTimeout(timer);
      this.syncs.delete(nonce);
      // A heartbeat that timed out while the connection is down must not stay queued for ever.
      const queued = resume ? this.waitingForListen.indexOf(resume) : -1;
      if (queued >= 0) this.waitingForListen.splice(queued, 1);
    }
  }

  private async check(): Promise<void> {
    // One round trip at a time: a slow one must not pile up others behind it.
    if (!this.subscription || this.checking) return;
    this.checking = true;
    try {
      await this.sync();
      if (!this.live) this.log?.info('catalogue cache: change feed live');
      this.setLive(true);
    } catch (error) {
      if (this.live) this.log?.error({ err: error }, 'catalogue cache: change feed silent, reading the database');
      // A LISTEN connection that looks fine but delivers nothing is replaced (not when it was the
      // pool that did not answer: a new LISTEN would not help).
      if (this.listening && (error as { silent?: boolean }).silent) this.subscription?.reconnect();
      this.setLive(false);
    } finally {
      this.checking = false;
    }
  }

  private setLive(live: boolean): void {
    // Whatever was read before a gap in the feed may have missed a change.
    const next = live && Boolean(this.subscription);
    if (next !== this.live) {
      this.entries.clear();
      this.gaps++;
    }
    this.live = next;
  }

  private onMessage(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) return this.syncs.get(payload.slice(SYNC_PREFIX.length))?.();
    const colon = payload.indexOf(':');
    if (colon > 0) return this.rowListeners.get(payload.slice(0, colon))?.(payload.slice(colon + 1));
    const table = payload as CatalogueTable;
    this.invalidate(this.counters.has(table) ? [table] : TABLES);
  }

  /** Counters only grow, so their sum changes whenever any of them does. */
  private stamp(tables: readonly CatalogueTable[]): number {
    let sum = 0;
    for (const t of tables) sum += this.counters.get(t)!;
    return sum;
  }
}

/**
 * Invalidates `tables` on this instance before each answer of a write route (any method but
 * GET and HEAD) of the plugin it is registered in leaves, after the route's transaction
 * committed: the writer's next read cannot meet the old value, even before the NOTIFY arrives.
 * Attached to write routes only, so reads pay nothing for it.
 */
export function invalidateOnWrite(app: FastifyInstance, cache: CatalogueCache, tables?: readonly CatalogueTable[]): void {
  const hook: onSendHookHandler = async (_request, _reply, payload) => {
    cache.invalidate(tables);
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) return;
    route.onSend = [...[route.onSend ?? []].flat(), hook];
  });
}
