/**
 * A real PostgreSQL misbehaving under two real API processes full of buyers: every backend of
 * the database terminated several times, the server restarted (`pg_ctl restart -m fast`), then
 * stopped for a few seconds and started again. The processes must stay up, answer only a
 * purchase or the Ukrainian 503, say so on /healthz, serve again within seconds, get their
 * catalogue cache feed (LISTEN) back, and leave money exact: `ledger:check` clean, and each
 * buyer's balance plus purchases equal to the top-up.
 *
 * The cluster is this file's own (own-postgres.ts), never the shared server of DATABASE_URL,
 * which other test files use meanwhile. So the file runs the same with or without
 * DATABASE_URL, in both of CI's runs; it fails, not skips, where the PostgreSQL binaries are
 * missing. db-outage.test.ts covers the same through a TCP proxy on the shared server.
 *
 * First, on the same cluster, the pool bug this test found: a connection lost between
 * check-out and BEGIN used to keep its pool slot for good (db/pool.ts).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { openDatabase, row, rows } from '../src/db/client.js';
import { isConnectionLost } from '../src/db/errors.js';
import { migrate } from '../src/db/migrate.js';
import { createTokenService } from '../src/lib/jwt.js';
import { post, SYSTEM } from '../src/modules/ledger/service.js';
import { NO_RATE_LIMITS } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { API_DIR, sleep, startApiProcess, waitFor, type ApiProcess } from './api-process.js';
import { startOwnPostgres, type OwnPostgres } from './own-postgres.js';

const SECRET = 'restart-test-secret-restart-test-secret';
const ADMIN = 7800;
const DEV = 7801;
const BUYERS = Array.from({ length: 12 }, (_, i) => 7810 + i);
const TOPUP_KOPECKS = 1_000_000;
/** The task's price in UAH, as tasks hold it; orders and balances are in kopecks. */
const PRICE_UAH = 1;
const DOWN = { status: 'unavailable', database: 'down' };

let cluster: OwnPostgres | undefined;
let dbUrl: string;
let dataDir: string | undefined;
let taskId: number;
let subjectId: number;
const tokens = new Map<number, string>();
const apis: ApiProcess[] = [];

beforeAll(async () => {
  cluster = await startOwnPostgres();
  await cluster.query('CREATE DATABASE zalik');
  dbUrl = cluster.url('zalik');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zalik-restart-'));
  const database = await openDatabase({ databaseUrl: dbUrl });
  try {
    await migrate(database);
    const db = database.db;
    for (const id of [ADMIN, DEV, ...BUYERS]) await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${id}, ${`u${id}`})`);
    await db.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${ADMIN}, 'ROLE_ADMIN'), (${DEV}, 'ROLE_DEVELOPER')`);
    subjectId = (await row<{ id: number }>(db, sql`INSERT INTO subjects (name, course_number) VALUES ('Фізика', 2) RETURNING id`))!.id;
    const teacher = (await row<{ id: number }>(db, sql`INSERT INTO teachers (subject_id, name) VALUES (${subjectId}, 'С. С.') RETURNING id`))!.id;
    const arg = (await row<{ id: number }>(db, sql`INSERT INTO arguments (name, description) VALUES ('ПІБ', 'x') RETURNING id`))!.id;
    taskId = (await row<{ id: number }>(db, sql`
      INSERT INTO tasks (teacher_id, developer_id, title, price, type, auto_generate, identifier)
      VALUES (${teacher}, ${DEV}, 'Ручне', ${PRICE_UAH}, 'REGULAR', false, '') RETURNING id`))!.id;
    await db.execute(sql`INSERT INTO task_arguments (task_id, argument_id, position) VALUES (${taskId}, ${arg}, 0)`);
    const signer = createTokenService(SECRET, 3600);
    for (const id of BUYERS) {
      await db.transaction((tx) =>
        post(tx, [{ from: { system: SYSTEM.topup }, to: { user: id, wallet: 'general' }, amount: TOPUP_KOPECKS, kind: 'TOPUP', key: `restart-topup-${id}` }]),
      );
    }
    for (const id of [ADMIN, ...BUYERS]) tokens.set(id, await signer.sign({ sub: String(id), roles: ['ROLE_USER'], ban: false }));
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  for (const api of apis) await api.kill();
  await cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run ledger:check` against the cluster: its exit code and what it printed. */
async function ledgerCheckScript(): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir!, BOT_TOKEN: '', JWT_SECRET: SECRET };
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/scripts/ledger-check.ts'], { cwd: API_DIR, env }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, out: `${e.stdout}${e.stderr}` }),
  );
}

describe('a connection lost between check-out and BEGIN', () => {
  it('gives its pool slot back: after more such losses than the pool has slots, queries still run', async () => {
    const pgc = cluster!;
    await pgc.query('CREATE DATABASE pool_slots');
    const database = await openDatabase({ databaseUrl: pgc.url('pool_slots') });
    try {
      const transaction = () => database.db.transaction((tx) => tx.execute(sql`SELECT 1`));
      // The pool holds 20 connections; each round loses 5.
      for (let round = 0; round < 5; round++) {
        // Five connections idle in the pool...
        await Promise.all(Array.from({ length: 5 }, transaction));
        // ... are terminated while this process cannot notice, then checked out at once: BEGIN meets the termination.
        pgc.psqlSync(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'pool_slots' AND pid <> pg_backend_pid()`);
        const lost = await Promise.allSettled(Array.from({ length: 5 }, transaction));
        // each one a lost connection, which a request answers with the Ukrainian 503
        expect(lost.map((r) => r.status === 'rejected' && isConnectionLost(r.reason))).toEqual(Array(5).fill(true));
      }
      expect(await rows(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
      // Ending the pool waits for every checked-out client: it returns only when none was lost.
      await database.close();
    } catch (e) {
      void database.close().catch(() => {});
      throw e;
    }
  }, 120_000);
});

type Outcome = { status: number; body?: { message?: string; id?: string }; retryAfter?: string | null; error?: string; phase: string };

describe('two API processes while their own PostgreSQL drops connections, restarts and stops', () => {
  it('stay up, answer a purchase or the Ukrainian 503, recover within seconds, and keep money exact', async () => {
    const pgc = cluster!;
    // Each process logs when its catalogue cache's change feed (its LISTEN connection) is proven live again.
    const feedLive = [0, 0];
    for (const i of [0, 1]) {
      apis.push(
        await startApiProcess(
          { JWT_SECRET: SECRET, DATA_DIR: dataDir!, DATABASE_URL: dbUrl, LOG_LEVEL: 'info', ...NO_RATE_LIMITS },
          { onLine: (line) => void (line.includes('catalogue cache: change feed live') && feedLive[i]!++) },
        ),
      );
    }
    const [a, b] = apis as [ApiProcess, ApiProcess];
    const until = (what: string, check: () => boolean | Promise<boolean>, ms?: number) => waitFor(what, check, { ms, alive: apis });
    const health = (api: ApiProcess) =>
      fetch(`${api.url}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as unknown }),
        () => ({ status: 0, body: undefined as unknown }),
      );
    const subjects = (api: ApiProcess) =>
      fetch(`${api.url}/api/v1/subjects/course-number/2`, { headers: { authorization: `Bearer ${tokens.get(BUYERS[0]!)}` }, signal: AbortSignal.timeout(10_000) })
        .then(async (r) => ({ status: r.status, body: (await r.json()) as { name: string }[] | { message: string } }));
    const names = async (api: ApiProcess) => {
      const r = await subjects(api);
      expect(r.status).toBe(200);
      return (r.body as { name: string }[]).map((s) => s.name);
    };

    const outcomes: Outcome[] = [];
    const confirmed: string[] = [];
    let phase = 'normal';
    let stop = false;
    const ok = () => outcomes.filter((o) => o.status === 200).length;
    const inPhase = (p: string) => outcomes.filter((o) => o.phase === p);

    // Half the buyers on each process, each buying again as soon as answered (after a short pause when refused).
    const loops = BUYERS.map(async (buyer, i) => {
      const api = apis[i % 2]!;
      while (!stop) {
        const at = phase;
        const o: Outcome = await fetch(`${api.url}/api/v1/tasks/process`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.get(buyer)}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ taskId: String(taskId), arguments: ['Рестарт'] }),
          // An answer that takes longer than this is a failure, not a slow success.
          signal: AbortSignal.timeout(15_000),
        }).then(
          async (r) => ({ status: r.status, body: await r.json(), retryAfter: r.headers.get('retry-after'), phase: at }),
          (e: Error) => ({ status: 0, error: e.message, phase: at }),
        );
        outcomes.push(o);
        if (o.status === 200) confirmed.push(String(o.body!.id));
        else await sleep(100);
      }
    });

    try {
      await until('purchases to go through', () => ok() >= 20);

      // What a failover or a pooler closing connections does: the pools, the probes and the LISTEN connections all die.
      for (let round = 0; round < 3; round++) {
        phase = `terminate-${round}`;
        const killed = await pgc.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'zalik' AND pid <> pg_backend_pid()`,
        );
        expect(killed.length).toBeGreaterThan(0);
        const before = ok();
        await until(`purchases after termination ${round}`, () => ok() >= before + 10);
      }

      // A real restart. It takes about a second, so /healthz (checked at most once a second)
      // may or may not catch it down; what it answers meanwhile is down or ok, nothing else.
      const feedBeforeRestart = [...feedLive];
      const seen: unknown[] = [];
      let restarting = true;
      const prober = (async () => {
        while (restarting) {
          for (const api of apis) seen.push((await health(api)).body);
          await sleep(50);
        }
      })();
      phase = 'restart';
      await pgc.restart();
      restarting = false;
      await prober;
      expect(seen.filter((s) => JSON.stringify(s) !== JSON.stringify({ status: 'ok' }) && JSON.stringify(s) !== JSON.stringify(DOWN))).toEqual([]);
      phase = 'after-restart';
      for (const api of apis) await until('/healthz to be ok after the restart', async () => (await health(api)).status === 200, 10_000);
      let from = ok();
      await until('purchases after the restart', () => ok() >= from + 20, 10_000);
      await until('both caches to have their change feed live again', () => feedLive.every((n, i) => n > feedBeforeRestart[i]!));

      // The server goes away for a few seconds: new connections are refused.
      phase = 'stopped';
      await pgc.stop();
      for (const api of apis) {
        await until('/healthz to report the database down', async () => JSON.stringify(await health(api)) === JSON.stringify({ status: 503, body: DOWN }), 10_000);
        const live = await fetch(`${api.url}/livez`);
        expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
        // The cache lost its feed, so a catalogue read goes to the database, and is refused too.
        expect(await subjects(api)).toEqual({ status: 503, body: { message: MSG.unavailable } });
      }
      await until('purchases made while stopped to be answered', () => inPhase('stopped').length >= 2 * BUYERS.length);
      const feedBeforeStart = [...feedLive];
      await pgc.start();
      phase = 'started';
      for (const api of apis) await until('/healthz to be ok after the start', async () => (await health(api)).status === 200, 10_000);
      from = ok();
      await until('purchases after the start', () => ok() >= from + 20, 10_000);
      // The LISTEN connection reconnects with backoff (up to 30 s between tries).
      await until('both caches to have their change feed live again', () => feedLive.every((n, i) => n > feedBeforeStart[i]!), 40_000);

      // b answers the subject list from memory: a change that announces nothing is not seen...
      expect(await names(b)).toEqual(['Фізика']);
      expect(await names(b)).toEqual(['Фізика']);
      await pgc.query(`SET session_replication_role = replica; UPDATE subjects SET name = 'Без сповіщення' WHERE id = ${Number(subjectId)}`, undefined, 'zalik');
      expect(await names(b)).toEqual(['Фізика']);
      // ... and a rename through a's API reaches b's cache through the reconnected LISTEN.
      const renamed = await fetch(`${a.url}/api/v1/subjects/${subjectId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${tokens.get(ADMIN)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Хімія' }),
      });
      expect(renamed.status).toBe(200);
      await until('the rename to reach the other process', async () => (await names(b))[0] === 'Хімія', 10_000);

      stop = true;
      await Promise.all(loops);
      expect(apis.map((api) => api.exit)).toEqual([undefined, undefined]);
    } finally {
      stop = true;
      await Promise.all(loops);
    }

    // Every request was answered, by a purchase or by the Ukrainian 503: never a 500, a hang or a dropped connection.
    const unexpected = outcomes.filter((o) => o.status !== 200 && !(o.status === 503 && o.body?.message === MSG.unavailable && o.retryAfter === '5'));
    expect(unexpected).toEqual([]);
    expect(inPhase('stopped').filter((o) => o.status === 503).length).toBeGreaterThan(0);
    for (const p of ['after-restart', 'started']) expect(inPhase(p).filter((o) => o.status === 200).length).toBeGreaterThan(0);

    // After all that, both still shut down cleanly (a pool waiting for a lost client would never end).
    for (const api of apis) {
      await Promise.race([api.stop(), sleep(20_000)]);
      expect(api.exit, 'a clean shutdown on SIGTERM').toBe('exited with 0');
    }

    // Money: the ledger script finds nothing wrong; no purchase lost or paid twice; no kopeck made or lost.
    const check = await ledgerCheckScript();
    expect(check, check.out).toMatchObject({ code: 0, out: expect.stringContaining('ledger OK') });
    const database = await openDatabase({ databaseUrl: dbUrl });
    try {
      const db = database.db;
      await expectLedgerBalanced({ db });
      const ids = new Set((await rows<{ id: number }>(db, sql`SELECT id FROM orders`)).map((o) => String(o.id)));
      expect(confirmed.filter((id) => !ids.has(id))).toEqual([]);
      const notPaidOnce = await rows(db, sql`SELECT o.id, count(t.id) AS n FROM orders o
        LEFT JOIN transfers t ON t.reference = 'order:' || o.id AND t.kind = 'PURCHASE' GROUP BY o.id HAVING count(t.id) <> 1`);
      expect(notPaidOnce).toEqual([]);
      const perBuyer = await rows<{ buyer: number; balance: number; spent: number }>(db, sql`
        SELECT u.telegram_id AS buyer,
               (SELECT COALESCE(SUM(balance), 0) FROM account_balances WHERE code = 'user:' || u.telegram_id || ':general')::bigint AS balance,
               (SELECT COALESCE(SUM(price), 0) FROM orders WHERE buyer_id = u.telegram_id)::bigint AS spent
        FROM users u WHERE u.telegram_id IN (${sql.join(BUYERS.map((id) => sql`${id}`), sql`, `)}) ORDER BY u.telegram_id`);
      expect(perBuyer.map((r) => [r.buyer, Number(r.balance) + Number(r.spent)])).toEqual(BUYERS.map((id) => [id, TOPUP_KOPECKS]));
      expect(perBuyer.reduce((n, r) => n + Number(r.spent), 0)).toBe(ids.size * PRICE_UAH * 100);
    } finally {
      await database.close();
    }
  }, 300_000);
});
