/**
 * `npm run backup [-- <folder>]`: a consistent copy of the database and the stored files.
 *
 * - PostgreSQL (DATABASE_URL): pg_dump in custom format, taken from a snapshot exported by a
 *   REPEATABLE READ transaction that also counts the rows, so the counts in the manifest are
 *   exactly what the dump holds. The server keeps serving meanwhile.
 * - PGlite (DATA_DIR/pgdata): PGlite allows one process per data directory, so the backup is
 *   stop-the-world: stop the server, back up, start it again. dumpDataDir() writes a tarball.
 *
 * Files (DATA_DIR/blobs, or the S3 bucket when BLOB_STORE=s3) are copied after the dump,
 * streamed one at a time from the store into blobs/ of the backup: blobs are written before the rows that
 * point at them commit, so every row in the dump finds its file (a file added later is
 * harmless). The manifest (counts, sizes, SHA-256 of every file) is written last: a folder
 * without manifest.json is an unfinished backup, and restore refuses it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newPglite } from '../db/pglite.js';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { createBlobStore } from '../ports/blob-store-from-config.js';
import { LocalBlobStore, type BlobStore } from '../ports/blob-store.js';

export const MANIFEST = 'manifest.json';
export const PG_DUMP_FILE = 'database.pgdump';
export const PGLITE_DUMP_FILE = 'pgdata.tar.gz';

export interface BackupManifest {
  format: 'zalik-backup/1';
  createdAt: string;
  database: 'postgres' | 'pglite';
  dump: { file: string; bytes: number; sha256: string };
  /** Rows per table at the moment of the dump. */
  tables: Record<string, number>;
  /** Every stored file: its path under blobs/ -> SHA-256. */
  blobs: { count: number; bytes: number; files: Record<string, string> };
}

/** Where the data lives: the server's config (DATABASE_URL, DATA_DIR, BLOB_STORE). */
export interface Target {
  databaseUrl?: string;
  dataDir: string;
  /** The file store; DATA_DIR/blobs on local disk when not given. */
  blobs?: BlobStore;
}

export const blobStoreOf = (target: Target): BlobStore => target.blobs ?? new LocalBlobStore(path.join(target.dataDir, 'blobs'));

/** A blob's path under blobs/ of a backup: the local store's own layout, whatever store it came from. */
export const backupPathOf = (id: string) => `${id.slice(0, 2)}/${id}`;

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (b) => hash.update(b))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Row counts of every table in the public schema, through any query function. */
export async function countTables(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, number>> {
  const tables = await query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const name = String(t.table_name);
    counts[name] = Number((await query(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`))[0]!.n);
  }
  return counts;
}

/** Runs a client tool (pg_dump, pg_restore), failing with its stderr. */
export function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', (e) => reject(new Error(`${cmd} could not run (${e.message}); install the PostgreSQL client tools (Debian: postgresql-client)`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code}): ${stderr.trim()}`))));
  });
}

async function dumpPostgres(url: string, dir: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0]!.s;
    const tables = await countTables(async (text) => (await client.query(text)).rows);
    // The snapshot lives as long as this transaction: pg_dump must finish before COMMIT.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${path.join(dir, PG_DUMP_FILE)}`, `--dbname=${url}`]);
    await client.query('COMMIT');
    return tables;
  } finally {
    await client.end();
  }
}

/** PGlite holds postmaster.pid while a process has the directory open (and removes it on close). */
export function pgliteInUse(pgdata: string): boolean {
  return existsSync(path.join(pgdata, 'postmaster.pid'));
}

async function dumpPglite(dataDir: string, dir: string, force: boolean): Promise<Record<string, number>> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`no PGlite database at ${pgdata}`);
  if (pgliteInUse(pgdata) && !force) {
    throw new Error(
      `the PGlite database at ${pgdata} is open (postmaster.pid exists): stop the server first, PGlite backups are stop-the-world. ` +
        'If the server crashed, start and stop it once, or pass --force.',
    );
  }
  const db = newPglite({ dataDir: pgdata });
  try {
    await db.waitReady;
    const tables = await countTables(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
    const tarball = await db.dumpDataDir('gzip');
    await writeFile(path.join(dir, PGLITE_DUMP_FILE), Buffer.from(await tarball.arrayBuffer()));
    return tables;
  } finally {
    await db.close();
  }
}

/** Streams `source` into `dest`, hashing on the way; returns the SHA-256 and the byte count. */
export async function copyHashed(source: NodeJS.ReadableStream, dest: NodeJS.WritableStream): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, tap, dest);
  return { sha256: hash.digest('hex'), bytes };
}

async function copyBlobs(from: BlobStore, to: string): Promise<BackupManifest['blobs']> {
  const ids: string[] = [];
  for await (const b of from.list()) ids.push(b.id);
  const files: Record<string, string> = {};
  let bytes = 0;
  for (const id of ids.sort()) {
    const rel = backupPathOf(id);
    const dest = path.join(to, rel);
    await mkdir(path.dirname(dest), { recursive: true });
    const copied = await copyHashed((await from.stream(id)).stream, createWriteStream(dest));
    files[rel] = copied.sha256;
    bytes += copied.bytes;
  }
  return { count: ids.length, bytes, files };
}

/** Writes a backup of `target` into `outDir` (which must not exist or be empty); returns its manifest. */
export async function backup(target: Target, outDir: string, opts: { force?: boolean } = {}): Promise<BackupManifest> {
  if (existsSync(outDir) && (await readdir(outDir)).length > 0) throw new Error(`${outDir} is not empty; choose a new folder`);
  // Built in a sibling folder and renamed at the end: a crash never leaves a folder that looks complete.
  const work = `${outDir}.partial`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    const tables = target.databaseUrl ? await dumpPostgres(target.databaseUrl, work) : await dumpPglite(target.dataDir, work, Boolean(opts.force));
    const dumpFile = kind === 'postgres' ? PG_DUMP_FILE : PGLITE_DUMP_FILE;
    const blobs = await copyBlobs(blobStoreOf(target), path.join(work, 'blobs'));
    const manifest: BackupManifest = {
      format: 'zalik-backup/1',
      createdAt: new Date().toISOString(),
      database: kind,
      dump: { file: dumpFile, bytes: (await stat(path.join(work, dumpFile))).size, sha256: await sha256File(path.join(work, dumpFile)) },
      tables,
      blobs,
    };
    await writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    await rm(outDir, { recursive: true, force: true });
    await rename(work, outDir);
    return manifest;
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    throw e;
  }
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir} holds no ${MANIFEST}: not a backup, or an unfinished one`);
  const m = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (m.format !== 'zalik-backup/1') throw new Error(`${file}: unknown format ${String(m.format)}`);
  return m;
}

async function cli(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const folder = args.find((a) => !a.startsWith('--'));
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.resolve(folder ?? path.join('backups', `zalik-${stamp}`));
  const m = await backup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, blobs: createBlobStore(config) }, outDir, { force });
  const rowsTotal = Object.values(m.tables).reduce((a, b) => a + b, 0);
  console.log(`backup written to ${outDir}`);
  console.log(`  ${m.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${Object.keys(m.tables).length} tables, ${rowsTotal} rows, ${m.dump.file} ${m.dump.bytes} bytes`);
  console.log(`  files: ${m.blobs.count} (${m.blobs.bytes} bytes)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((e: unknown) => {
    console.error(`backup failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
