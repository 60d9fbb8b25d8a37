import { defineConfig } from 'vitest/config';

/** `npm run screenshots -w web`: every screen in light and dark at 390x844 into web/screenshots/ (same setup as e2e). */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/screenshots.shots.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
