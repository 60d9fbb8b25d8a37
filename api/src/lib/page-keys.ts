import type { Page } from '@zalik/contract';
import { pageFrom, windowOf, type PageRequest } from './page.js';

/**
 * Where each page of a list ended, so the next page can start there (keyset paging) while the
 * clients keep sending `page` numbers. Both clients page forward one page at a time, so page N
 * finds page N-1's last key here and reads only its own rows instead of skipping N × limit; a
 * page nobody asked for before it (a jump, another instance, an evicted key) is read with OFFSET
 * as before and its end is kept for the next (the admin's user list also reads the row just
 * before such a page and keeps it as the previous page's end, so reopening the page reads by key
 * too). Bounded: the oldest lists are forgotten first.
 *
 * One instance per app (never module state): a key is only meaningful for the database it came
 * from. The key continues the list exactly where the client's previous page ended, so rows
 * written in between no longer shift a page onto one already shown, as OFFSET did.
 */
export interface PageKeys<K> {
  /** The last key of page `page` of `list`, if this instance served it. */
  before(list: string, page: number): K | undefined;
  /** Remembers where page `page` of `list` ended. */
  remember(list: string, page: number, key: K): void;
}

export function createPageKeys<K>(max = 10_000): PageKeys<K> {
  const keys = new Map<string, K>();
  const id = (list: string, page: number) => `${list}#${page}`;
  return {
    before(list, page) {
      if (page <= 0) return undefined;
      const at = id(list, page - 1);
      const key = keys.get(at);
      if (key !== undefined) {
        // Recently used lists stay: re-insert at the end of the Map's order.
        keys.delete(at);
        keys.set(at, key);
      }
      return key;
    },
    remember(list, page, key) {
      const at = id(list, page);
      keys.delete(at);
      keys.set(at, key);
      while (keys.size > max) keys.delete(keys.keys().next().value!);
    },
  };
}

/**
 * One page of `list`: by key when this instance served the page before it, else by OFFSET,
 * reading the row just before the page too and keeping its key as the previous page's end, so
 * reopening or refreshing the page reads by key. `read(after, limit, offset)` answers the list's
 * rows after `after` (from the start when undefined) in the list's order; `keyOf` is a row's key.
 */
export async function keysetPage<R, K>(
  keys: PageKeys<K>,
  list: string,
  page: PageRequest,
  keyOf: (row: R) => K,
  read: (after: K | undefined, limit: number, offset: number) => Promise<R[]>,
): Promise<Page<R>> {
  const { limit, offset } = windowOf(page);
  const after = keys.before(list, page.page);
  const lead = after === undefined && offset > 0 ? 1 : 0;
  const rows = await read(after, limit + lead, after === undefined ? offset - lead : 0);
  if (lead && rows[0]) keys.remember(list, page.page - 1, keyOf(rows[0]));
  const found = rows.slice(lead);
  const end = found[page.limit - 1];
  if (end && found.length > page.limit) keys.remember(list, page.page, keyOf(end));
  return pageFrom(found, page);
}
