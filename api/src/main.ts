import { serveMetricsPort } from './plugins/metrics.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { buildApp } from './app.js';
import { createDeps, createRunner } from './deps.js';
import { seedDemo } from './modules/demo/seed.js';
import { setupTelegram } from './bot/runtime.js';
import { setBankWebhook } from './modules/deposits/monobank.js';

/**
 * How long the shutdown's steps (after the drain) may take: running jobs finish within the
 * database's query timeout (17 s by default), and orchestrators kill at about 30 s anyway.
 */
const SHUTDOWN_STEPS_MS = 30_000;

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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.dbTimeouts, analytics: config.analytics });
  await migrate(database);
  // Demo mode's local fakes of the Bot API and the bank (imported here only: production never loads them).
  const demo = config.demo && !config.production ? await (await import('./modules/demo/payments.js')).startDemoPayments(config) : undefined;
  if (demo) config = demo.config;
  const deps = createDeps(config, database, { demoPayments: demo?.payments });
  const app = await buildApp(deps);
  const telegram = setupTelegram(app, deps);
  // All background work (the outbox included) runs here, on every instance; see docs/JOBS.md.
  const runner = createRunner(deps, app.log.child({ module: 'jobs' }));

  if (config.demo) {
    app.log.warn('DEMO MODE: no BOT_TOKEN, so initData is signed locally; personas are at POST /api/dev/init-data');
    app.log.warn('DEMO MODE: Telegram notifications are written to this log instead of being sent');
    app.log.warn({ botApi: config.botApiRoot, bank: config.deposits.monobank.apiRoot }, 'DEMO MODE: Stars and the bank jar are local fakes; the demo pays them from the app');
    if (await seedDemo(deps)) app.log.info('demo data seeded');
  }

  let stopMetrics = async () => {};
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 from now on, so a load balancer stops sending requests while the
    // running ones, the jobs and the bot finish.
    deps.readiness.draining = true;
    app.log.info({ signal }, 'shutting down');
    // Bot and jobs first (they use the database; running jobs are waited for), then the
    // server, then what createDeps started, then the database. A step that fails is logged
    // and the next still runs: one failing dependency must not leave jobs or requests undrained.
    const steps: [string, () => Promise<unknown>][] = [
      ['bot', () => telegram.stop()],
      ['jobs', () => runner.stop()],
      ['server', () => app.close()],
      ['metrics', () => stopMetrics()],
      ['deps', () => deps.dispose()],
      ['database', () => database.close()],
    ];
    void (async () => {
      // SIGTERM is how orchestrators stop an instance: keep serving while the load balancer's
      // next checks of /readyz see it draining and route elsewhere. SIGINT is a person at a terminal.
      if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
        app.log.info({ drainMs: config.shutdownDrainMs }, 'draining: /readyz fails, requests are still served');
        await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
      }
      // A database that stopped answering without closing (a frozen peer) would hold its pool's
      // close, and so the process, for ever: past the deadline the steps are abandoned.
      setTimeout(() => {
        app.log.error({ deadlineMs: SHUTDOWN_STEPS_MS }, 'shutdown steps did not finish in time: exiting');
        process.exit(1);
      }, SHUTDOWN_STEPS_MS).unref();
      let failed = false;
      for (const [step, run] of steps) {
        await run().catch((err: unknown) => {
          failed = true;
          app.log.error({ err, step }, 'shutdown step failed');
        });
      }
      process.exit(failed ? 1 : 0);
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.kind, files: deps.blobs.kind }, 'Zalik is up');
  if (app.metrics && config.metrics.port) {
    stopMetrics = await serveMetricsPort(app.metrics, config.metrics.port);
    app.log.info({ url: `http://127.0.0.1:${config.metrics.port}/metrics` }, 'metrics served on localhost');
  }
  await runner.start();
  await telegram.start();
  // After listen: the bank checks the URL before it keeps it.
  void setBankWebhook(deps, app.log.child({ module: 'monobank' }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
