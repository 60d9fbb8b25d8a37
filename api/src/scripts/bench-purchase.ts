/**
 * `npm run bench:purchase` (not a test): N concurrent buyers purchase over HTTP against
 * PostgreSQL, then the ledger is checked. Before that, in the same database, the SQL-only
 * ceiling: the statements one purchase of each kind really sent, replayed through `pg` by as
 * many buyers (bench-replay.ts). Prints both, the API's share of the ceiling and the targets
 * (docs/PERFORMANCE.md, "Purchases"). Runs in a throwaway database created on the server
 * of DATABASE_URL (dropped afterwards unless BENCH_KEEP=1).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:purchase
 *   BENCH_BUYERS=50 BENCH_PURCHASES=20 BENCH_WARMUP=10 BENCH_KIND=mixed|manual|auto BENCH_TRACE=1 (prints the statements; BENCH_TRACE_FULL=1 whole, with parameters)
 *   BENCH_SQL='DROP INDEX ...' (a schema change tried on the throwaway database after the migrations)
 *   BENCH_TEMPLATE=zalik_large (the throwaway database is a copy of that one, e.g. `bench:seed`'s
 *   large dataset, instead of an empty one; nobody may be connected to it meanwhile)
 *   BENCH_MINIMAL_SECONDS=10 (the pgbench ceiling's run, bench-minimal.ts; 0 leaves it out)
 *   BENCH_PROFILE=/tmp/purchase.cpuprofile (the API thread's CPU profile of the measured purchases,
 *   for Chrome's DevTools or any .cpuprofile reader)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp, createDeps } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, row, rows, type Executor } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { createScratchDatabase } from '../db/scratch.js';
import { checkLedger } from '../modules/ledger/check.js';
import { post, SYSTEM } from '../modules/ledger/service.js';
import { minimalDocx } from '../modules/generators/docx-skeleton.js';
import { Sandbox } from '../modules/generators/sandbox.js';
import { saveTemplate } from '../modules/generators/templates.js';
import { loadTask } from '../modules/catalogue/index.js';
import { buy, isAuto, PURCHASE_PATH, type BuyersJob, type BuyersResult } from './bench-buyers.js';
import { replay, type Captured, type PurchaseScript } from './bench-replay.js';
import { minimalCeiling } from './bench-minimal.js';
import { startProfile } from './bench-profile.js';
import { cpuPerPurchase, sampleCpu } from './bench-cpu.js';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 20);
/**
 * Purchases per buyer before each measured phase, by other buyers, not counted: a running API
 * has its pool's connections open, its statements prepared and its code compiled, and a
 * 2-second run otherwise measures mostly the start (the same run measured 490/s cold and 920/s
 * over four times as many purchases).
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const KIND = (process.env.BENCH_KIND ?? 'mixed') as 'mixed' | 'manual' | 'auto';
const PRICE_UAH = 10;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('bench:purchase needs DATABASE_URL (a PostgreSQL server; a throwaway database is created on it)');
  process.exit(1);
}

const TEMPLATE = process.env.BENCH_TEMPLATE;
const MINIMAL_SECONDS = Number(process.env.BENCH_MINIMAL_SECONDS ?? 10);
if (TEMPLATE) console.log(`copying ${TEMPLATE} into a throwaway database...`);
const scratch = await createScratchDatabase(baseUrl, 'zalik_bench', TEMPLATE);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-bench-'));

const insertId = async (ex: Executor, q: ReturnType<typeof sql>) => Number((await row<{ id: number }>(ex, q))!.id);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let exitCode = 0;
// The per-user purchase limit protects production from scripts; this script is one on purpose.
const config = loadConfig({
  ...process.env,
  DATABASE_URL: scratch.url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  BOT_TOKEN: '1:bench',
  RATE_LIMIT_PURCHASE: process.env.RATE_LIMIT_PURCHASE ?? '1000000/60',
});
let capturing: Captured[] | null = null;
const database = await openDatabase({ databaseUrl: config.databaseUrl, logQuery: (text, params) => capturing?.push({ text, params }) });
try {
  await migrate(database);
  // A schema change to try before it becomes a migration (e.g. an index dropped), applied to the throwaway database only.
  for (const statement of (process.env.BENCH_SQL ?? '').split(/;\s*\n/).filter((s) => s.trim())) await database.db.execute(sql.raw(statement));
  const deps = createDeps(config, database);
  const app = await buildApp(deps, { logger: false, serveWeb: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const db = database.db;

  // A catalogue: one manual and one auto task of one developer.
  const developer = 5_000_000;
  await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${developer}, 'bench_dev')`);
  await db.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${developer}, 'ROLE_DEVELOPER')`);
  const subject = await insertId(db, sql`INSERT INTO subjects (name, course_number) VALUES ('Бенчмарк', 1) RETURNING id`);
  const teacher = await insertId(db, sql`INSERT INTO teachers (subject_id, name) VALUES (${subject}, 'Т. Т.') RETURNING id`);
  const arg = await insertId(db, sql`INSERT INTO arguments (name, description) VALUES ('Варіант', 'Номер') RETURNING id`);
  const task = async (auto: boolean) => {
    const id = await insertId(
      db,
      sql`INSERT INTO tasks (teacher_id, developer_id, title, price, type, auto_generate, identifier)
          VALUES (${teacher}, ${developer}, ${auto ? 'Авто' : 'Ручне'}, ${PRICE_UAH}, 'REGULAR', ${auto}, ${auto ? 'docx-template' : ''}) RETURNING id`,
    );
    await db.execute(sql`INSERT INTO task_arguments (task_id, argument_id, position) VALUES (${id}, ${arg}, 0)`);
    return id;
  };
  const manualId = await task(false);
  const autoId = await task(true);
  const checker = new Sandbox({ size: 1, timeoutMs: 10_000, maxOutputBytes: 1 << 20, maxHeapMb: 256 });
  const template = { task: (await loadTask(db, autoId))!, bytes: minimalDocx(['Варіант: {Варіант}']), fileName: 'b.docx', uploaderId: developer, byAdmin: false };
  await saveTemplate({ ...deps, sandbox: checker }, template).finally(() => checker.close());

  // Buyers with exactly enough money for their purchases: the API's, the replay's and one for the capture.
  const fund = async (id: number, purchases: number) => {
    await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${id}, ${`buyer${id}`})`);
    await db.transaction((tx) =>
      post(tx, [{ from: { system: SYSTEM.topup }, to: { user: id, wallet: 'general' }, amount: purchases * PRICE_UAH * 100, kind: 'TOPUP', key: `bench:${id}` }]),
    );
  };
  const signed = async (id: number) => ({ id, token: await deps.tokens.sign({ sub: String(id), roles: ['ROLE_USER'], ban: false, courseNumber: 1 }) });
  const buyers: { id: number; token: string }[] = [];
  const replayBuyers: number[] = [];
  const warmBuyers: { id: number; token: string }[] = [];
  const warmReplayBuyers: number[] = [];
  for (let i = 0; i < BUYERS; i++) {
    await fund(6_000_000 + i, PURCHASES);
    buyers.push(await signed(6_000_000 + i));
    await fund(7_000_000 + i, PURCHASES);
    replayBuyers.push(7_000_000 + i);
    if (WARMUP > 0) {
      await fund(8_000_000 + i, WARMUP);
      warmBuyers.push(await signed(8_000_000 + i));
      await fund(8_100_000 + i, WARMUP);
      warmReplayBuyers.push(8_100_000 + i);
    }
  }
  const captureAgent = new http.Agent({ keepAlive: true });
  const buyOne = (token: string, auto: boolean, key: string) =>
    buy(captureAgent, new URL(PURCHASE_PATH, address), token, auto ? autoId : manualId, key);

  // One purchase of each kind, its statements captured. Order ids far above the others make the
  // order's id recognisable wherever the statements carry it (bench-replay.ts rebinds it).
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('orders', 'id'), 9000000000)`);
  const captureBuyer = 5_900_000;
  await fund(captureBuyer, 4);
  const captureToken = await deps.tokens.sign({ sub: String(captureBuyer), roles: ['ROLE_USER'], ban: false, courseNumber: 1 });
  const scripts = {} as Record<'auto' | 'manual', PurchaseScript>;
  for (const kind of ['manual', 'auto'] as const) {
    // The second purchase is the one captured: the first fills the caches a running API has warm.
    const warm = await buyOne(captureToken, kind === 'auto', randomUUID());
    if (warm.status !== 200) throw new Error(`the warm-up ${kind} purchase failed: ${warm.status} ${warm.body}`);
    const key = `capture-${kind}-${randomUUID()}`;
    capturing = [];
    const res = await buyOne(captureToken, kind === 'auto', key);
    const statements = capturing;
    capturing = null;
    if (res.status !== 200) throw new Error(`the captured ${kind} purchase failed: ${res.status} ${res.body}`);
    scripts[kind] = { statements, buyerId: captureBuyer, orderId: Number((JSON.parse(res.body) as { id: string }).id), key };
  }
  captureAgent.destroy();
  const scriptFor = (bi: number, n: number) => scripts[isAuto(KIND, bi, n) ? 'auto' : 'manual'];
  const ceiling = await replay(scratch.url, replayBuyers, PURCHASES, scriptFor, { warmBuyers: warmReplayBuyers, warmPurchases: WARMUP });
  const minimal = MINIMAL_SECONDS > 0 ? await minimalCeiling(scratch.url, BUYERS, MINIMAL_SECONDS) : undefined;

  // The buyers run on a thread of their own, so the API's thread does only the API's work.
  const runBuyers = (job: BuyersJob) =>
    new Promise<BuyersResult>((resolve, reject) => {
      // The scripts run from TypeScript through tsx, whose loader a worker does not inherit.
      const entry = new URL('./bench-buyers.ts', import.meta.url).href;
      const source = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
      const worker = new Worker(source, { eval: true, workerData: job });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the buyers' thread exited (${code}) before answering`)));
    });
  if (WARMUP > 0) {
    const warm = await runBuyers({ address, buyers: warmBuyers, purchases: WARMUP, kind: KIND, manualId, autoId });
    if (warm.failures.length) throw new Error(`the warm-up purchases failed: ${warm.failures.slice(0, 3).join('; ')}`);
  }
  const profile = process.env.BENCH_PROFILE ? await startProfile() : undefined;
  const cpuBefore = sampleCpu();
  const { seconds, latencies, failures } = await runBuyers({ address, buyers, purchases: PURCHASES, kind: KIND, manualId, autoId });
  const cpu = cpuPerPurchase(cpuBefore, sampleCpu(), BUYERS * PURCHASES);
  if (profile) console.log(`  the API thread's CPU profile: ${await profile.stop(process.env.BENCH_PROFILE!)}`);
  const all = [...latencies.auto, ...latencies.manual].sort((a, b) => a - b);

  console.log(
    `bench:purchase on PostgreSQL${TEMPLATE ? ` (a copy of ${TEMPLATE})` : ' (an empty database)'}: ${BUYERS} concurrent buyers x ${PURCHASES} purchases (${KIND}), after ${WARMUP} per buyer to warm up`,
  );
  console.log(`  ${all.length} purchases in ${seconds.toFixed(2)} s = ${(all.length / seconds).toFixed(1)} purchases/s, ${failures.length} failed`);
  console.log(`  latency p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms`);
  for (const kind of ['manual', 'auto'] as const) {
    const s = latencies[kind].sort((a, b) => a - b);
    if (s.length) console.log(`    ${kind}: ${s.length} purchases, p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms`);
  }
  if (cpu) console.log(`  ${cpu}`);
  for (const f of failures.slice(0, 5)) console.log(`  failure: ${f}`);
  const rate = all.length / seconds;
  const ceilingRate = ceiling.purchases / ceiling.seconds;
  console.log(
    `  statements per purchase: manual ${scripts.manual.statements.length}, auto ${scripts.auto.statements.length} (each one round trip)`,
  );
  if (process.env.BENCH_TRACE === '1') {
    const full = process.env.BENCH_TRACE_FULL === '1';
    for (const kind of ['manual', 'auto'] as const)
      for (const st of scripts[kind].statements)
        console.log(`    ${kind}: ${st.text.replace(/\s+/g, ' ').trim().slice(0, full ? undefined : 110)}${full ? `\n      params: ${JSON.stringify(st.params)}` : ''}`);
  }
  console.log(
    `SQL-only ceiling (the same statements through pg, ${BUYERS} buyers, pool of 20): ${ceilingRate.toFixed(1)} purchases/s, ` +
      `p50 ${percentile(ceiling.latencies, 50).toFixed(1)} ms, p99 ${percentile(ceiling.latencies, 99).toFixed(1)} ms`,
  );
  console.log(`  the API reaches ${((100 * rate) / ceilingRate).toFixed(0)} % of it (target: at least 35 %)`);
  if (minimal) {
    console.log(
      `minimal ceiling (pgbench, ${BUYERS} clients, ${MINIMAL_SECONDS} s: a wallet debit, an order and a transfer per transaction): ` +
        `${minimal.tps.toFixed(1)}/s, latency ${minimal.latencyMs.toFixed(1)} ms`,
    );
    console.log(`  the API reaches ${(rate / minimal.tps).toFixed(2)} of it (target for manual purchases: at least 0.35)`);
  }
  const target = { manual: 600, auto: 300, mixed: 450 }[KIND];
  const p99 = percentile(all, 99);
  const met =
    rate >= target && (KIND !== 'manual' || p99 < 250) && rate >= 0.35 * ceilingRate && (KIND !== 'manual' || !minimal || rate >= 0.35 * minimal.tps);
  console.log(
    `  target for ${KIND}: at least ${target} purchases/s${KIND === 'manual' ? ' with p99 under 250 ms and 0.35 of the minimal ceiling' : ''} and 35 % of the SQL-only ceiling: ${met ? 'met' : 'missed'}`,
  );
  console.log(`  machine: load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}, ${os.cpus().length} cores`);
  const report = await checkLedger(db);
  const unpaid = await rows(
    db,
    sql`SELECT o.id FROM orders o WHERE o.price > 0 AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.reference = 'order:' || o.id)`,
  );
  const emptied = await rows(db, sql`SELECT owner_id FROM account_balances WHERE kind = 'general' AND owner_id >= 6000000 AND owner_id < 8200000 AND balance <> 0`);
  console.log(report.ok ? `ledger OK: ${report.accounts} accounts, ${report.transfers} transfers, balances sum to 0` : `ledger BROKEN: ${report.problems.join('; ')}`);
  console.log(`orders without payment: ${unpaid.length}; buyers with money left: ${emptied.length} (expected 0)`);
  if (!report.ok || unpaid.length || failures.length || emptied.length) exitCode = 1;
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (process.env.BENCH_KEEP !== '1') await scratch.drop();
  else console.log(`kept database ${new URL(scratch.url).pathname.slice(1)}`);
}
process.exit(exitCode);
