/**
 * `npm run bench:start` (not a test): how long the server takes from spawn to its first 200
 * from /healthz on an EXISTING data folder (migrations already applied, demo data already
 * seeded), which is what a restart costs: `node dist/main.js` (a deployment), `npm run start
 * -w api`, and the root `npm start` with an up-to-date build (scripts/start.mjs checks the
 * sources' times and skips the build; a changed checkout rebuilds first, which is not timed).
 *
 *   BENCH_STARTS=5  BENCH_DB=pglite,postgres  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_ROOT, apiProcessArgs, envInt, median, freePort, startChild, table } from './lib.js';
import { createScratchDatabase } from '../src/db/scratch.js';

const STARTS = envInt('BENCH_STARTS', 5);
const BASE_URL = process.env.DATABASE_URL;
const DATABASES = (process.env.BENCH_DB ?? (BASE_URL ? 'pglite,postgres' : 'pglite')).split(',').map((s) => s.trim());
const TARGET_MS = 3000;

const REPO_ROOT = path.resolve(API_ROOT, '..');
// Builds what changed (the root `npm start`'s own check), so that every start below is timed as a restart.
if (spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);


async function startTimes(kind: string): Promise<(string | number)[][]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-bench-start-'));
  const pgDb = kind === 'postgres' ? await createScratchDatabase(BASE_URL!, 'zalik_bench') : undefined;
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', JWT_SECRET: 'bench-cold-start-secret' };
    for (const k of ['BOT_TOKEN', 'NODE_ENV', 'DATABASE_URL', 'REDIS_URL']) delete env[k];
    if (pgDb) env.DATABASE_URL = pgDb.url;
    const start = async (command: string | undefined, args: string[], cwd?: string) => {
      const port = await freePort();
      const server = await startChild(args, { ...env, PORT: String(port) }, port, { command, cwd });
      await server.stop();
      return server.readyMs;
    };
    const startRoot = () => start('npm', ['start', '--silent'], REPO_ROOT);
    // What `npm start -w api` runs, exactly.
    const nodeArgs = apiProcessArgs();
    const first = await start(undefined, nodeArgs);
    const node: number[] = [];
    for (let i = 0; i < STARTS; i++) node.push(await start(undefined, nodeArgs));
    const npm = await start('npm', ['run', '--silent', 'start']);
    const rootStarts: number[] = [];
    for (let i = 0; i < STARTS; i++) rootStarts.push(await startRoot());
    const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const fmt = (ms: number) => (ms / 1000).toFixed(2);
    return [
      [name, 'first start (empty database: migrations + demo seed)', fmt(first), ''],
      [name, `restart, node dist/main.js (median of ${STARTS})`, fmt(median(node)), `${fmt(Math.min(...node))}-${fmt(Math.max(...node))}`],
      [name, 'restart through `npm run start -w api` (no build)', fmt(npm), ''],
      [name, `restart through the root \`npm start\`, build up to date (median of ${STARTS})`, fmt(median(rootStarts)), `${fmt(Math.min(...rootStarts))}-${fmt(Math.max(...rootStarts))}`],
    ];
  } finally {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:start on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(1)}`);
const rows: (string | number)[][] = [];
for (const kind of DATABASES) rows.push(...(await startTimes(kind)));
console.log(table(['database', 'start', 'to first 200 /healthz, s', 'range'], rows));
const restarts = rows.filter((r) => String(r[1]).startsWith('restart'));
const met = restarts.every((r) => Number(r[2]) * 1000 < TARGET_MS);
console.log(`target: a restart on an existing data folder under ${TARGET_MS / 1000} s: ${met ? 'met' : 'MISSED'}`);
