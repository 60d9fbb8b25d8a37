import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// '.js': the bundled config loader resolves it to the .ts file, and tsc (no
// allowImportingTsExtensions) accepts it; an extensionless import makes Vite warn.
import { precompress } from './build/precompress.js';

const EARLY_ENTRY = 'src/app/early.ts';
/** The demo's Telegram emulation and header: one chunk, loaded only in demo mode. */
const DEMO_MODULES = /[\\/]src[\\/](telegram[\\/](demo|palettes)\.ts|app[\\/]DemoBar\.(tsx|module\.css))$/;

/**
 * The boot prefetch (src/app/early.ts) is its own tiny entry, loaded by the first <script> of
 * index.html, ahead of the app's bundle: it starts the first screen's API requests while the
 * bundle downloads. (A second <script> in index.html itself would be merged into the app's
 * entry by Vite, which is exactly what must not happen.) The demo chunk's address goes in a
 * <meta> for early.ts, which preloads it only in demo mode.
 */
function earlyRequests(): Plugin {
  return {
    name: 'zalik-early-requests',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${EARLY_ENTRY}` }, injectTo: 'head-prepend' }];
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        const early = chunks.find((c) => c.isEntry && c.name === 'early');
        const demo = chunks.find((c) => c.name === 'demo');
        if (!early || !demo) throw new Error('the early or the demo chunk is missing from the build');
        return [
          // async: run as soon as it arrives, not after the parse and the stylesheets as a
          // deferred module script would.
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}` }, injectTo: 'head-prepend' },
          { tag: 'meta', attrs: { name: 'zalik:demo-chunk', content: `/${demo.fileName}` }, injectTo: 'head' },
        ];
      },
    },
  };
}

const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), earlyRequests(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: scripts/check-bundle.ts reads the chunk graph from it.
    manifest: true,
    // Modern webviews only (es2022); and the first screen is one chunk, with nothing to preload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: 'index.html', early: EARLY_ENTRY },
      output: {
        codeSplitting: {
          // Everything the first screen loads statically in ONE chunk (and so one stylesheet):
          // on HTTP/1.1 a browser opens 6 connections per host, and the early API requests
          // must not queue behind half a dozen small files. Lazy chunks import from it.
          groups: [
            { name: 'app', tags: ['$initial'], test: (id: string) => !id.endsWith(EARLY_ENTRY) },
            { name: 'demo', test: DEMO_MODULES },
            // A subject's task list, its filter pickers and the buying forms: one chunk (prefetched
            // after the first screen), so moving between them never waits for another file.
            { name: 'catalogue', test: /[\\/]src[\\/]screens[\\/](tasks[\\/](list|pickers)|buying)[\\/]/ },
          ],
        },
      },
      // lottie-web's full and svg builds use direct eval for expressions; we ship only its
      // light build (no eval), but the bundler still parses the others and would warn.
      checks: { eval: false },
      treeshake: {
        // @zalik/contract is pure (schemas, constants, messages) but its package.json does not
        // say so; without this every zod schema in it would ship to the browser because the
        // client only needs MSG and a few constants.
        // The same for the UI kit's components (declarations and their stylesheet, nothing
        // at import time): through ui/index.ts every screen would otherwise pull every
        // component, with its CSS, into the first screen's bundle.
        moduleSideEffects: (id: string) => !/[\\/]contract[\\/]dist[\\/]|[\\/]src[\\/]ui[\\/][^\\/]+\.tsx?$/.test(id),
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
