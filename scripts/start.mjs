/**
 * `npm start`: builds what changed since the last build, then runs the API (which serves the
 * web app) in this process. A restart of an unchanged checkout therefore costs the server's
 * own start-up (about a second), not a rebuild (tens of seconds); after `git pull` or an edit
 * it rebuilds first, so it never serves stale code.
 *
 * "Changed" is decided by modification times: the newest file among the build's inputs
 * against the stamp written after the last successful build. `--build-only` stops after that.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** What `npm run build` reads. Migrations are read at run time, not built. */
const INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'contract/package.json',
  'contract/tsconfig.build.json',
  'contract/src',
  'api/package.json',
  'api/tsconfig.build.json',
  'api/src',
  'web/package.json',
  'web/index.html',
  'web/vite.config.ts',
  'web/build',
  'web/src',
];
// The server's rendering of the first screen too: `check:bundle` rebuilds web/dist without it.
const OUTPUTS = ['contract/dist/index.js', 'api/dist/main.js', 'web/dist/index.html', 'web/dist/.ssr/server.js'];
const STAMP = at('api/dist/.build-stamp');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), s.mtimeMs);
}

function upToDate() {
  if (!existsSync(STAMP) || OUTPUTS.some((o) => !existsSync(at(o)))) return false;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.every((input) => newest(at(input)) <= built);
}

if (!upToDate()) {
  console.log('zalik: building (sources changed since the last build)');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  console.log(`zalik: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv.includes('--build-only')) process.exit(0);

// The same as `npm run start -w api`: data and paths relative to api/, source maps on.
process.chdir(at('api'));
process.setSourceMapsEnabled(true);
await import(at('api/dist/main.js'));
