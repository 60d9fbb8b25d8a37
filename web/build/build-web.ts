/**
 * The web app's whole build: the client (dist/) and then the server's rendering of the first
 * screen (dist/.ssr/server.js, vite.config.ts's ssrConfig), into one folder the API serves.
 * `npm run build -w web`, the browser tests' setup, bench:web and check:bundle all build
 * through here, so none serves a client whose server rendering is missing or stale.
 *
 *   tsx build/build-web.ts [outDir]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';
import { SSR_ENTRY, SSR_OUT_DIR } from './ssr';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildWeb(outDir = path.join(WEB_ROOT, 'dist'), extra: InlineConfig = {}): Promise<void> {
  const configFile = path.join(WEB_ROOT, 'vite.config.ts');
  const common: InlineConfig = { root: WEB_ROOT, configFile, mode: 'production', logLevel: 'warn', ...extra };
  await build({ ...common, build: { ...extra.build, outDir, emptyOutDir: true } });
  await build({ ...common, build: { ssr: SSR_ENTRY, outDir: path.join(outDir, SSR_OUT_DIR), emptyOutDir: true } });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWeb(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
