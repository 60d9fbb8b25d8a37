import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the built app served by the real API in demo mode, driven by Debian's Chromium
 * through playwright-core. Files run one after another (a 2-core CI machine); each file starts
 * its own API with its own database, so tests never see each other's data.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
