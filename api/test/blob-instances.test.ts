/**
 * Several API processes, one database, one bucket, no shared disk: a file delivered through
 * one instance downloads through the other by its signed link.
 *
 * On PostgreSQL the two processes run at the same time, each with a DATA_DIR of its own. PGlite
 * is one process per database, so there the second process starts after the first has stopped,
 * on the same database: that still shows the file lives in the bucket and not on either
 * process's disk, but not two at once (CI runs this file on PostgreSQL for that).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, row, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createTokenService } from '../src/lib/jwt.js';
import { post, SYSTEM } from '../src/modules/ledger/service.js';
import { createPgDatabase, onPostgres } from './helpers.js';
import { startS3, type S3Server } from './s3.js';
import { startApiProcess, type ApiProcess } from './api-process.js';

const SECRET = 'instances-test-secret-instances-test-secret';
const DEV = 7600;
const STUDENT = 7601;

let s3: S3Server;
let pgDb: { url: string; drop(): Promise<void> } | undefined;
const dirs: string[] = [];
const apis: ApiProcess[] = [];
let taskId: number;
const tokens: Record<number, string> = {};

const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'zalik-inst-'));
  dirs.push(d);
  return d;
};

async function startApi(dataDir: string): Promise<ApiProcess> {
  const api = await startApiProcess({ ...s3.env, JWT_SECRET: SECRET, DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '' });
  apis.push(api);
  return api;
}

beforeAll(async () => {
  s3 = await startS3('zalik-shared');
  pgDb = onPostgres ? await createPgDatabase() : undefined;
  const pgliteDir = tempDir();
  const database: Database = await openDatabase(pgDb ? { databaseUrl: pgDb.url } : { dataDir: pgliteDir });
  try {
    await migrate(database);
    const db = database.db;
    for (const id of [DEV, STUDENT]) await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${id}, ${`u${id}`})`);
    await db.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${DEV}, 'ROLE_DEVELOPER')`);
    const subject = (await row<{ id: number }>(db, sql`INSERT INTO subjects (name, course_number) VALUES ('Фізика', 2) RETURNING id`))!.id;
    const teacher = (await row<{ id: number }>(db, sql`INSERT INTO teachers (subject_id, name) VALUES (${subject}, 'С. С.') RETURNING id`))!.id;
    taskId = Number((await row<{ id: number }>(db, sql`
      INSERT INTO tasks (teacher_id, developer_id, title, price, type, auto_generate, identifier)
      VALUES (${teacher}, ${DEV}, 'Курсова', 100, 'REGULAR', false, '') RETURNING id`))!.id);
    await db.transaction((tx) =>
      post(tx, [{ from: { system: SYSTEM.topup }, to: { user: STUDENT, wallet: 'general' }, amount: 1000_00, kind: 'TOPUP', key: 'inst-topup' }]),
    );
  } finally {
    await database.close();
  }
  const signer = createTokenService(SECRET, 3600);
  tokens[STUDENT] = await signer.sign({ sub: String(STUDENT), roles: ['ROLE_USER'], ban: false });
  tokens[DEV] = await signer.sign({ sub: String(DEV), roles: ['ROLE_USER', 'ROLE_DEVELOPER'], ban: false });
  // PGlite keeps its database in DATA_DIR/pgdata: both processes use that folder, one after the other.
  dirs.unshift(pgliteDir);
}, 240_000);

afterAll(async () => {
  for (const api of apis) await api.stop();
  await pgDb?.drop();
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const bearer = (id: number) => ({ authorization: `Bearer ${tokens[id]}` });

describe(`two API instances on one ${onPostgres ? 'PostgreSQL' : 'PGlite database (one after the other)'} and one bucket`, () => {
  it('a file delivered through one downloads through the other by its signed link', async () => {
    const dirA = onPostgres ? tempDir() : dirs[0]!;
    const dirB = onPostgres ? tempDir() : dirs[0]!;
    const a = await startApi(dirA);
    let b = onPostgres ? await startApi(dirB) : undefined;

    const bought = await fetch(`${a.url}/api/v1/tasks/process`, {
      method: 'POST',
      headers: { ...bearer(STUDENT), 'content-type': 'application/json' },
      body: JSON.stringify({ taskId: String(taskId), arguments: [] }),
    });
    expect(bought.status, await bought.clone().text()).toBe(200);
    const orderId = (await bought.json()).id as string;

    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(512 * 1024)]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Курсова.pdf');
    const saved = await fetch(`${a.url}/api/v1/histories/history/${orderId}/developer/save-file`, { method: 'PATCH', headers: bearer(DEV), body: form });
    expect(saved.status, await saved.clone().text()).toBe(200);

    if (!b) {
      await a.stop();
      b = await startApi(dirB);
    }
    const history = await (await fetch(`${b.url}/api/v1/histories/user/${STUDENT}`, { headers: bearer(STUDENT) })).text();
    const link = /http:\/\/127\.0\.0\.1:\d+(\/api\/v1\/files\/[^"]+)/.exec(history)![1]!;
    const file = await fetch(b.url + link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-length')).toBe(String(pdf.length));
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // Neither process kept the file on its own disk.
    expect(existsSync(path.join(dirA, 'blobs'))).toBe(false);
    expect(existsSync(path.join(dirB, 'blobs'))).toBe(false);
  }, 180_000);
});
