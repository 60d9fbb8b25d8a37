import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { newPglite as createPglite } from '../../src/db/pglite.js';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { createScratchDatabase } from '../../src/db/scratch.js';

/**
 * Where a run's migrated template lives, handed from the global setup to the test workers
 * through the environment (forks inherit it): a PGlite data directory dump, or the name of a
 * PostgreSQL template database.
 */
export const PGLITE_TEMPLATE_ENV = 'ZALIK_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'ZALIK_TEST_PG_TEMPLATE';

/**
 * Migrates one database for the whole run. Migrating a fresh database took a second or more
 * of CPU per test file; a copy of a migrated one costs a fraction of that.
 * Returns the teardown.
 */
export async function createTemplate(databaseUrl: string | undefined): Promise<() => Promise<void>> {
  // Each vitest project runs the global setup; the first one's template serves the whole run.
  if (process.env[PG_TEMPLATE_ENV] || process.env[PGLITE_TEMPLATE_ENV]) return async () => {};
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, 'zalik_tpl');
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      await migrate(database);
    } finally {
      // A template must have no open connection while databases are copied from it.
      await database.close();
    }
    process.env[PG_TEMPLATE_ENV] = new URL(scratch.url).pathname.slice(1);
    return async () => {
      delete process.env[PG_TEMPLATE_ENV];
      await scratch.drop();
    };
  }
  const pglite = createPglite();
  const database = await openDatabase({ pglite });
  await migrate(database);
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zalik-template-'));
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

let dump: Blob | undefined;

/** A new in-memory PGlite holding the run's migrated template, or an empty one without a template. */
export async function newPglite(): Promise<PGlite> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || (!dump && !existsSync(file))) return createPglite();
  dump ??= new Blob([readFileSync(file)]);
  const pglite = createPglite({ loadDataDir: dump });
  await pglite.waitReady;
  return pglite;
}
