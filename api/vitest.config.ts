import { defineConfig } from 'vitest/config';

/**
 * The slow lane: several processes or thousands of requests per file. Everything else is the
 * fast lane (pure functions and single-request tests), run on every change with `npm run test:fast`.
 * `npm test` runs both.
 */
export const SLOW = [
  'test/fuzz-api.test.ts',
  'test/purchase-processes.test.ts',
  'test/purchase-concurrency.test.ts',
  'test/purchase-withdraw-race.test.ts',
  'test/backup-roundtrip.test.ts',
  'test/catalogue-cache-instances.test.ts',
  'test/db-outage.test.ts',
  'test/db-restart.test.ts',
  'test/blob-instances.test.ts',
  'test/template-bomb.test.ts',
  'test/purchase-free-take.test.ts',
  'test/deposits-monobank-processes.test.ts',
  'test/orders-escrow-race.test.ts',
  'test/dashboard-scale.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: PGlite instances are CPU-heavy, and PostgreSQL tests create a database per file.
    maxWorkers: 2,
    // Migrates one template database per run; each test file gets a copy (test/setup/template.ts).
    globalSetup: ['test/setup/global.ts'],
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
