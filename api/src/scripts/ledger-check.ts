import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { LONG_DB_TIMEOUTS } from '../db/timeouts.js';
import { migrate } from '../db/migrate.js';
import { runLedgerCheck } from '../modules/ledger/check.js';

/**
 * `npm run ledger:check [-- --full]`: prints what is wrong with the ledger and exits non-zero if
 * anything is. Incremental from the newest verified point (transfers after it only) unless
 * `--full` or there is none; a clean check records a new point (docs/LEDGER.md). Uses
 * DATABASE_URL when set, else the PGlite files under DATA_DIR (stop the server first: PGlite
 * allows one process per directory). All reads share one snapshot, so a check taken while
 * purchases run on PostgreSQL never reports a half-seen transaction.
 */
const config = loadConfig();
const full = process.argv.slice(2).includes('--full');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: LONG_DB_TIMEOUTS });
try {
  await migrate(database);
  const started = performance.now();
  const report = await runLedgerCheck(database.db, { full });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`;
  const mode =
    report.mode === 'full'
      ? `full: read all ${report.read} transfers`
      : `incremental from transfer ${report.from}: read ${report.read} transfers after it`;
  const point = report.recorded === null ? 'verified point unchanged' : `verified through transfer ${report.recorded}`;
  for (const note of report.notes) console.log(`note: ${note}`);
  if (report.ok) {
    console.log(`ledger OK (${where}; ${mode}; ${seconds} s): ${report.accounts} accounts, ${report.transfers} transfers, balances sum to 0; ${point}`);
  } else {
    console.error(`ledger BROKEN (${where}; ${mode}; ${report.problems.length} problems):`);
    for (const p of report.problems) console.error(`  - ${p}`);
    process.exitCode = 1;
  }
} catch (e) {
  console.error(`ledger check failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
