import { sql } from 'drizzle-orm';
import { row, type Executor } from './client.js';

const TAG_KEY = 'database_tag';

/**
 * A random name this database keeps for itself (in `meta`, made by whichever instance asks
 * first): what the instances of one deployment share in an outside store (Redis) is kept under
 * it, so another deployment, or a test's database, on the same Redis never reads their entries.
 */
export async function databaseTag(ex: Executor): Promise<string> {
  for (;;) {
    const r = await row<{ value: string }>(
      ex,
      sql`WITH made AS (
            INSERT INTO meta (key, value) VALUES (${TAG_KEY}, gen_random_uuid()::text) ON CONFLICT (key) DO NOTHING RETURNING value
          )
          SELECT value FROM made UNION ALL SELECT value FROM meta WHERE key = ${TAG_KEY} LIMIT 1`,
    );
    // Another instance's insert committed while this statement waited on it: its snapshot
    // predates that row, which the next statement sees.
    if (r) return r.value;
  }
}
