import type { Redis } from 'ioredis';
import type { Page } from '@zalik/contract';
import { pageFrom, windowOf, type PageRequest } from './page.js';
import { within } from './within.js';

/**
 * Where each page of a list ended, so the next page can start there (keyset paging) while the
 * clients keep sending `page` numbers. Both clients page forward one page at a time, so page N
 * finds page N-1's last key here and reads only its own rows instead of skipping N × limit; a
 * page nobody asked for before it (a jump, an evicted key) is read with OFFSET as before and its
 * end is kept for the next (the admin's user list also reads the row just before such a page
 * and keeps it as the previous page's end, so reopening the page reads by key too). Bounded:
 * the oldest lists are forgotten first.
 *
 * Each instance keeps the ends it served in memory; with `shared` (Redis, when REDIS_URL is set)
 * every instance behind a load balancer also finds the ends the others served, so the next page
 * is read by key whichever instance answers it. The shared store is a hint: when it is down or
 * slow the page is read by OFFSET, never refused.
 *
 * One instance per app (never module state): a key is only meaningful for the database it came
 * from. The key continues the list exactly where the client's previous page ended, so rows
 * written in between no longer shift a page onto one already shown, as OFFSET did.
 */
export interface PageKeys<K> {
  /** The last key of page `page` of `list`, if this or (with `shared`) another instance served it. */
  before(list: string, page: number): Promise<K | undefined>;
  /** Remembers where page `page` of `list` ended (in the shared store in the background). */
  remember(list: string, page: number, key: K): void;
}

/** Page ends every instance reads and writes (`redisPageEnds`); values are JSON. */
export interface SharedPageEnds {
  get(id: string): Promise<string | null>;
  set(id: string, value: string): Promise<void>;
}

/** A page end read from the shared store within this time, or the page is read by OFFSET. */
const SHARED_READ_MS = 200;

/**
 * `name`: the list's kind (`transactions`, `disputes`...), so lists of different kinds never
 * share a key in the shared store.
 */
export function createPageKeys<K>(name: string, shared: SharedPageEnds | null = null, max = 10_000): PageKeys<K> {
  const keys = new Map<string, K>();
  const id = (list: string, page: number) => `${name}:${list}#${page}`;
  const keep = (at: string, key: K) => {
    keys.delete(at);
    keys.set(at, key);
    while (keys.size > max) keys.delete(keys.keys().next().value!);
  };
  return {
    async before(list, page) {
      if (page <= 0) return undefined;
      const at = id(list, page - 1);
      const key = keys.get(at);
      if (key !== undefined) {
        // Recently used lists stay: re-insert at the end of the Map's order.
        keep(at, key);
        return key;
      }
      if (!shared) return undefined;
      const found = await within(shared.get(at), SHARED_READ_MS).catch(() => null);
      const parsed = found ? parseKey<K>(found) : undefined;
      if (parsed !== undefined) keep(at, parsed);
      return parsed;
    },
    remember(list, page, key) {
      const at = id(list, page);
      keep(at, key);
      shared?.set(at, JSON.stringify(key)).catch(() => undefined);
    },
  };
}

/** A value some other writer put there is no key: the page is read by OFFSET instead. */
function parseKey<K>(text: string): K | undefined {
  try {
    return JSON.parse(text) as K;
  } catch {
    return undefined;
  }
}

/** Redis keys of the page ends; each expires an hour after its page was served. */
export const PAGE_ENDS_NAMESPACE = 'zalik:page:';
const PAGE_END_TTL_SECONDS = 3600;

/**
 * `tag`: the database's own name (db/database-tag.ts), read once: page ends name rows of one
 * database, so the instances of another deployment on the same Redis must never find them.
 */
export function redisPageEnds(redis: Redis, tag: () => Promise<string>): SharedPageEnds {
  let prefix: Promise<string> | undefined;
  const keyOf = async (id: string) => {
    prefix ??= tag().then((t) => `${PAGE_ENDS_NAMESPACE}${t}:`);
    // A failed read of the tag is tried again next time rather than kept.
    return prefix.catch((err: unknown) => {
      prefix = undefined;
      throw err;
    }).then((p) => p + id);
  };
  return {
    get: async (id) => redis.get(await keyOf(id)),
    set: async (id, value) => {
      await redis.set(await keyOf(id), value, 'EX', PAGE_END_TTL_SECONDS);
    },
  };
}

/**
 * One page of `list`: by key when a page before it was served (here or, shared, elsewhere), else
 * by OFFSET, reading the row just before the page too and keeping its key as the previous page's
 * end, so reopening or refreshing the page reads by key. `read(after, limit, offset)` answers the
 * list's rows after `after` (from the start when undefined) in the list's order; `keyOf` is a row's key.
 */
export async function keysetPage<R, K>(
  keys: PageKeys<K>,
  list: string,
  page: PageRequest,
  keyOf: (row: R) => K,
  read: (after: K | undefined, limit: number, offset: number) => Promise<R[]>,
): Promise<Page<R>> {
  const { limit, offset } = windowOf(page);
  const after = await keys.before(list, page.page);
  const lead = after === undefined && offset > 0 ? 1 : 0;
  const rows = await read(after, limit + lead, after === undefined ? offset - lead : 0);
  if (lead && rows[0]) keys.remember(list, page.page - 1, keyOf(rows[0]));
  const found = rows.slice(lead);
  const end = found[page.limit - 1];
  if (end && found.length > page.limit) keys.remember(list, page.page, keyOf(end));
  return pageFrom(found, page);
}
