import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: scripts/check-bundle.ts reads the chunk graph from it.
    manifest: true,
    rolldownOptions: {
      // lottie-web's full and svg builds use direct eval for expressions; we ship only its
      // light build (no eval), but the bundler still parses the others and would warn.
      checks: { eval: false },
      treeshake: {
        // @zalik/contract is pure (schemas, constants, messages) but its package.json does not
        // say so; without this every zod schema in it would ship to the browser because the
        // client only needs MSG and a few constants.
        moduleSideEffects: (id: string) => !/[\\/]contract[\\/]dist[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/healthz': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/healthz': { target: API_ORIGIN, changeOrigin: true },
    },
  },
});
