import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { newPglite as createPglite } from '../../src/db/pglite.js';
import { openDatabase } from '../../src/db/client.js';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate.js';
import { createScratchDatabase } from '../../src/db/scratch.js';

/**
 * Where a run's migrated template lives, handed from the global setup to the test workers
 * through the environment (forks inherit it): a PGlite data directory dump, or the name of a
 * PostgreSQL template database.
 */
export const PGLITE_TEMPLATE_ENV = 'ZALIK_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'ZALIK_TEST_PG_TEMPLATE';

/**
 * Migrates one database for the whole run. Migrating a fresh database took a second or more
 * of CPU per test file; a copy of a migrated one costs a fraction of that.
 * Returns the teardown.
 */
export async function createTemplate(databaseUrl: string | undefined): Promise<() => Promise<void>> {
  // Each vitest project runs the global setup; the first one's template serves the whole run.
  if (process.env[PG_TEMPLATE_ENV] || process.env[PGLITE_TEMPLATE_ENV]) return async () => {};
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, 'zalik_tpl');
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      await migrate(database);
    } finally {
      // A template must have no open connection while databases are copied from it.
      await database.close();
    }
    process.env[PG_TEMPLATE_ENV] = new URL(scratch.url).pathname.slice(1);
    return async () => {
      delete process.env[PG_TEMPLATE_ENV];
      await scratch.drop();
    };
  }
  // Kept between runs under a name made of what it is built from: a run whose migrations and
  // PGlite are unchanged skips the migrating (a few seconds, all before the first test starts).
  const cacheDir = path.join(os.tmpdir(), 'zalik-test-templates');
  const file = path.join(cacheDir, `${templateKey()}.tar`);
  if (!existsSync(file)) {
    const pglite = createPglite();
    const database = await openDatabase({ pglite });
    await migrate(database);
    const dump = await pglite.dumpDataDir('none');
    await database.close();
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed: a run beside this one never reads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
  };
}

/** Names a template by the text of every migration and functions file and PGlite's version. */
function templateKey(): string {
  // The package exports no package.json: read it beside its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const hash = createHash('sha256').update(readFileSync(path.join(dir, 'package.json')));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const f of files(MIGRATIONS_DIR).sort()) hash.update(path.relative(MIGRATIONS_DIR, f)).update(readFileSync(f));
  return hash.digest('hex').slice(0, 20);
}

let dump: Blob | undefined;

/** A new in-memory PGlite holding the run's migrated template, or an empty one without a template. */
export async function newPglite(): Promise<PGlite> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || (!dump && !existsSync(file))) return createPglite();
  dump ??= new Blob([readFileSync(file)]);
  const pglite = createPglite({ loadDataDir: dump });
  await pglite.waitReady;
  return pglite;
}

/**
 * What a fresh copy of the template holds, to put a used database back into that state: every
 * table's name, the rows the migrations wrote (system accounts, recurring jobs, the maintenance
 * switch...) without generated columns, and each sequence's position.
 */
interface Snapshot {
  tables: string[];
  seeded: { table: string; columns: string; rows: string }[];
  sequences: { name: string; value: number | null; start: number }[];
}

async function snapshotOf(pglite: PGlite): Promise<Snapshot> {
  const tables = (await pglite.query<{ t: string }>(`SELECT quote_ident(tablename) AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.t);
  const seeded: Snapshot['seeded'] = [];
  for (const table of tables) {
    const cols = (
      await pglite.query<{ c: string }>(
        `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS c FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
        [table],
      )
    ).rows[0]!.c;
    const found = (await pglite.query<{ rows: string | null }>(`SELECT json_agg(x)::text AS rows FROM (SELECT ${cols} FROM ${table}) x`)).rows[0]!.rows;
    if (found) seeded.push({ table, columns: cols, rows: found });
  }
  const sequences = (
    await pglite.query<{ name: string; value: number | null; start: number }>(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::float8 AS value, start_value::float8 AS start
         FROM pg_sequences WHERE schemaname = 'public'`,
    )
  ).rows;
  return { tables, seeded, sequences };
}

/** Empties every table and writes the template's rows and sequence positions back, triggers off. */
async function resetTo(pglite: PGlite, snap: Snapshot): Promise<void> {
  await pglite.transaction(async (tx) => {
    // Local: the immutable tables' triggers (transfers, the audit log) refuse TRUNCATE, and the
    // rows written back need no foreign-key checks.
    await tx.exec(`SET LOCAL session_replication_role = replica; TRUNCATE ${snap.tables.join(', ')} RESTART IDENTITY`);
    for (const s of snap.seeded) {
      await tx.query(`INSERT INTO ${s.table} (${s.columns}) OVERRIDING SYSTEM VALUE SELECT ${s.columns} FROM json_populate_recordset(NULL::${s.table}, $1::json)`, [s.rows]);
    }
    for (const q of snap.sequences) {
      await tx.query(q.value === null ? `SELECT setval($1, $2, false)` : `SELECT setval($1, $2, true)`, [q.name, q.value ?? q.start]);
    }
  });
}

let shared: { pglite: PGlite; snapshot: Snapshot; leased: boolean } | undefined;

/**
 * Set by the fast lane's project (vitest.config.ts). The slow lane builds markets of 100 000
 * orders and runs ANALYZE: planner statistics outlive TRUNCATE, so the next file of that worker
 * planned its own large seed with the last file's statistics and ran for many minutes (seen in
 * CI). Its files keep a fresh copy each, which costs them little beside what they do.
 */
export const SHARE_PGLITE_ENV = 'ZALIK_TEST_SHARE_PGLITE';

/**
 * A PGlite holding the template's state for one test context, and its release. A fast-lane
 * worker keeps one between its files (`isolate: false`) and empties it back to the template for the next
 * context instead of loading the template again: loading it wrote every file of the data
 * directory into PGlite's in-memory file system, about a second of CPU per test file, the
 * largest part of the fast lane's set-up (docs/TESTING.md). While a context holds it (a file with
 * two contexts open at once) the next one gets a fresh copy, released by closing it.
 */
export async function leasePglite(): Promise<{ pglite: PGlite; release(): Promise<void> }> {
  if (!process.env[PGLITE_TEMPLATE_ENV] || process.env[SHARE_PGLITE_ENV] !== '1' || shared?.leased) {
    const pglite = await newPglite();
    return { pglite, release: () => pglite.close() };
  }
  if (shared && !shared.pglite.closed) {
    try {
      await resetTo(shared.pglite, shared.snapshot);
    } catch {
      // A database left mid-transaction or broken by its last file: start again from the template.
      await shared.pglite.close().catch(() => {});
      shared = undefined;
    }
  } else {
    shared = undefined;
  }
  if (!shared) {
    const pglite = await newPglite();
    shared = { pglite, snapshot: await snapshotOf(pglite), leased: false };
  }
  const lease = shared;
  lease.leased = true;
  return {
    pglite: lease.pglite,
    release: async () => {
      lease.leased = false;
    },
  };
}

