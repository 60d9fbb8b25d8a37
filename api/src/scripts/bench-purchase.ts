/**
 * `npm run bench:purchase` (not a test): N concurrent buyers purchase over HTTP against
 * PostgreSQL, then the ledger is checked. Runs in a throwaway database created on the server
 * of DATABASE_URL (dropped afterwards unless BENCH_KEEP=1).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:purchase
 *   BENCH_BUYERS=50 BENCH_PURCHASES=20 BENCH_KIND=mixed|manual|auto
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { loadTask } from '../modules/orders/tasks.js';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 20);
const KIND = (process.env.BENCH_KIND ?? 'mixed') as 'mixed' | 'manual' | 'auto';
const PRICE_UAH = 10;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('bench:purchase needs DATABASE_URL (a PostgreSQL server; a throwaway database is created on it)');
  process.exit(1);
}

const scratch = await createScratchDatabase(baseUrl, 'zalik_bench');
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
const database = await openDatabase({ databaseUrl: config.databaseUrl });
try {
  await migrate(database);
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
  const template = { task: (await loadTask(db, autoId))!, bytes: minimalDocx(['Варіант: {Варіант}']), fileName: 'b.docx', uploaderId: developer };
  await saveTemplate({ ...deps, sandbox: checker }, template).finally(() => checker.close());

  // Buyers with exactly enough money for their purchases.
  const buyers: { id: number; token: string }[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const id = 6_000_000 + i;
    await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${id}, ${`buyer${i}`})`);
    await db.transaction((tx) =>
      post(tx, [{ from: { system: SYSTEM.topup }, to: { user: id, wallet: 'general' }, amount: PURCHASES * PRICE_UAH * 100, kind: 'TOPUP', key: `bench:${id}` }]),
    );
    buyers.push({ id, token: await deps.tokens.sign({ sub: String(id), roles: ['ROLE_USER'], ban: false }) });
  }

  const latencies: Record<'auto' | 'manual', number[]> = { auto: [], manual: [] };
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    buyers.map(async (b, bi) => {
      for (let n = 0; n < PURCHASES; n++) {
        const auto = KIND === 'auto' || (KIND === 'mixed' && (bi + n) % 2 === 0);
        const t0 = performance.now();
        const res = await fetch(`${address}/api/v1/tasks/process`, {
          method: 'POST',
          headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ taskId: auto ? autoId : manualId, arguments: [String(n)] }),
        });
        const took = performance.now() - t0;
        if (res.ok) latencies[auto ? 'auto' : 'manual'].push(took);
        else failures.push(`${res.status} ${await res.text()}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const all = [...latencies.auto, ...latencies.manual].sort((a, b) => a - b);

  console.log(`bench:purchase on PostgreSQL: ${BUYERS} concurrent buyers x ${PURCHASES} purchases (${KIND})`);
  console.log(`  ${all.length} purchases in ${seconds.toFixed(2)} s = ${(all.length / seconds).toFixed(1)} purchases/s, ${failures.length} failed`);
  console.log(`  latency p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms`);
  for (const kind of ['manual', 'auto'] as const) {
    const s = latencies[kind].sort((a, b) => a - b);
    if (s.length) console.log(`    ${kind}: ${s.length} purchases, p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms`);
  }
  for (const f of failures.slice(0, 5)) console.log(`  failure: ${f}`);

  const report = await checkLedger(db);
  const unpaid = await rows(
    db,
    sql`SELECT o.id FROM orders o WHERE o.price > 0 AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.reference = 'order:' || o.id)`,
  );
  const emptied = await rows(db, sql`SELECT owner_id FROM accounts WHERE kind = 'general' AND owner_id >= 6000000 AND balance <> 0`);
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
