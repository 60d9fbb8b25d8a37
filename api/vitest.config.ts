import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: PGlite instances are CPU-heavy, and PostgreSQL tests create a database per file.
    maxWorkers: 2,
  },
});
