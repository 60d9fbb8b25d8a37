/**
 * The database's own ceiling for a purchase-shaped write (issue 30): pgbench commits, on as many
 * clients as the benchmark has buyers, the least a purchase must do in one transaction: debit
 * the buyer's wallet row, insert the order and insert the transfer. No application, no driver of
 * ours, prepared statements: what this machine's PostgreSQL allows, against which the API's
 * purchases per second are compared (target: at least 35 %). Its tables live in the benchmark's
 * throwaway database, beside Zalik's, and are dropped after.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

const SCRIPT = `\\set buyer random(1, :buyers)
BEGIN;
UPDATE bench_min_wallets SET balance = balance - 1 WHERE id = :buyer;
INSERT INTO bench_min_orders (buyer_id, price) VALUES (:buyer, 1);
INSERT INTO bench_min_transfers (debit_id, credit_id, amount) VALUES (:buyer, 0, 1);
COMMIT;
`;

export interface MinimalCeiling {
  /** Transactions per second, without the connections' set-up. */
  tps: number;
  latencyMs: number;
}

export async function minimalCeiling(databaseUrl: string, clients: number, seconds: number): Promise<MinimalCeiling> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zalik-pgbench-'));
  try {
    await db.query(`
      CREATE TABLE bench_min_wallets (id integer PRIMARY KEY, balance bigint NOT NULL);
      CREATE TABLE bench_min_orders (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, buyer_id integer NOT NULL, price integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE bench_min_transfers (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, debit_id integer NOT NULL, credit_id integer NOT NULL, amount integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      INSERT INTO bench_min_wallets SELECT g, 1000000000 FROM generate_series(1, ${clients}) g;`);
    const file = path.join(dir, 'purchase.sql');
    writeFileSync(file, SCRIPT);
    const { stdout } = await run(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', String(clients), '-j', String(Math.min(clients, os.cpus().length)), '-T', String(seconds), '-D', `buyers=${clients}`, '-f', file, databaseUrl],
      { maxBuffer: 1 << 20 },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    const latency = /latency average = ([\d.]+) ms/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no rate:\n${stdout}`);
    return { tps: Number(tps[1]), latencyMs: Number(latency?.[1] ?? 0) };
  } finally {
    await db.query('DROP TABLE IF EXISTS bench_min_wallets, bench_min_orders, bench_min_transfers').catch(() => undefined);
    await db.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
