import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// '.js': the bundled config loader resolves it to the .ts file, and tsc (no
// allowImportingTsExtensions) accepts it; an extensionless import makes Vite warn.
import { BOOT_ENTRY, EARLY_ENTRY, bootGraph, bootModules, compileHints, earlyRequests, isEarlyModule } from './build/first-screen.js';
import { endpointDocs } from './build/endpoint-docs.js';
import { inlineMessages } from './build/messages.js';
import { reactRouterProduction } from './build/react-router.js';
import { precompress } from './build/precompress.js';
import { SSR_ENTRY, SSR_OUT_DIR } from './build/ssr.js';

/** The demo's Telegram emulation: one chunk, loaded only in demo mode (its header, app/DemoBar.tsx, is another). */
const DEMO_MODULES = /[\\/]src[\\/]telegram[\\/](demo|palettes)\.ts$/;

const API_ORIGIN = 'http://localhost:8080';

/**
 * The server's build (build/build-web.ts runs it after the client's): one self-contained
 * module for Node, React and every package bundled in (the API imports it from wherever the
 * build lies, with no node_modules beside it). The same CSS modules, messages and React Router
 * build as the client's, so the HTML it renders is the one the client hydrates.
 */
const ssrConfig = defineConfig({
  plugins: [react(), reactRouterProduction(), endpointDocs(), inlineMessages()],
  ssr: { noExternal: true, target: 'node' },
  // React's production build whatever NODE_ENV the API runs with (the client's is production too).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: `dist/${SSR_OUT_DIR}`,
    emptyOutDir: true,
    target: 'node20',
    ssr: SSR_ENTRY,
    // Half the bytes for the API to read and compile at its start.
    minify: true,
    rolldownOptions: {
      output: { entryFileNames: 'server.js' },
      checks: { eval: false },
    },
  },
});

const clientConfig = defineConfig({
  plugins: [react(), reactRouterProduction(), endpointDocs(), inlineMessages(), bootGraph(), compileHints(), earlyRequests(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: scripts/check-bundle.ts reads the chunk graph from it.
    manifest: true,
    // Modern webviews only (es2022); and the first screen's chunks are in index.html itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: 'index.html', early: EARLY_ENTRY, boot: BOOT_ENTRY },
      output: {
        codeSplitting: {
          // Everything the first screen loads statically in two chunks (one stylesheet): on
          // HTTP/1.1 a browser opens 6 connections per host, and the early API requests must
          // not queue behind half a dozen small files. `boot`: the Telegram start and all it
          // imports (build/first-screen.ts), which the app imports too; `app`: the rest.
          // Lazy chunks import from them.
          groups: [
            { name: 'boot', priority: 1, tags: ['$initial'], test: (id: string) => bootModules.has(id) },
            { name: 'app', tags: ['$initial'], test: (id: string) => !isEarlyModule(id) },
            { name: 'demo', test: DEMO_MODULES },
            // A subject's task list, its filter pickers and the buying forms: one chunk (prefetched
            // after the first screen), so moving between them never waits for another file.
            { name: 'catalogue', test: /[\\/]src[\\/]screens[\\/](tasks[\\/](list|pickers)|buying)[\\/]/ },
            // The admin panel's own screens (users, FAQ, news, maintenance, discounts): one chunk
            // each area rather than a file per screen, because every lazy file is named in the
            // first screen's preload table, and an admin opening the panel soon needs the rest.
            { name: 'admin-users', test: /[\\/]src[\\/]screens[\\/]admin-users[\\/](?!routes\.tsx)/ },
            { name: 'admin-discounts', test: /[\\/]src[\\/]screens[\\/]admin-discounts[\\/](?!routes\.tsx)/ },
            // The top-up sheet and the pieces it shares with the demo's payment sheets and the
            // admin lists (the sheet, the Stars amount, the deposit keys and calls): one chunk loaded on the
            // tap rather than a file per shared sliver, each of which the first screen's preload
            // table would name. The admin's wallet screens likewise share one chunk. Only these
            // modules: their dependencies (zod, shared UI) stay where they are.
            {
              name: 'topup',
              test: /[\\/]src[\\/](screens[\\/]wallet[\\/]topup[\\/]|ui[\\/](BottomSheet|Stars)\.|api[\\/]depositKeys\.|telegram[\\/]invoice\.)|[\\/]contract[\\/]dist[\\/](endpoints[\\/])?deposits\.js$/,
              includeDependenciesRecursively: false,
            },
            { name: 'wallet-admin', test: /[\\/]src[\\/]screens[\\/]wallet[\\/]admin[\\/]/, includeDependenciesRecursively: false },
            // The icons of the other screens (the first screen's own are in `app`): one small
            // chunk rather than a sliver per combination of screens that share an icon.
            { name: 'icons', test: /[\\/]src[\\/]ui[\\/]icons[\\/]/ },
            // The same for the rest of the UI kit and lib/ that lazy screens share (sheets, pickers,
            // dates, guards): the first screen's script lists every lazy chunk it may preload, so
            // each sliver of a shared module costs the first screen a file name.
            { name: 'kit', test: /[\\/]src[\\/](ui|lib)[\\/]/ },
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
        // The same for the UI kit's components and icons (declarations and their stylesheet,
        // nothing at import time): through ui/index.ts every screen would otherwise pull every
        // component, with its CSS, into the first screen's bundle.
        moduleSideEffects: (id: string) => !/[\\/]contract[\\/]dist[\\/]|[\\/]src[\\/]ui[\\/](icons[\\/])?[^\\/]+\.tsx?$/.test(id),
        // The endpoint table's entries are `endpoint({...})` calls (contract/src/endpoint.ts): an
        // identity function, but the bundler cannot tell, and would keep every entry (path,
        // summary...) once the web uses one. Pure, an entry nobody calls is dropped.
        manualPureFunctions: ['endpoint'],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/healthz': { target: API_ORIGIN, changeOrigin: true },
      '/readyz': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/healthz': { target: API_ORIGIN, changeOrigin: true },
      '/readyz': { target: API_ORIGIN, changeOrigin: true },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig : clientConfig));
