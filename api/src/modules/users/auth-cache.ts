import type { CatalogueCache } from '../../db/catalogue-cache.js';

/** Past this many signed-in users in memory, start again rather than grow. */
const MAX_USERS = 20_000;

interface Entry<T> {
  epoch: number;
  value: Promise<T>;
}

/**
 * The users that requests act as, kept in memory by each API instance: every request needs its
 * user (roles, ban, username), and reading that row was one of a purchase's three statements.
 *
 * It rides on the catalogue cache's change feed, with the same rules: it answers only while
 * that feed is proven live (otherwise every read goes to the database), and a change of a
 * user's username, ban or roles is announced by triggers (migration 0024_user_changes.sql) as
 * `user:<id>`, which drops that user here, also a read still in flight. The instance that
 * made the change drops the user itself right after its commit (`forget`), so an admin's
 * ban holds from the next request on that instance, and within the NOTIFY's milliseconds on
 * the others. Unknown users are not kept: the sign-in that creates one is not announced.
 */
export class AuthUserCache<T> {
  private readonly entries = new Map<number, Entry<T>>();

  constructor(private readonly feed: CatalogueCache) {
    feed.onRowChanged('user', (id) => (id === '*' ? this.entries.clear() : this.forget(Number(id))));
  }

  read(telegramId: number, load: () => Promise<T | null>): Promise<T | null> {
    if (!this.feed.isLive) return load();
    const hit = this.entries.get(telegramId);
    if (hit && hit.epoch === this.feed.epoch) return hit.value;
    if (this.entries.size >= MAX_USERS) this.entries.clear();
    const value = load();
    const entry: Entry<T> = { epoch: this.feed.epoch, value: value as Promise<T> };
    this.entries.set(telegramId, entry);
    const drop = () => {
      if (this.entries.get(telegramId) === entry) this.entries.delete(telegramId);
    };
    value.then((found) => found === null && drop(), drop);
    return value;
  }

  forget(telegramId: number): void {
    this.entries.delete(telegramId);
  }
}
