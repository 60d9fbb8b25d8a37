import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The slow lane: files that start processes, wait on real time, send thousands of requests or
 * build large data, and files measured too heavy for the fast lane (docs/TESTING.md has the
 * figures). Everything else is the fast lane, run on every change with `npm run test:fast`.
 * `npm test` runs both, and the S3 project.
 */
export const SLOW = [
  // Several processes, or databases of their own on disk.
  'test/purchase-processes.test.ts',
  // Seeds a few thousand users' worth of data through the large dataset's SQL.
  'test/bench-seed.test.ts',
  // Holds the analytics pool's connections asleep.
  'test/dashboard-shared.test.ts',
  // Seeds a marketplace and computes every dashboard panel several times over.
  'test/dashboard-snapshots.test.ts',
  'test/deposits-monobank-processes.test.ts',
  'test/blob-instances.test.ts',
  'test/catalogue-cache-instances.test.ts',
  // Two API instances on one database, and reviews racing on one order.
  'test/reviews-ratings.test.ts',
  'test/db-outage.test.ts',
  'test/db-restart.test.ts',
  // Migrates a fresh database from nothing.
  'test/identifiers-migration.test.ts',
  'test/bot-inbox-payments.test.ts',
  'test/db-freeze.test.ts',
  'test/db-timeouts.test.ts',
  'test/feed-silent.test.ts',
  'test/ledger-service.test.ts',
  'test/backup-roundtrip.test.ts',
  // Thousands of requests or rows.
  'test/fuzz-api.test.ts',
  'test/purchase-concurrency.test.ts',
  'test/purchase-withdraw-race.test.ts',
  'test/purchase-free-take.test.ts',
  'test/orders-escrow-race.test.ts',
  'test/orders-developer-cancel-race.test.ts',
  'test/invites-clawback.test.ts',
  'test/dashboard-scale.test.ts',
  'test/discounts-manage.test.ts',
  'test/permissions-matrix.test.ts',
  'test/payouts-api.test.ts',
  'test/payouts-desk.test.ts',
  // Large files, or waits for timers, polls and rate windows.
  'test/template-bomb.test.ts',
  'test/big-lists.test.ts',
  'test/blob-stores.test.ts',
  'test/fulfilment-templates.test.ts',
  'test/identifiers-library.test.ts',
  'test/bot-start.test.ts',
  'test/bot-inbox.test.ts',
  'test/orders-timers.test.ts',
  'test/security-rate-limit.test.ts',
  'test/catalogue-cache.test.ts',
  'test/readiness.test.ts',
  'test/shutdown-drain.test.ts',
  'test/metrics.test.ts',
  'test/blob-store-full.test.ts',
  'test/threads-live.test.ts',
  'test/threads.test.ts',
  // Heavy for one file: many apps, markets or documents built.
  'test/dashboard-api.test.ts',
  'test/dashboard-export.test.ts',
  'test/deposits-monobank.test.ts',
  'test/deposits-monobank-holes.test.ts',
  'test/catalogue-news.test.ts',
  'test/demo-payments.test.ts',
  'test/fulfilment-manual.test.ts',
  'test/invites-referrals.test.ts',
  'test/orders-files.test.ts',
  'test/purchase-idempotency.test.ts',
  'test/jobs.test.ts',
  'test/broadcasts.test.ts',
  'test/deposits-stars-refund.test.ts',
  'test/demo-dev.test.ts',
  // The tutor: provider timeouts waited out, documents read in worker threads, a 60 MB bomb built, processes killed.
  'test/explanations.test.ts',
  'test/explanations-config.test.ts',
  'test/explanations-documents.test.ts',
  'test/explanations-concurrency.test.ts',
  'test/explanations-processes.test.ts',
  'test/explanations-order-files.test.ts',
  // The demo seeds: whole markets built, not single requests.
  'test/orders-seed.test.ts',
  'test/invites-seed.test.ts',
];

/** Files run a second time with every test context's files in an S3 bucket (TEST_BLOB_STORE=s3). */
export const S3_FILES = [
  'test/fulfilment-manual.test.ts',
  'test/fulfilment-templates.test.ts',
  'test/identifiers-library.test.ts',
  'test/purchase-auto.test.ts',
  'test/purchase-idempotency.test.ts',
  'test/supports-sent.test.ts',
];

export default defineConfig({
  // The contract from its source, not its build: a change there is seen by the next test run
  // without `npm run build -w contract` (the type-check and the browser tests still build it).
  resolve: { alias: { '@zalik/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps the modules it imported for its next file: the app's module graph is
    // imported once per worker instead of once per file. Files share no state beyond it (each
    // builds its own app on its own database), nothing here mocks a module, and spies are restored.
    isolate: false,
    // Two cores: PGlite instances are CPU-heavy, and PostgreSQL tests create a database per file.
    maxWorkers: 2,
    // Migrates one template database per run; each test file gets a copy (test/setup/template.ts).
    globalSetup: ['test/setup/global.ts'],
    projects: [
      // The fast lane's workers keep one PGlite between files (test/setup/template.ts, leasePglite).
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: SLOW, env: { ZALIK_TEST_SHARE_PGLITE: '1' } } },
      { extends: true, test: { name: 'slow', include: SLOW } },
      { extends: true, test: { name: 's3', include: S3_FILES, env: { TEST_BLOB_STORE: 's3' } } },
    ],
  },
});
