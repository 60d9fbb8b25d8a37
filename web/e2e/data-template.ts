/**
 * The run's migrated database, copied for each test file's API: creating a PGlite cluster and
 * migrating it took 3 s of CPU per file on an idle machine and up to 28 s on a loaded one; a copy
 * of the migrated folder opens in well under a second. The demo data is still seeded by each
 * API at its start, so its dates are that file's.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../api/src/db/client';
import { migrate } from '../../api/src/db/migrate';
import { createScratchDatabase } from '../../api/src/db/scratch';

/** Where the template is: a DATA_DIR holding a migrated PGlite, or a migrated PostgreSQL database's name. */
export type DataTemplate = { pgliteDataDir: string } | { postgresDatabase: string };

/** The folder of DATA_DIR that holds the embedded database (api/src/db/client.ts). */
const PGLITE_FOLDER = 'pgdata';

export async function createDataTemplate(databaseUrl: string | undefined): Promise<{ data: DataTemplate; drop(): Promise<void> }> {
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, 'zalik_e2e_tpl');
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      await migrate(database);
    } finally {
      // A template must have no open connection while databases are copied from it.
      await database.close();
    }
    return { data: { postgresDatabase: new URL(scratch.url).pathname.slice(1) }, drop: scratch.drop };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-e2e-template-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  return { data: { pgliteDataDir: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Puts a copy of the template in `dataDir`, or creates a PostgreSQL database from it; answers that database's URL. */
export async function copyDataTemplate(template: DataTemplate, dataDir: string, databaseUrl: string | undefined) {
  if ('postgresDatabase' in template) {
    if (!databaseUrl) throw new Error('The run was prepared on PostgreSQL, but DATABASE_URL is not set in this worker');
    return createScratchDatabase(databaseUrl, 'zalik_e2e', template.postgresDatabase);
  }
  cpSync(path.join(template.pgliteDataDir, PGLITE_FOLDER), path.join(dataDir, PGLITE_FOLDER), { recursive: true });
  return undefined;
}
