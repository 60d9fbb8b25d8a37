import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, createDeps } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { backup } from '../src/scripts/backup.js';
import { restore } from '../src/scripts/restore.js';
import { ADMIN_ID, BOT_TOKEN, auth, createPgDatabase, onPostgres, type TestContext } from './helpers.js';
import { topUpApi, expectLedgerBalanced, transferCount } from './ledger-helpers.js';
import { startS3 } from './s3.js';
import { createBlobStore } from '../src/ports/blob-store-from-config.js';
import { multipart } from './docx.js';
import { DEV, STUDENT, autoTask, buy, createWorld, download, manualTask, type World } from './purchase-world.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function freshDatabaseUrl(): Promise<string | undefined> {
  if (!onPostgres) return undefined;
  const pg = await createPgDatabase({ empty: true });
  cleanups.push(() => pg.drop());
  return pg.url;
}

/** An app on a database and DATA_DIR on disk (PGlite in DATA_DIR/pgdata), as `npm start` opens them. */
async function openContext(dataDir: string, databaseUrl: string | undefined, env: Record<string, string> = {}): Promise<TestContext> {
  const config = loadConfig({
    BOT_TOKEN,
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    ADMIN_TELEGRAM_IDS: String(ADMIN_ID),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://zalik.test',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  const deps = createDeps(config, database);
  const app = await buildApp(deps, { logger: false, serveWeb: false });
  await app.ready();
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    await app.close();
    await database.close();
  };
  cleanups.push(close);
  return { app, deps, config, database, databaseUrl, dataDir, close };
}

const PDF = Buffer.from('%PDF-1.4\n% the answer to a course paper\n%%EOF\n');

/** Money and files through the real routes: a top-up, an auto purchase, a delivered and an open manual order. */
async function makeHistory(ctx: TestContext, w: World): Promise<void> {
  await topUpApi(ctx.app, w.admin, STUDENT, 1000);
  const auto = await buy(ctx, w.student, await autoTask(ctx, w, { price: 120 }), ['Бойко О. О.', '7']);
  expect(auto.statusCode).toBe(200);
  const delivered = await buy(ctx, w.student, await manualTask(ctx, w, { price: 300 }), ['Бойко О. О.', '12']);
  expect(delivered.statusCode).toBe(200);
  const form = multipart([
    { name: 'file', filename: 'Курсова.pdf', value: PDF },
    { name: 'message', value: 'Готово.' },
  ]);
  const saved = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/histories/history/${delivered.json().id}/developer/save-file`,
    headers: { ...auth(w.dev), ...form.headers },
    payload: form.payload,
  });
  expect(saved.statusCode).toBe(200);
  // Still in progress: its money stays in escrow, which the ledger check compares with the orders.
  expect((await buy(ctx, w.student, await manualTask(ctx, w, { price: 80 }), ['Бойко О. О.', '3'])).statusCode).toBe(200);
}

/** What the student and the developer see, with signed links reduced to their file, and each file's bytes. */
async function whatUsersSee(ctx: TestContext, w: World) {
  const get = async (token: string, url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth(token) });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const screens = {
    history: await get(w.student, `/api/v1/histories/user/${STUDENT}`),
    transactions: await get(w.student, `/api/v1/transactions/history/user/${STUDENT}`),
    wallets: await get(w.student, `/api/v1/wallets/user/${STUDENT}`),
    devWallets: await get(w.dev, `/api/v1/wallets/user/${DEV}`),
    devTransactions: await get(w.dev, `/api/v1/transactions/history/user/${DEV}`),
    queue: await get(w.dev, '/api/v1/histories/developer/in-progress'),
  };
  const links: string[] = [];
  const text = JSON.stringify(screens, (_k, v: unknown) => {
    if (typeof v === 'string' && v.includes('/api/v1/files/')) {
      links.push(v);
      return v.split('?')[0];
    }
    return v;
  });
  const files: Record<string, string> = {};
  for (const link of links) {
    const res = await download(ctx, link);
    expect(res.statusCode, link).toBe(200);
    files[link.split('?')[0]!] = createHash('sha256').update(res.rawPayload).digest('hex');
  }
  return { screens: JSON.parse(text) as typeof screens, files };
}

describe(`a backup (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restored into a fresh place shows the same histories, balances and files, and the ledger balances', async () => {
    const ctx = await openContext(tempDir('zalik-backup-src-'), await freshDatabaseUrl());
    const w = await createWorld(ctx);
    await makeHistory(ctx, w);
    const before = await whatUsersSee(ctx, w);
    expect(before.screens.history.length).toBe(3);
    expect(Object.keys(before.files).length).toBe(2);

    const out = path.join(tempDir('zalik-backup-out-'), 'backup');
    const target = { databaseUrl: ctx.config.databaseUrl, dataDir: ctx.dataDir };
    if (!onPostgres) {
      // PGlite is one process per data directory: a backup of an open database is refused.
      await expect(backup(target, out)).rejects.toThrow(/stop the server first/);
      await ctx.close();
    }
    const manifest = await backup(target, out);
    expect(manifest.database).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.tables.orders).toBe(3);
    // The generated DOCX, the delivered PDF and the auto task's template.
    expect(manifest.blobs.count).toBe(3);
    await ctx.close();

    const fresh = { databaseUrl: await freshDatabaseUrl(), dataDir: tempDir('zalik-backup-dst-') };
    const { ledger } = await restore(out, fresh);
    expect(ledger.problems).toEqual([]);
    await expect(restore(out, fresh)).rejects.toThrow(/refusing to overwrite/);

    const restored = await openContext(fresh.dataDir, fresh.databaseUrl);
    const after = await whatUsersSee(restored, w);
    expect(after).toEqual(before);
    expect(await transferCount(restored.deps)).toBe(manifest.tables.transfers);
    await expectLedgerBalanced(restored.deps);
  }, 180_000);

  it('with BLOB_STORE=s3 copies the bucket out and back into an empty bucket', async () => {
    const source = await startS3('zalik-src');
    const dest = await startS3('zalik-dst');
    cleanups.push(() => source.close(), () => dest.close());
    const ctx = await openContext(tempDir('zalik-backup-src-'), await freshDatabaseUrl(), source.env);
    const w = await createWorld(ctx);
    await makeHistory(ctx, w);
    const before = await whatUsersSee(ctx, w);
    const blobs = ctx.deps.blobs;
    await ctx.close();
    const out = path.join(tempDir('zalik-backup-out-'), 'backup');
    const manifest = await backup({ databaseUrl: ctx.config.databaseUrl, dataDir: ctx.dataDir, blobs }, out);
    expect(manifest.blobs.count).toBe(3);
    // Nothing of it came from the local disk: the files are in the bucket only.
    expect(existsSync(path.join(ctx.dataDir, 'blobs'))).toBe(false);

    const fresh = { databaseUrl: await freshDatabaseUrl(), dataDir: tempDir('zalik-backup-dst-') };
    const target = { ...fresh, blobs: createBlobStore(loadConfig({ ...dest.env, DATA_DIR: fresh.dataDir })) };
    expect((await restore(out, target)).ledger.problems).toEqual([]);
    await expect(restore(out, target)).rejects.toThrow(/S3 bucket holds 3 files/);

    const reopened = await openContext(fresh.dataDir, fresh.databaseUrl, dest.env);
    expect(await whatUsersSee(reopened, w)).toEqual(before);
  }, 180_000);

  it('refuses a damaged backup and changes nothing', async () => {
    const ctx = await openContext(tempDir('zalik-backup-src-'), await freshDatabaseUrl());
    const w = await createWorld(ctx);
    await makeHistory(ctx, w);
    await ctx.close();
    const out = path.join(tempDir('zalik-backup-out-'), 'backup');
    const manifest = await backup({ databaseUrl: ctx.config.databaseUrl, dataDir: ctx.dataDir }, out);
    writeFileSync(path.join(out, 'blobs', Object.keys(manifest.blobs.files)[0]!), 'tampered');

    const fresh = { databaseUrl: await freshDatabaseUrl(), dataDir: tempDir('zalik-backup-dst-') };
    await expect(restore(out, fresh)).rejects.toThrow(/missing or damaged/);
    const untouched = await openContext(fresh.dataDir, fresh.databaseUrl);
    expect(await transferCount(untouched.deps)).toBe(0);
  }, 180_000);
});
