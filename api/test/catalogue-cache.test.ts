import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase, rows, type Database } from '../src/db/client.js';
import type { ChannelHandlers } from '../src/db/listen.js';
import { CatalogueCache } from '../src/db/catalogue-cache.js';
import { createPgDatabase, onPostgres } from './helpers.js';

const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

// One database for the file (starting a PGlite costs seconds of CPU): each test listens
// through a wrapper of its own and stops its cache afterwards, so tests share no state.
let shared: Promise<{ database: Database; drop?: () => Promise<void> }> | undefined;
const sharedDatabase = async (): Promise<Database> => {
  shared ??= (async () => {
    const pgDb = onPostgres ? await createPgDatabase() : undefined;
    return { database: await openDatabase({ databaseUrl: pgDb?.url }), drop: pgDb?.drop };
  })();
  return (await shared).database;
};
afterAll(async () => {
  const s = await shared;
  await s?.database.close();
  await s?.drop?.();
});

/** A database of the run's kind whose change feed the test can hold back, break and restore. */
async function feedDatabase() {
  const database = await sharedDatabase();
  let handlers: ChannelHandlers | undefined;
  let silent = false;
  const wrapped: Database = {
    ...database,
    listen(channel, on) {
      handlers = on;
      return database.listen(channel, { ...on, message: (p) => !silent && on.message(p) });
    },
  };
  return {
    database: wrapped,
    notify: (table: string) => database.db.execute(sql`SELECT pg_notify('catalogue_changed', ${table})`),
    /** Messages stop arriving, as behind a pooler that does not keep LISTEN. */
    silence: () => (silent = true),
    lose: () => handlers!.lost(new Error('connection reset')),
    restore: () => handlers!.ready(),
    // The shared database stays open for the next test (closed after all).
    async close() {},
  };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function liveCache(opts: ConstructorParameters<typeof CatalogueCache>[0] = {}) {
  const feed = await feedDatabase();
  const cache = new CatalogueCache(opts);
  cache.start(feed.database, log);
  cleanup.push(() => feed.close(), () => cache.stop());
  await vi.waitFor(() => expect(cache.isLive).toBe(true));
  return { feed, cache };
}

/** A load that counts its calls and answers the call number. */
const counter = () => {
  const load = vi.fn(async () => load.mock.calls.length);
  return load;
};

describe('the catalogue cache', () => {
  it('answers from memory until a table the value was read from changes', async () => {
    const { feed, cache } = await liveCache();
    const load = counter();
    expect(await cache.read('k', ['tasks', 'discounts'], load)).toBe(1);
    expect(await cache.read('k', ['tasks', 'discounts'], load)).toBe(1);

    await feed.notify('news');
    await cache.sync();
    expect(await cache.read('k', ['tasks', 'discounts'], load)).toBe(1);

    await feed.notify('discounts');
    await cache.sync();
    expect(await cache.read('k', ['tasks', 'discounts'], load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never keeps a value whose load raced a change, and shares one load between concurrent reads', async () => {
    const { feed, cache } = await liveCache();
    let release!: (v: string) => void;
    const slow = vi.fn(() => new Promise<string>((r) => (release = r)));
    const first = cache.read('k', ['tasks'], slow);
    const second = cache.read('k', ['tasks'], slow);
    await feed.notify('tasks');
    await cache.sync();
    release('read before the change');
    expect(await first).toBe('read before the change');
    expect(await second).toBe('read before the change');
    expect(slow).toHaveBeenCalledTimes(1);

    const fresh = vi.fn(async () => 'read after the change');
    expect(await cache.read('k', ['tasks'], fresh)).toBe('read after the change');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed load', async () => {
    const { cache } = await liveCache();
    await expect(cache.read('k', ['news'], () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.read('k', ['news'], async () => 'ok')).toBe('ok');
  });

  it('reads the database while its feed is lost and starts afresh once the feed is back', async () => {
    const { feed, cache } = await liveCache();
    const load = counter();
    await cache.read('k', ['subjects'], load);

    feed.lose();
    expect(cache.isLive).toBe(false);
    expect(await cache.read('k', ['subjects'], load)).toBe(2);
    expect(await cache.read('k', ['subjects'], load)).toBe(3);

    feed.restore();
    await vi.waitFor(() => expect(cache.isLive).toBe(true));
    // What was kept before the gap may have missed a change: it is read again.
    expect(await cache.read('k', ['subjects'], load)).toBe(4);
    expect(await cache.read('k', ['subjects'], load)).toBe(4);
  });

  it('never trusts a feed that does not deliver, and goes back to the database when it falls silent', async () => {
    const { feed, cache } = await liveCache({ heartbeatMs: 50, syncTimeoutMs: 100 });
    const load = counter();
    await cache.read('k', ['news'], load);
    feed.silence();
    await vi.waitFor(() => expect(cache.isLive).toBe(false), { timeout: 2000 });
    expect(await cache.read('k', ['news'], load)).toBe(2);
    expect(await cache.read('k', ['news'], load)).toBe(3);
  });

  it('is on unless CATALOGUE_CACHE=off, and refuses any other value at start', () => {
    expect(loadConfig({}).catalogueCache).toBe(true);
    expect(loadConfig({ CATALOGUE_CACHE: 'off' }).catalogueCache).toBe(false);
    expect(() => loadConfig({ CATALOGUE_CACHE: 'no' })).toThrow(ConfigError);
    expect(() => loadConfig({ CATALOGUE_CACHE: 'no' })).toThrow('CATALOGUE_CACHE must be on or off, got "no"');
  });

  it('switched off (CATALOGUE_CACHE=off) always reads the database', async () => {
    const feed = await feedDatabase();
    const cache = new CatalogueCache({ enabled: false });
    cache.start(feed.database, log);
    cleanup.push(() => feed.close(), () => cache.stop());
    const load = counter();
    await cache.read('k', ['news'], load);
    await cache.read('k', ['news'], load);
    expect(cache.isLive).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the change feed', () => {
  if (onPostgres) {
    it('reconnects after its PostgreSQL connection is killed, and hears changes again', async () => {
      const { feed, cache } = await liveCache();
      const load = counter();
      await cache.read('k', ['tasks'], load);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      cleanup.push(() => admin.end());
      // Only this test's database: other test files' API processes listen on theirs at the same time.
      const [{ name }] = (await rows<{ name: string }>(feed.database.db, sql`SELECT current_database() AS name`)) as [{ name: string }];
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'zalik-listen-catalogue_changed' AND datname = $1 AND pid <> pg_backend_pid()`,
        [name],
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      await vi.waitFor(() => expect(cache.isLive).toBe(false));
      await vi.waitFor(() => expect(cache.isLive).toBe(true), { timeout: 5000 });
      expect(await cache.read('k', ['tasks'], load)).toBe(2);
      await feed.notify('tasks');
      await cache.sync();
      expect(await cache.read('k', ['tasks'], load)).toBe(3);
    });
  } else {
    it('on PGlite hears a commit before the committing query resolves, and never a rolled-back change', async () => {
      const database = await sharedDatabase();
      const heard: string[] = [];
      const sub = database.listen('catalogue_changed', { message: (p) => heard.push(p), ready: () => {}, lost: () => {} });
      cleanup.push(() => sub.close());
      await vi.waitFor(async () => {
        await database.db.execute(sql`SELECT pg_notify('catalogue_changed', 'probe')`);
        expect(heard).toContain('probe');
      });
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_notify('catalogue_changed', 'committed')`);
        expect(heard).not.toContain('committed');
      });
      expect(heard).toContain('committed');
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_notify('catalogue_changed', 'rolled back')`);
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(heard).not.toContain('rolled back');
    });
  }
});
