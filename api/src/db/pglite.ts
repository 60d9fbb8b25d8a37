import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Every PGlite the API opens (the server, tests, backup and restore) loads the extensions its
 * migrations create: a data directory holding `CREATE EXTENSION pg_trgm` cannot even be
 * queried by an engine that lacks it (docs/DECISIONS.md, "pg_trgm on PGlite").
 */
export function newPglite(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: { pg_trgm } });
}
