import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { buildApp, createDeps } from './app.js';
import { seedDemo } from './modules/demo/seed.js';
import { setupTelegram } from './bot/runtime.js';
import { scheduleOrphanSweep } from './modules/files/sweep.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Zalik cannot start: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  const deps = createDeps(config, database);
  const app = await buildApp(deps);
  const telegram = setupTelegram(app, deps);
  // Files a killed process stored without their row; hourly, one instance at a time.
  const stopSweep = scheduleOrphanSweep(deps, app.log);

  if (config.demo) {
    app.log.warn('DEMO MODE: no BOT_TOKEN, so initData is signed locally; personas are at POST /api/dev/init-data');
    app.log.warn('DEMO MODE: no bot; Telegram notifications are written to this log instead of being sent');
    if (await seedDemo(deps)) app.log.info('demo data seeded');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Bot and outbox first (they use the database), then the server, then the database.
    Promise.all([telegram.stop(), stopSweep()])
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.kind, files: deps.blobs.kind }, 'Zalik is up');
  await telegram.start();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
