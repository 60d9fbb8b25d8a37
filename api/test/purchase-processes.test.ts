/**
 * Real API processes: two at once on one database, and one killed with SIGKILL again and
 * again in the middle of purchases. Afterwards the ledger must check clean and every order
 * must have its payment (and every payment its order).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { row, rows } from '../src/db/client.js';
import { createTokenService } from '../src/lib/jwt.js';
import { LocalBlobStore } from '../src/ports/blob-store.js';
import { Sandbox } from '../src/modules/generators/sandbox.js';
import { saveTemplate } from '../src/modules/generators/templates.js';
import { loadTask } from '../src/modules/catalogue/index.js';
import { post, SYSTEM } from '../src/modules/ledger/service.js';
import { checkLedger } from '../src/modules/ledger/check.js';
import { onPostgres } from './helpers.js';
import { minimalDocx } from './docx.js';
import { NO_RATE_LIMITS } from './purchase-world.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { processDatabase, startApiProcess, type ProcessDatabase } from './api-process.js';

const SECRET = 'process-test-secret-process-test-secret';
const BUYERS = [7401, 7402, 7403, 7404];
const TOPUP_UAH = 1000;

let pdb: ProcessDatabase;
let manualId: number;
let autoId: number;
const tokens: string[] = [];

const startApi = () =>
  startApiProcess({ JWT_SECRET: SECRET, ...pdb.env, ...NO_RATE_LIMITS }, { startMs: 30_000 });

function purchase(url: string, buyer: number, auto: boolean, key: string = randomUUID()) {
  return fetch(`${url}/api/v1/tasks/process`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[buyer]}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ taskId: String(auto ? autoId : manualId), arguments: ['Процес', '1'] }),
  });
}

beforeAll(async () => {
  pdb = await processDatabase('proc');
  await pdb.use(async (db) => {
    const dev = 7400;
    for (const id of [dev, ...BUYERS]) await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${id}, ${`u${id}`})`);
    await db.execute(sql`INSERT INTO user_roles (telegram_id, role) VALUES (${dev}, 'ROLE_DEVELOPER')`);
    const subject = (await row<{ id: number }>(db, sql`INSERT INTO subjects (name, course_number) VALUES ('Фізика', 2) RETURNING id`))!.id;
    const teacher = (await row<{ id: number }>(db, sql`INSERT INTO teachers (subject_id, name) VALUES (${subject}, 'С. С.') RETURNING id`))!.id;
    const argA = (await row<{ id: number }>(db, sql`INSERT INTO arguments (name, description) VALUES ('ПІБ', 'x') RETURNING id`))!.id;
    const argB = (await row<{ id: number }>(db, sql`INSERT INTO arguments (name, description) VALUES ('Варіант', 'y') RETURNING id`))!.id;
    const task = async (auto: boolean) => {
      const id = Number((await row<{ id: number }>(db, sql`
        INSERT INTO tasks (teacher_id, developer_id, title, price, type, auto_generate, identifier)
        VALUES (${teacher}, ${dev}, ${auto ? 'Авто' : 'Ручне'}, 1, 'REGULAR', ${auto}, ${auto ? 'docx-template' : ''}) RETURNING id`))!.id);
      await db.execute(sql`INSERT INTO task_arguments (task_id, argument_id, position) VALUES (${id}, ${argA}, 0), (${id}, ${argB}, 1)`);
      return id;
    };
    manualId = await task(false);
    autoId = await task(true);
    const blobs = new LocalBlobStore(path.join(pdb.dataDir, 'blobs'));
    const sandbox = new Sandbox({ size: 1, timeoutMs: 10_000, maxOutputBytes: 1 << 20, maxHeapMb: 256 });
    const template = { task: (await loadTask(db, autoId))!, bytes: minimalDocx(['{ПІБ} {Варіант}']), fileName: 't.docx', uploaderId: dev, byAdmin: false };
    await saveTemplate({ db, blobs, sandbox }, template).finally(() => sandbox.close());
    const signer = createTokenService(SECRET, 3600);
    for (const id of BUYERS) {
      await db.transaction((tx) =>
        post(tx, [{ from: { system: SYSTEM.topup }, to: { user: id, wallet: 'general' }, amount: TOPUP_UAH * 100, kind: 'TOPUP', key: `proc-topup-${id}` }]),
      );
      tokens[id] = await signer.sign({ sub: String(id), roles: ['ROLE_USER'], ban: false, courseNumber: 1 });
    }
  });
});

afterAll(async () => {
  await pdb?.drop();
});

/** Every order has its payment and every payment its order; auto orders have their file on disk. */
async function expectOrdersConsistent(confirmed: string[] = []) {
  return pdb.use(async (db) => {
    // durability: every purchase the client saw succeed is still there
    const ids = new Set((await rows<{ id: number }>(db, sql`SELECT id FROM orders`)).map((o) => String(o.id)));
    expect(confirmed.filter((id) => !ids.has(id))).toEqual([]);
    await expectLedgerBalanced({ db });
    expect((await checkLedger(db)).ok).toBe(true);
    const unpaid = await rows(db, sql`SELECT id FROM orders o WHERE price > 0 AND NOT EXISTS
      (SELECT 1 FROM transfers t WHERE t.reference = 'order:' || o.id AND t.kind = 'PURCHASE' AND t.amount = o.price)`);
    expect(unpaid).toEqual([]);
    const orphanPayments = await rows(db, sql`SELECT id FROM transfers t WHERE kind = 'PURCHASE' AND NOT EXISTS
      (SELECT 1 FROM orders o WHERE 'order:' || o.id = t.reference)`);
    expect(orphanPayments).toEqual([]);
    const files = await rows<{ blob_id: string }>(db, sql`SELECT f.blob_id FROM order_files f`);
    const autoOrders = await rows(db, sql`SELECT id FROM orders WHERE auto_generate`);
    expect(files).toHaveLength(autoOrders.length);
    for (const f of files) expect(existsSync(path.join(pdb.dataDir, 'blobs', f.blob_id.slice(0, 2), f.blob_id))).toBe(true);
    const spent = await row<{ s: number | string }>(db, sql`SELECT COALESCE(SUM(price), 0) AS s FROM orders`);
    const left = await row<{ s: number | string }>(db, sql`SELECT COALESCE(SUM(balance), 0) AS s FROM account_balances WHERE kind = 'general'`);
    expect(Number(spent?.s) + Number(left?.s)).toBe(BUYERS.length * TOPUP_UAH * 100);
    return autoOrders.length;
  });
}

describe('API processes', () => {
  it('survives SIGKILL in the middle of purchases, again and again', async () => {
    const confirmed: string[] = [];
    let autoConfirmed = 0;
    for (let round = 0; round < 3; round++) {
      const api = await startApi();
      const url = api.url;
      let killed = false;
      const loops = BUYERS.flatMap((buyer, bi) =>
        [0, 1].map(async (lane) => {
          for (let n = 0; !killed; n++) {
            const auto = (bi + lane + n) % 2 === 0;
            await purchase(url, buyer, auto).then(
              async (r) => {
                if (r.status === 200) {
                  confirmed.push((await r.json()).id);
                  if (auto) autoConfirmed++;
                } else await r.arrayBuffer();
              },
              () => undefined,
            );
          }
        }),
      );
      // Kill once some purchases went through, while others are in flight.
      const target = confirmed.length + 4;
      const autoTarget = autoConfirmed + 1;
      for (let i = 0; i < 300 && (confirmed.length < target || autoConfirmed < autoTarget); i++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 50 + round * 70));
      killed = true;
      await api.kill();
      await Promise.all(loops);
    }
    expect(confirmed.length).toBeGreaterThanOrEqual(12);
    expect(await expectOrdersConsistent(confirmed)).toBeGreaterThan(0);
  }, 180_000);

  // PGlite is one process's embedded database by design (its data directory must never be
  // opened twice), so several API processes exist only on PostgreSQL; on PGlite the in-process
  // variant in purchase-concurrency.test.ts covers two app instances.
  if (onPostgres) it('two processes on one PostgreSQL buying at once with shared keys stay exact', async () => {
    const [a, b] = [await startApi(), await startApi()];
    try {
      const key = (i: number) => `two-procs-${i}`;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => purchase(i % 2 ? a.url : b.url, BUYERS[0]!, i % 4 < 2, key(Math.floor(i / 2))).then(async (r) => [r.status, (await r.json()).id])),
      );
      expect(answers.every(([status]) => status === 200)).toBe(true);
      // each key answered with one order by both processes
      for (let i = 0; i < 30; i += 2) expect(answers[i]![1]).toBe(answers[i + 1]![1]);
      expect(new Set(answers.map(([, id]) => id)).size).toBe(15);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    await expectOrdersConsistent();
  }, 120_000);
});
