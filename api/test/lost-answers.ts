import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client.js';

const dialect = new PgDialect();

/**
 * `db` with a connection that drops around the statements whose SQL contains `marker`, the
 * first `times` of them: `after`, the statement runs and commits and its answer is lost (the
 * connection died on the way back); `before`, it never reaches the database. Either way the
 * caller gets the driver's error and cannot tell which happened.
 */
export function losingAnswers(db: Db, marker: string, opts: { when: 'before' | 'after'; times?: number }): Db & { readonly lost: number } {
  let lost = 0;
  const drop = () => {
    lost++;
    throw new Error('Connection terminated unexpectedly');
  };
  const execute = async (query: SQL) => {
    const hit = lost < (opts.times ?? 1) && dialect.sqlToQuery(query).sql.includes(marker);
    if (hit && opts.when === 'before') drop();
    const result = await db.execute(query);
    if (hit) drop();
    return result;
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') return execute;
      if (prop === 'lost') return lost;
      return Reflect.get(target, prop, receiver);
    },
  }) as Db & { readonly lost: number };
}
