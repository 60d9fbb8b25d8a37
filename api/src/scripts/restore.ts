/**
 * `npm run restore -- <folder> [--force]`: brings a backup (see backup.ts) back into the
 * database and file store (DATA_DIR/blobs or the S3 bucket) of the current config. It checks every checksum before touching
 * anything, refuses a database or file store that already holds data unless --force (which
 * wipes them first), then verifies the row counts and files against the manifest and runs the
 * ledger check. On PGlite the server must be stopped (one process per data directory).
 */
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createReadStream, existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newPglite } from '../db/pglite.js';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { LONG_DB_TIMEOUTS } from '../db/timeouts.js';
import { checkLedger, type LedgerReport } from '../modules/ledger/check.js';
import { createBlobStore } from '../ports/blob-store-from-config.js';
import type { BlobStore } from '../ports/blob-store.js';
import { backupPathOf, blobStoreOf, copyHashed, countTables, pgliteInUse, readManifest, run, sha256File, type BackupManifest, type Target } from './backup.js';

export interface RestoreResult {
  manifest: BackupManifest;
  ledger: LedgerReport;
}

async function verifyBackup(dir: string, m: BackupManifest): Promise<void> {
  const dump = path.join(dir, m.dump.file);
  if (!existsSync(dump) || (await sha256File(dump)) !== m.dump.sha256) throw new Error(`${dump} is missing or damaged (checksum differs)`);
  for (const [rel, sum] of Object.entries(m.blobs.files)) {
    const file = path.join(dir, 'blobs', rel);
    if (!existsSync(file) || (await sha256File(file)) !== sum) throw new Error(`stored file ${rel} is missing or damaged in the backup`);
  }
}

async function pgTableCount(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    return Number(r.rows[0]!.n);
  } finally {
    await c.end();
  }
}

async function wipePostgres(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  } finally {
    await c.end();
  }
}

async function restorePostgres(url: string, dir: string, m: BackupManifest): Promise<Record<string, number>> {
  // One transaction: a failed restore leaves the database as empty as it was.
  await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, path.join(dir, m.dump.file)]);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await countTables(async (text) => (await c.query(text)).rows);
  } finally {
    await c.end();
  }
}

async function restorePglite(pgdata: string, dir: string, m: BackupManifest): Promise<Record<string, number>> {
  await mkdir(pgdata, { recursive: true });
  const db = newPglite({ dataDir: pgdata, loadDataDir: new Blob([await readFile(path.join(dir, m.dump.file))]) });
  try {
    await db.waitReady;
    return await countTables(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
}

const nonEmpty = async (dir: string) => existsSync(dir) && (await readdir(dir)).length > 0;

async function storedIds(store: BlobStore): Promise<string[]> {
  const ids: string[] = [];
  for await (const b of store.list()) ids.push(b.id);
  return ids.sort();
}

/** Streams each file of the backup into the store under its own id, then reads every one back and compares. */
async function restoreBlobs(dir: string, store: BlobStore, m: BackupManifest): Promise<void> {
  const ids = Object.keys(m.blobs.files).map((rel) => path.basename(rel));
  for (const id of ids) {
    const file = path.join(dir, 'blobs', backupPathOf(id));
    const { size } = await stat(file);
    await store.putStream(id, createReadStream(file), size);
  }
  const restored = await storedIds(store);
  if (restored.length !== m.blobs.count) throw new Error(`restored ${restored.length} files, the manifest lists ${m.blobs.count}`);
  const sink = () => new Writable({ write: (_c, _e, done) => done() });
  for (const id of restored) {
    const { sha256 } = await copyHashed((await store.stream(id)).stream, sink());
    if (sha256 !== m.blobs.files[backupPathOf(id)]) throw new Error(`restored file ${id} differs from the backup`);
  }
}

/** Restores the backup in `dir` into `target`; throws (having changed nothing) when it refuses. */
export async function restore(dir: string, target: Target, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const m = await readManifest(dir);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (m.database !== kind) {
    throw new Error(`this is a ${m.database} backup but the target is ${kind}; set or unset DATABASE_URL to match`);
  }
  await verifyBackup(dir, m);

  const pgdata = path.join(target.dataDir, 'pgdata');
  const store = blobStoreOf(target);
  const where = store.kind === 's3' ? 'the S3 bucket' : path.join(target.dataDir, 'blobs');
  const existing = await storedIds(store);
  const dbFull = target.databaseUrl ? (await pgTableCount(target.databaseUrl)) > 0 : await nonEmpty(pgdata);
  const blobsFull = existing.length > 0;
  if ((dbFull || blobsFull) && !opts.force) {
    const what = [dbFull && (target.databaseUrl ? 'the database has tables' : `${pgdata} is not empty`), blobsFull && `${where} holds ${existing.length} files`];
    throw new Error(`refusing to overwrite existing data (${what.filter(Boolean).join('; ')}); pass --force to replace it`);
  }
  if (!target.databaseUrl && pgliteInUse(pgdata)) throw new Error(`the PGlite database at ${pgdata} is open: stop the server first`);

  if (dbFull) {
    if (target.databaseUrl) await wipePostgres(target.databaseUrl);
    else await rm(pgdata, { recursive: true, force: true });
  }
  for (const id of existing) await store.remove(id);

  const counts = target.databaseUrl ? await restorePostgres(target.databaseUrl, dir, m) : await restorePglite(pgdata, dir, m);
  const diff = Object.keys({ ...m.tables, ...counts }).filter((t) => m.tables[t] !== counts[t]);
  if (diff.length) throw new Error(`restored row counts differ from the manifest in: ${diff.join(', ')}`);

  await restoreBlobs(dir, store, m);

  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, timeouts: LONG_DB_TIMEOUTS });
  try {
    const ledger = await checkLedger(database.db);
    return { manifest: m, ledger };
  } finally {
    await database.close();
  }
}

async function cli(): Promise<void> {
  const args = process.argv.slice(2);
  const folder = args.find((a) => !a.startsWith('--'));
  if (!folder) throw new Error('usage: npm run restore -- <backup folder> [--force]');
  const config = loadConfig();
  const blobs = createBlobStore(config);
  const { manifest, ledger } = await restore(path.resolve(folder), { databaseUrl: config.databaseUrl, dataDir: config.dataDir, blobs }, {
    force: args.includes('--force'),
  });
  const rowsTotal = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`restored ${path.resolve(folder)} (taken ${manifest.createdAt})`);
  console.log(`  ${Object.keys(manifest.tables).length} tables, ${rowsTotal} rows; ${manifest.blobs.count} files into ${blobs.kind === 's3' ? 'the S3 bucket' : path.join(config.dataDir, 'blobs')}`);
  if (ledger.ok) console.log(`  ledger OK: ${ledger.accounts} accounts, ${ledger.transfers} transfers, balances sum to 0`);
  else {
    console.error(`  ledger BROKEN: ${ledger.problems.join('; ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((e: unknown) => {
    console.error(`restore failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
