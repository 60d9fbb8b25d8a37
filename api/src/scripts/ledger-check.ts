import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { checkLedger } from '../modules/ledger/check.js';

/** `npm run ledger:check`: prints what is wrong with the ledger and exits non-zero if anything is. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const report = await checkLedger(database.db);
  if (report.ok) {
    console.log(`ledger OK: ${report.accounts} accounts, ${report.transfers} transfers, balances sum to 0`);
  } else {
    console.error(`ledger BROKEN (${report.problems.length} problems):`);
    for (const p of report.problems) console.error(`  - ${p}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
