import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the built app served by the real API in demo mode, driven by Debian's Chromium
 * through playwright-core. Each file starts its own API on its own copy of the run's migrated
 * database, so tests never see each other's data. Two files at a time on a 2-core CI machine:
 * a file spends most of its time waiting on its browser and its API, and one at a time made
 * the browser pass half of CI.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    // Beside another file's browser and API, a loaded machine now and then misses a 30 s wait;
    // a test that fails twice fails (its pages' pictures and text are kept: e2e/helpers.ts).
    retry: 1,
    // CI machines have run this lane 2-2.7 times slower than an idle development machine (a test
    // of 22 s there took over 60 s): a test's limit leaves that margin over its local time.
    testTimeout: 150_000,
    // A file's beforeAll starts its API (up to 100 s on a loaded machine: e2e/server.ts) and its browser.
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
