import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { LONG_DB_TIMEOUTS } from '../db/timeouts.js';
import { migrate } from '../db/migrate.js';
import { checkLedger } from '../modules/ledger/check.js';

/**
 * `npm run ledger:check`: prints what is wrong with the ledger and exits non-zero if anything is.
 * Uses DATABASE_URL when set, else the PGlite files under DATA_DIR (stop the server first:
 * PGlite allows one process per directory). All reads share one snapshot, so a check taken
 * while purchases run on PostgreSQL never reports a half-seen transaction.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: LONG_DB_TIMEOUTS });
try {
  await migrate(database);
  const report = await database.db.transaction((tx) => checkLedger(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`;
  if (report.ok) {
    console.log(`ledger OK (${where}): ${report.accounts} accounts, ${report.transfers} transfers, balances sum to 0`);
  } else {
    console.error(`ledger BROKEN (${where}, ${report.problems.length} problems):`);
    for (const p of report.problems) console.error(`  - ${p}`);
    process.exitCode = 1;
  }
} catch (e) {
  console.error(`ledger check failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
