import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/unit/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A test may wait several times for Testing Library's 5 s (test/harness.tsx): a test's own
    // limit well above one wait keeps a slow, loaded machine from failing a test that would pass.
    testTimeout: 20_000,
  },
});
