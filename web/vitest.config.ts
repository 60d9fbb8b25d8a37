import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Two lanes: `unit` (pure modules, hooks and the shared ui/ components), which the root's
 * `npm run test:fast` runs, and `screens` (every screen's test, rendered through test/harness.tsx),
 * which `npm test` adds. A test lands by where it lives: a .tsx test under src/screens/ is a screen's.
 */
const SCREENS = ['src/screens/**/*.test.tsx'];

/**
 * Tests that need Node's `performance` (the Telegram SDK reads its navigation entries, which
 * jsdom's own `performance` lacks): these run in a fork, where jsdom leaves Node's in place.
 */
const NODE_PERFORMANCE = ['src/telegram/demo.test.ts'];

export default defineConfig({
  plugins: [react()],
  // The contract from its source, not its build: a change there is seen by the next test run
  // without `npm run build -w contract` (the type-check and the browser tests still build it).
  resolve: { alias: { '@zalik/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) } },

  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // Each file still gets a fresh module graph and window, but jsdom and the libraries are loaded
    // once per worker: importing jsdom for every file cost more than the tests themselves.
    pool: 'vmThreads',
    // Vitest's default is one worker less than the cores: a single worker on two.
    maxWorkers: 2,
    // A test may wait several times for Testing Library's 5 s (test/harness.tsx): a test's own
    // limit well above one wait keeps a slow, loaded machine from failing a test that would pass.
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], exclude: [...SCREENS, ...NODE_PERFORMANCE] } },
      { extends: true, test: { name: 'unit-forks', include: NODE_PERFORMANCE, pool: 'forks' } },
      { extends: true, test: { name: 'screens', include: SCREENS } },
    ],
  },
});
