/**
 * `npm run bench:api` (not a test): autocannon against two catalogue reads of the real API
 * (api/dist/main.js in a child process, demo mode, default log level) and of a bare node:http
 * baseline doing the same SQL (bench/baseline-server.ts), on PostgreSQL and on PGlite. Prints
 * requests/s, p50, p99, the API/baseline ratio and the API process's peak RSS per round: two
 * rounds on one process show whether memory grows (a leak) between them. A last round runs with
 * a Prometheus-like scraper asking `/metrics` every second (BENCH_SCRAPE=0 skips it): a scrape
 * must not cost the requests their share of the baseline.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   BENCH_DURATION=5 BENCH_CONNECTIONS=50 BENCH_ROUNDS=2 BENCH_DB=postgres,pglite
 *   BENCH_FROM_SOURCE=1 (run src/main.ts through tsx instead of the build)
 *   BENCH_LOG_LEVEL=info (the API's LOG_LEVEL; production's default is info)
 *
 * The student search (`GET /api/v1/search`) runs on the API alone, on a catalogue of 20 000
 * tasks (bench/seed.ts): the baseline measures the framework's cost over plain SQL, which a
 * search's SQL dwarfs. It runs last, alone (1 connection) and at 10 connections at most. Its
 * target is the issue's: at least 20 results, p99 under 50 ms for one student (PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createTokenService } from '../src/lib/jwt.js';
import { API_ROOT, apiProcessArgs, envInt, freePort, load, startChild, table, type ChildServer, type LoadResult } from './lib.js';
import { SEARCH_TASKS, seedCatalogue } from './seed.js';
import { createScratchDatabase } from '../src/db/scratch.js';

const DURATION = envInt('BENCH_DURATION', 20);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 50);
const ROUNDS = envInt('BENCH_ROUNDS', 2);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const BASE_URL = process.env.DATABASE_URL;
const DATABASES = (process.env.BENCH_DB ?? (BASE_URL ? 'postgres,pglite' : 'pglite')).split(',').map((s) => s.trim()) as ('postgres' | 'pglite')[];
const SECRET = randomBytes(32).toString('hex');
/** The API refuses a token that lives longer than its JWT_TTL: the bench's lives the API's own hour. */
const TOKEN_TTL = 3600;
const RSS_TARGET = { postgres: 300, pglite: 500 };
const SCRAPE = process.env.BENCH_SCRAPE !== '0';
const METRICS_TOKEN = randomBytes(16).toString('hex');
const SCRAPE_EVERY_MS = 1000;

/** Asks `/metrics` every second, as one Prometheus would, until stopped; answers each scrape's time. */
function startScraper(url: string): { stop(): Promise<number[]> } {
  const took: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const body = await res.text();
      if (res.status !== 200 || !body.includes('zalik_http_requests_total')) throw new Error(`/metrics answered ${res.status}`);
      took.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, Math.max(0, SCRAPE_EVERY_MS - (performance.now() - t0))));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return took;
    },
  };
}

const apiArgs = apiProcessArgs();
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

const SEARCH_CONNECTIONS = Math.min(CONNECTIONS, 10);

/**
 * The search rows: a warm-up, then per query one run at 1 connection (what one student waits:
 * issue 29's "20 results in 50 ms") and one at SEARCH_CONNECTIONS (students searching at once
 * on the same 2 cores: their queue).
 */
async function measureSearch(server: ChildServer, routes: Route[], token: string): Promise<{ alone: LoadResult; busy: LoadResult }[]> {
  const out: { alone: LoadResult; busy: LoadResult }[] = [];
  for (const r of routes) {
    const at = (connections: number) => load({ url: server.url + r.path, token, pid: server.pid, connections, duration: DURATION });
    await load({ url: server.url + r.path, token, pid: server.pid, connections: 2, duration: 2 });
    out.push({ alone: await at(1), busy: await at(SEARCH_CONNECTIONS) });
  }
  return out;
}

async function benchDatabase(kind: 'postgres' | 'pglite'): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-bench-api-'));
  const pgDb = kind === 'postgres' ? await createScratchDatabase(BASE_URL!, 'zalik_bench') : undefined;
  const servers: ChildServer[] = [];
  try {
    const { teacherId, viewer } = await seedCatalogue(pgDb ? { databaseUrl: pgDb.url } : { dataDir });
    const token = await createTokenService(SECRET, TOKEN_TTL).sign({ sub: String(viewer), roles: ['ROLE_USER'], ban: false });
    const routes: Route[] = [
      { name: 'GET /api/v1/tasks/teacher/{id} (30 tasks)', path: `/api/v1/tasks/teacher/${teacherId}` },
      { name: 'GET /api/v1/subjects/course-number/1', path: '/api/v1/subjects/course-number/1' },
    ];
    // A word spelt right (the first, cheap pass ranks thousands of titles holding it) and one
    // with a typo and a second word (the similarity pass).
    const searches: Route[] = [
      { name: `GET /api/v1/search?q=лабораторна (${SEARCH_TASKS} tasks)`, path: `/api/v1/search?q=${encodeURIComponent('лабораторна')}` },
      { name: `GET /api/v1/search?q=лабараторна оптики (typo)`, path: `/api/v1/search?q=${encodeURIComponent('лабараторна оптики')}` },
    ];
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: SECRET, JWT_TTL: String(TOKEN_TTL), LOG_LEVEL: LOG_LEVEL, METRICS_TOKEN };
    for (const k of ['BOT_TOKEN', 'NODE_ENV', 'DATABASE_URL', 'ADMIN_TELEGRAM_IDS', 'REDIS_URL']) delete env[k];
    if (pgDb) env.DATABASE_URL = pgDb.url;

    console.log(`\n== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${CONNECTIONS} connections, ${DURATION} s per run ==`);
    const apiPort = await freePort();
    const api = await startChild(apiArgs, { ...env, PORT: String(apiPort) }, apiPort);
    servers.push(api);
    const expected = await Promise.all(routes.map((r) => fetchJson(api.url + r.path, token)));
    const listed = expected[0] as { rating: { count: number } }[];
    if (listed.length !== 30) throw new Error(`expected 30 visible tasks, the API listed ${listed.length}`);
    if (listed.filter((t) => t.rating.count > 0).length !== 20) throw new Error('expected 20 rated tasks in the list');
    for (const r of searches) {
      const found = (await fetchJson(api.url + r.path, token)) as { tasks: unknown[] };
      if (found.tasks.length < 20) throw new Error(`${r.path} found ${found.tasks.length} tasks, expected at least 20`);
    }
    const apiRounds = await measure(api, routes, token, ROUNDS);
    let scrapes: number[] = [];
    if (SCRAPE) {
      const scraper = startScraper(api.url);
      const [round] = await measure(api, routes, token, 1);
      scrapes = await scraper.stop();
      apiRounds.push(round!);
    }
    // Last, and at SEARCH_CONNECTIONS: the figure is a latency (issue 29's 50 ms), and on PGlite,
    // which runs one statement at a time, 50 searches in flight only measure the queue (and its
    // backlog would starve whatever round came next).
    const searchRound = await measureSearch(api, searches, token);
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
        const label = SCRAPE && n === apiRounds.length - 1 ? `API run ${n + 1} + /metrics 1/s` : `API run ${n + 1}`;
        rows.push([r.name, label, a.rps.toFixed(0), a.p50, a.p99, `${(ratio * 100).toFixed(0)} %`, a.peakRssMb.toFixed(0)]);
      }
      rows.push([r.name, 'baseline', b.rps.toFixed(0), b.p50, b.p99, '100 %', b.peakRssMb.toFixed(0)]);
    }
    for (const [i, r] of searches.entries()) {
      const { alone, busy } = searchRound[i]!;
      if (kind === 'postgres' && alone.p99 >= 50) ok = false;
      rows.push([r.name, 'API, 1 connection', alone.rps.toFixed(0), alone.p50, alone.p99, '(no baseline)', alone.peakRssMb.toFixed(0)]);
      rows.push([r.name, `API, ${SEARCH_CONNECTIONS} connections`, busy.rps.toFixed(0), busy.p50, busy.p99, '(no baseline)', busy.peakRssMb.toFixed(0)]);
    }
    console.log(table(['route', 'server', 'req/s', 'p50 ms', 'p99 ms', 'of baseline', 'peak RSS MB'], rows));
    const peaks = apiRounds.map((round) => Math.max(...round.map((x) => x.peakRssMb)));
    const ends = apiRounds.map((round) => round.at(-1)!.endRssMb);
    const rssOk = Math.max(...peaks) < RSS_TARGET[kind];
    console.log(`API cold start to the first 200 from /healthz: ${api.readyMs.toFixed(0)} ms (a fresh database, incl. migrations and demo seed)`);
    console.log(`API peak RSS per run: ${peaks.map((p) => p.toFixed(0)).join(' MB, ')} MB (target < ${RSS_TARGET[kind]} MB: ${rssOk ? 'met' : 'MISSED'})`);
    console.log(`API RSS at the end of each run: ${ends.map((p) => p.toFixed(0)).join(' MB, ')} MB (growth run 1 -> ${ROUNDS}: ${(ends.at(-1)! - ends[0]!).toFixed(0)} MB)`);
    if (scrapes.length) {
      const sorted = [...scrapes].sort((x, y) => x - y);
      console.log(`/metrics scrapes during the last run: ${sorted.length}, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`);
    }
    if (kind === 'postgres') console.log(`targets (API >= 70 % of the baseline's req/s, p99 < 50 ms, also while scraped; search: >= 20 tasks, p99 < 50 ms at 1 connection): ${ok ? 'met' : 'MISSED'}`);
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
