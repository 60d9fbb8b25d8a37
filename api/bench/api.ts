/**
 * `npm run bench:api` (not a test): autocannon against two catalogue reads of the real API
 * (api/dist/main.js in a child process, demo mode, default log level) and of a bare node:http
 * baseline doing the same SQL (bench/baseline-server.ts), on PostgreSQL and on PGlite. Prints
 * requests/s, p50, p99, the API/baseline ratio and the API process's peak RSS per round: two
 * rounds on one process show whether memory grows (a leak) between them.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   BENCH_DURATION=5 BENCH_CONNECTIONS=50 BENCH_ROUNDS=2 BENCH_DB=postgres,pglite
 *   BENCH_FROM_SOURCE=1 (run src/main.ts through tsx instead of the build)
 *   BENCH_LOG_LEVEL=info (the API's LOG_LEVEL; production's default is info)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createTokenService } from '../src/lib/jwt.js';
import { API_ROOT, envInt, freePort, load, startChild, table, type ChildServer, type LoadResult } from './lib.js';
import { seedCatalogue } from './seed.js';
import { createScratchDatabase } from '../src/db/scratch.js';

const DURATION = envInt('BENCH_DURATION', 20);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 50);
const ROUNDS = envInt('BENCH_ROUNDS', 2);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const BASE_URL = process.env.DATABASE_URL;
const DATABASES = (process.env.BENCH_DB ?? (BASE_URL ? 'postgres,pglite' : 'pglite')).split(',').map((s) => s.trim()) as ('postgres' | 'pglite')[];
const SECRET = randomBytes(32).toString('hex');
const RSS_TARGET = { postgres: 300, pglite: 500 };

const apiArgs = process.env.BENCH_FROM_SOURCE === '1' ? ['--import', 'tsx', 'src/main.ts'] : ['dist/main.js'];
if (!apiArgs.includes('--import') && !existsSync(path.join(API_ROOT, 'dist/main.js'))) {
  console.error('api/dist/main.js is missing: run `npm run build -w api` first (or BENCH_FROM_SOURCE=1)');
  process.exit(1);
}
if (DATABASES.includes('postgres') && !BASE_URL) {
  console.error('BENCH_DB=postgres needs DATABASE_URL (a server; a throwaway database is created on it)');
  process.exit(1);
}

interface Route {
  name: string;
  path: string;
}

async function fetchJson(url: string, token: string): Promise<unknown> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Warm-up (JIT, connection pool, plan caches), then `rounds` measured runs of every route. */
async function measure(server: ChildServer, routes: Route[], token: string, rounds: number): Promise<LoadResult[][]> {
  for (const r of routes) await load({ url: server.url + r.path, token, pid: server.pid, connections: 10, duration: 2 });
  const out: LoadResult[][] = [];
  for (let i = 0; i < rounds; i++) {
    const round: LoadResult[] = [];
    for (const r of routes) round.push(await load({ url: server.url + r.path, token, pid: server.pid, connections: CONNECTIONS, duration: DURATION }));
    out.push(round);
  }
  return out;
}

async function benchDatabase(kind: 'postgres' | 'pglite'): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-bench-api-'));
  const pgDb = kind === 'postgres' ? await createScratchDatabase(BASE_URL!, 'zalik_bench') : undefined;
  const servers: ChildServer[] = [];
  try {
    const { teacherId, viewer } = await seedCatalogue(pgDb ? { databaseUrl: pgDb.url } : { dataDir });
    const token = await createTokenService(SECRET, 24 * 3600).sign({ sub: String(viewer), roles: ['ROLE_USER'], ban: false });
    const routes: Route[] = [
      { name: 'GET /api/v1/tasks/teacher/{id} (30 tasks)', path: `/api/v1/tasks/teacher/${teacherId}` },
      { name: 'GET /api/v1/subjects/course-number/1', path: '/api/v1/subjects/course-number/1' },
    ];
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: LOG_LEVEL };
    for (const k of ['BOT_TOKEN', 'NODE_ENV', 'DATABASE_URL', 'ADMIN_TELEGRAM_IDS', 'REDIS_URL']) delete env[k];
    if (pgDb) env.DATABASE_URL = pgDb.url;

    console.log(`\n== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${CONNECTIONS} connections, ${DURATION} s per run ==`);
    const apiPort = await freePort();
    const api = await startChild(apiArgs, { ...env, PORT: String(apiPort) }, apiPort);
    servers.push(api);
    const expected = await Promise.all(routes.map((r) => fetchJson(api.url + r.path, token)));
    if ((expected[0] as unknown[]).length !== 30) throw new Error(`expected 30 visible tasks, the API listed ${(expected[0] as unknown[]).length}`);
    const apiRounds = await measure(api, routes, token, ROUNDS);
    await api.stop();

    // PGlite allows one process per data directory: the baseline starts after the API stopped.
    const basePort = await freePort();
    const baseEnv = { ...env, PORT: String(basePort), BASELINE_PGDATA: path.join(dataDir, 'pgdata') };
    const base = await startChild(['--import', 'tsx', 'bench/baseline-server.ts'], baseEnv, basePort);
    servers.push(base);
    for (const [i, r] of routes.entries()) {
      if (!isDeepStrictEqual(await fetchJson(base.url + r.path, token), expected[i])) throw new Error(`the baseline's JSON differs from the API's for ${r.path}`);
    }
    const [baseRound] = await measure(base, routes, token, 1);
    await base.stop();

    const rows: (string | number)[][] = [];
    let ok = true;
    for (const [i, r] of routes.entries()) {
      const b = baseRound![i]!;
      for (const [n, round] of apiRounds.entries()) {
        const a = round[i]!;
        const ratio = a.rps / b.rps;
        if (kind === 'postgres' && (ratio < 0.7 || a.p99 >= 50)) ok = false;
        rows.push([r.name, `API run ${n + 1}`, a.rps.toFixed(0), a.p50, a.p99, `${(ratio * 100).toFixed(0)} %`, a.peakRssMb.toFixed(0)]);
      }
      rows.push([r.name, 'baseline', b.rps.toFixed(0), b.p50, b.p99, '100 %', b.peakRssMb.toFixed(0)]);
    }
    console.log(table(['route', 'server', 'req/s', 'p50 ms', 'p99 ms', 'of baseline', 'peak RSS MB'], rows));
    const peaks = apiRounds.map((round) => Math.max(...round.map((x) => x.peakRssMb)));
    const ends = apiRounds.map((round) => round.at(-1)!.endRssMb);
    const rssOk = Math.max(...peaks) < RSS_TARGET[kind];
    console.log(`API cold start to the first 200 from /healthz: ${api.readyMs.toFixed(0)} ms (a fresh database, incl. migrations and demo seed)`);
    console.log(`API peak RSS per run: ${peaks.map((p) => p.toFixed(0)).join(' MB, ')} MB (target < ${RSS_TARGET[kind]} MB: ${rssOk ? 'met' : 'MISSED'})`);
    console.log(`API RSS at the end of each run: ${ends.map((p) => p.toFixed(0)).join(' MB, ')} MB (growth run 1 -> ${ROUNDS}: ${(ends.at(-1)! - ends[0]!).toFixed(0)} MB)`);
    if (kind === 'postgres') console.log(`targets (API >= 70 % of the baseline's req/s, p99 < 50 ms): ${ok ? 'met' : 'MISSED'}`);
    return ok && rssOk;
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:api on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(1)}`);
let allMet = true;
for (const kind of DATABASES) allMet = (await benchDatabase(kind)) && allMet;
console.log(allMet ? '\nall targets met' : '\nsome targets MISSED (see above)');
