/**
 * `npm run bench:scale` (not a test): issue 30's table. The real API (api/dist/main.js, or
 * src/main.ts through tsx with BENCH_FROM_SOURCE=1) in a child process against a PostgreSQL
 * database, each call of scale-calls.ts at 10 connections (autocannon), on a small dataset (a
 * throwaway 1/1000 copy of the large one's shape, dropped after) and on the large one (database
 * `zalik_large` as `npm run bench:seed` left it; seeded here only when missing). Prints per call
 * p50/p99 on both, the ratio large/small of the p99, each call's first request, the API's peak
 * RSS and how long the API's first dashboard refresh took to store every panel (the bench waits for
 * it, so the panels' first request reads a snapshot, as on a running deployment), then the CSV
 * exports' first byte and whole download (scale-exports.ts).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale
 *   BENCH_DATA=small,large (default both)   BENCH_DATABASE=zalik_large
 *   BENCH_USERS=1000000 (or --users N: the large set's size when it must be seeded; the small one is 1/1000 of the large one's)
 *   BENCH_DURATION=10 (s per call)   BENCH_CONNECTIONS=10   BENCH_FROM_SOURCE=1   BENCH_ONLY=<parts of calls' names, comma-separated>
 *   BENCH_PROFILE=<dir> (the API's CPU profile of each dataset's run, a .cpuprofile written there when it stops)
 *
 * Exits 1 when an answer is broken (not 2xx, not the contract's shape, empty where the data holds
 * rows, an export without its CSV header line, the snapshots not stored in time), never because of
 * a time: times are the output.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { LIST_LIMIT_HEADER } from '../src/http/json-stream.js';
import { createTokenService } from '../src/lib/jwt.js';
import type { Role } from '@zalik/contract';
import { API_ROOT, apiProcessArgs, envInt, freePort, sampleRss, startChild, table, type ChildServer } from './lib.js';
import { scaleCalls, type Call, type Who } from './scale-calls.js';
import { dashboardRefreshDue, firstDashboardRefresh, largeDataset, type DashboardRefresh, largeUsers, pick, skipDemoSeed, smallDataset, type Picks } from './scale-data.js';
import { PANEL_KEYS } from '../src/modules/dashboard/panels.js';
import { timeExports, type ExportTiming } from './scale-exports.js';

const SERVER = process.env.DATABASE_URL;
const DURATION = envInt('BENCH_DURATION', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 10);
const DATA = (process.env.BENCH_DATA ?? 'small,large').split(',').map((s) => s.trim());
const LARGE_NAME = process.env.BENCH_DATABASE ?? 'zalik_large';
const usersArg = process.argv.indexOf('--users');
const USERS = usersArg > 0 ? Number(process.argv[usersArg + 1]) : envInt('BENCH_USERS', 1_000_000);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const SECRET = randomBytes(32).toString('hex');
const TOKEN_TTL = 3600;
/** A slow answer is a figure, not a failure: autocannon waits this long (s) before it gives up on one. */
const REQUEST_TIMEOUT_S = 120;
/** The API's first dashboard refresh (13 panels; ~14 s on the large set, idle) must be stored within this. */
const REFRESH_LIMIT_S = 180;

if (!SERVER) {
  console.error('bench:scale runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  process.exit(2);
}
if (!Number.isSafeInteger(USERS) || USERS < 100) throw new Error('--users / BENCH_USERS wants a whole number of at least 100');
if (DATA.some((d) => d !== 'small' && d !== 'large')) throw new Error(`BENCH_DATA wants small, large or both, got "${process.env.BENCH_DATA}"`);
const PROFILE_DIR = process.env.BENCH_PROFILE;
// The API's CPU profile of each dataset's run, written when it stops (one .cpuprofile per run).
const apiArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`, ...apiProcessArgs()] : apiProcessArgs();
if (!apiArgs.includes('--import') && !existsSync(path.join(API_ROOT, 'dist/main.js'))) {
  console.error('api/dist/main.js is missing: run `npm run build -w api` first (or BENCH_FROM_SOURCE=1)');
  process.exit(1);
}

interface Measured {
  p50: number;
  p99: number;
  rps: number;
  /** The first request's time, ms (a dashboard panel's is computed, later ones come from its cache). */
  first: number;
  rows: number;
  broken?: string;
}

const load = () => os.loadavg()[0]!.toFixed(1);
const refreshText = (r: DashboardRefresh | null) =>
  r ? `${PANEL_KEYS.length} panels in ${r.tookS.toFixed(1)} s (all stored ${r.afterStartS.toFixed(1)} s after the API's start)` : `not all ${PANEL_KEYS.length} panels stored within ${REFRESH_LIMIT_S} s`;
const ms = (m: { min: number; median: number }) => `${m.median.toFixed(0)} ms (min ${m.min.toFixed(0)})`;
const exportText = (e: ExportTiming) => `export ${e.kind} 30 days: first byte ${ms(e.firstByteMs)}, whole ${ms(e.wholeMs)} (${e.megabytes.toFixed(1)} MB)`;
const rowsOf = (a: unknown): number => (Array.isArray(a) ? a.length : Array.isArray((a as { content?: unknown[] })?.content) ? (a as { content: unknown[] }).content.length : 1);

/** One request, checked: status, the contract's schema, the data's rows. */
async function check(url: string, token: string, call: Call): Promise<{ ms: number; rows: number; broken?: string }> {
  const t0 = performance.now();
  const res = await fetch(url + call.path, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) return { ms, rows: 0, broken: `answered ${res.status}: ${text.slice(0, 200)}` };
  const body: unknown = JSON.parse(text);
  const parsed = call.schema.safeParse(body);
  if (!parsed.success) return { ms, rows: 0, broken: `not the contract's shape: ${parsed.error.message.slice(0, 300)}` };
  const cap = Number(res.headers.get(LIST_LIMIT_HEADER) ?? Infinity);
  const wrong = call.expect?.(body as never, cap);
  return { ms, rows: rowsOf(body), broken: wrong };
}

async function measure(server: ChildServer, token: string, call: Call): Promise<Measured> {
  const first = await check(server.url, token, call);
  if (first.broken) return { p50: 0, p99: 0, rps: 0, first: first.ms, rows: first.rows, broken: first.broken };
  const r = await autocannon({
    url: server.url + call.path,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: REQUEST_TIMEOUT_S,
    headers: { authorization: `Bearer ${token}` },
  });
  const broken = r.non2xx > 0 || r.errors > r.timeouts ? `${r.non2xx} non-2xx answers, ${r.errors - r.timeouts} connection errors under load` : undefined;
  if (r.timeouts > 0) console.log(`  (${call.name}: ${r.timeouts} requests took over ${REQUEST_TIMEOUT_S} s)`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, first: first.ms, rows: first.rows, broken };
}

interface DatasetRun {
  label: string;
  /** The API's first dashboard refresh; null when it did not store every panel in time. */
  refresh: DashboardRefresh | null;
  exports: ExportTiming[];
  users: number;
  results: Map<string, Measured>;
  peakRssMb: number;
  loadBefore: string;
  loadAfter: string;
}

async function runDataset(label: string, url: string, users: number): Promise<DatasetRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-bench-scale-'));
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: SECRET, JWT_TTL: String(TOKEN_TTL), LOG_LEVEL: 'warn', DATABASE_URL: url };
  for (const k of ['BOT_TOKEN', 'NODE_ENV', 'ADMIN_TELEGRAM_IDS', 'REDIS_URL']) delete env[k];
  const port = await freePort();
  const loadBefore = load();
  console.log(`\n== ${label}: ${users.toLocaleString('en')} users, ${CONNECTIONS} connections, ${DURATION} s per call, load average ${loadBefore} ==`);
  await skipDemoSeed(url);
  await dashboardRefreshDue(url);
  const started = new Date(Date.now() - 1000);
  const api = await startChild(apiArgs, { ...env, PORT: String(port) }, port);
  const rss = sampleRss(api.pid);
  try {
    const refresh = await firstDashboardRefresh(url, started, PANEL_KEYS.length, REFRESH_LIMIT_S);
    console.log(`  dashboard refresh: ${refreshText(refresh)}`);
    // Measuring while the refresh still runs would time its load, and the panels' first request would compute.
    if (!refresh) return { label, refresh, exports: [], users, results: new Map(), peakRssMb: rss.stop(), loadBefore, loadAfter: load() };
    const picks: Picks = await pick(url);
    const tokens = new Map<Who, string>();
    const sign = createTokenService(SECRET, TOKEN_TTL);
    for (const who of ['admin', 'heavyStudent', 'inviter', 'developer'] as const) {
      const id = picks[who];
      tokens.set(who, await sign.sign({ sub: id, roles: ['ROLE_USER', ...((picks.roles.get(id) ?? []) as Role[])], ban: false }));
    }
    console.log(
      `picked: admin ${picks.admin}, heavy student ${picks.heavyStudent} (${picks.heavyOrders} orders), inviter ${picks.inviter} (${picks.invited} friends), ` +
        `developer ${picks.developer} (${picks.developerTransfers} transfers, ${picks.developerOpen} open orders), subject ${picks.subject}, "${picks.rareUsername}", "${picks.discountUsername}"`,
    );
    const calls = scaleCalls(picks).filter((c) => !ONLY || ONLY.some((o) => c.name.includes(o)));
    // The panels first: their first request reads the stored snapshot into the instance's 60 s cache.
    const ordered = [...calls.filter((c) => c.panel), ...calls.filter((c) => !c.panel)];
    const firsts = new Map<string, { ms: number; rows: number; broken?: string }>();
    for (const c of ordered.filter((c) => c.panel)) firsts.set(c.name, await check(api.url, tokens.get(c.who)!, c));
    const results = new Map<string, Measured>();
    for (const c of ordered) {
      const m = await measure(api, tokens.get(c.who)!, c);
      const panelFirst = firsts.get(c.name);
      if (panelFirst) {
        m.first = panelFirst.ms;
        m.broken ??= panelFirst.broken;
      }
      results.set(c.name, m);
      console.log(`  ${c.name}: p50 ${m.p50} ms, p99 ${m.p99} ms, first ${m.first.toFixed(0)} ms, ${m.rows} rows${m.broken ? `  BROKEN: ${m.broken}` : ''}`);
    }
    const exports = !ONLY || ONLY.some((o) => 'export'.includes(o)) ? await timeExports(api.url, tokens.get('admin')!) : [];
    for (const e of exports) console.log(`  ${exportText(e)}${e.broken ? `  BROKEN: ${e.broken}` : ''}`);
    return { label, refresh, exports, users, results, peakRssMb: rss.stop(), loadBefore, loadAfter: load() };
  } finally {
    rss.stop();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:scale on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}, load average ${load()}`);
const runs: DatasetRun[] = [];
const large = DATA.includes('large') ? await largeDataset(SERVER, LARGE_NAME, USERS, console.log) : undefined;
if (DATA.includes('small')) {
  // 1/1000 of the large set as it is (or as it would be seeded).
  const of = large?.users ?? ((await largeUsers(SERVER, LARGE_NAME)) || USERS);
  const smallUsers = Math.max(100, Math.round(of / 1000));
  console.log(`\nseeding the small dataset: ${smallUsers} users (1/1000 of ${of.toLocaleString('en')})`);
  const small = await smallDataset(SERVER, smallUsers);
  try {
    runs.push(await runDataset('small', small.url, small.users));
  } finally {
    await small.drop();
  }
}
if (DATA.includes('large')) runs.push(await runDataset(`large (${LARGE_NAME})`, large!.url, large!.users));

const names = [...new Set(runs.flatMap((r) => [...r.results.keys()]))];
const [a, b] = [runs[0]!, runs[1]];
const head = ['call', ...runs.flatMap((r) => [`${r.label.split(' ')[0]} p50`, `${r.label.split(' ')[0]} p99`]), ...(b ? ['p99 large/small'] : []), ...runs.map((r) => `first, ${r.label.split(' ')[0]}`)];
const body = names.map((n) => {
  const ms = runs.map((r) => r.results.get(n));
  const cells: (string | number)[] = [n];
  for (const m of ms) cells.push(m ? m.p50 : '', m ? m.p99 : '');
  if (b) {
    const [x, y] = [a.results.get(n), b.results.get(n)];
    cells.push(x && y && x.p99 > 0 ? `${(y.p99 / x.p99).toFixed(1)}×` : '');
  }
  for (const m of ms) cells.push(m ? Math.round(m.first) : '');
  return cells;
});
console.log(`\n${table(head, body)}`);
for (const r of runs) {
  console.log(`${r.label}: load average ${r.loadBefore} → ${r.loadAfter}, API peak RSS ${r.peakRssMb.toFixed(0)} MB, dashboard refresh ${refreshText(r.refresh)}`);
}
for (const r of runs) for (const e of r.exports) console.log(`${r.label}: ${exportText(e)}`);
const last = runs.at(-1);
if (last) {
  const slow = [...last.results.entries()].filter(([, m]) => m.p99 > 100);
  console.log(`${last.label}: ${slow.length} of ${last.results.size} calls over 100 ms p99${slow.length ? `: ${slow.map(([n, m]) => `${n} (${m.p99} ms)`).join('; ')}` : ''}`);
}
const broken = [
  ...runs.filter((r) => r.refresh === null).map((r) => `${r.label}: the dashboard's snapshots were not all stored within ${REFRESH_LIMIT_S} s`),
  ...runs.flatMap((r) => [...r.results.entries()].filter(([, m]) => m.broken).map(([n, m]) => `${r.label}: ${n}: ${m.broken}`)),
  ...runs.flatMap((r) => r.exports.filter((e) => e.broken).map((e) => `${r.label}: export ${e.kind}: ${e.broken}`)),
];
if (broken.length) {
  console.error(`\nBROKEN answers:\n${broken.join('\n')}`);
  process.exit(1);
}
