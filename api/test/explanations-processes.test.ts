/**
 * A real API process killed with SIGKILL while the provider is still answering a paid question:
 * the money stays taken until a process runs the recovery job, which returns it exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { row, rows } from '../src/db/client.js';
import { createTokenService } from '../src/lib/jwt.js';
import { post, SYSTEM } from '../src/modules/ledger/service.js';
import { startFakeAi, type FakeAi } from '../src/fakes/openai.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { processDatabase, startApiProcess, waitFor, type ProcessDatabase } from './api-process.js';

const SECRET = 'tutor-process-secret-tutor-process-secret';
const DEV = 7500;
const BUYER = 7501;

let pdb: ProcessDatabase;
let ai: FakeAi;
let orderId: number;
let token: string;

const startApi = (env: Record<string, string>) =>
  startApiProcess(
    { JWT_SECRET: SECRET, ...pdb.env, AI_BASE_URL: ai.baseUrl, AI_API_KEY: ai.apiKey, ...env },
    { startMs: 30_000 },
  );

beforeAll(async () => {
  pdb = await processDatabase('tutor');
  ai = await startFakeAi();
  await pdb.use(async (db) => {
    for (const id of [DEV, BUYER]) await db.execute(sql`INSERT INTO users (telegram_id, username) VALUES (${id}, ${`u${id}`})`);
    const subject = (await row<{ id: number }>(db, sql`INSERT INTO subjects (name, course_number) VALUES ('Фізика', 2) RETURNING id`))!.id;
    const teacher = (await row<{ id: number }>(db, sql`INSERT INTO teachers (subject_id, name) VALUES (${subject}, 'С. С.') RETURNING id`))!.id;
    const task = (await row<{ id: number }>(db, sql`
      INSERT INTO tasks (teacher_id, developer_id, title, description, price, type, auto_generate, identifier)
      VALUES (${teacher}, ${DEV}, 'Закон Ома', 'Лабораторна про опір', 1, 'REGULAR', true, 'docx-template') RETURNING id`))!.id;
    orderId = Number((await row<{ id: number }>(db, sql`
      INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, task_title, subject_name, teacher_name, developer_name,
                          auto_generate, full_price, price, status, completed_at)
      VALUES (${BUYER}, ${task}, ${DEV}, 'seed-order', 'Закон Ома', 'Фізика', 'С. С.', 'dev', true, 100, 0, 'DONE', now()) RETURNING id`))!.id);
    await db.transaction((tx) =>
      post(tx, [{ from: { system: SYSTEM.topup }, to: { user: BUYER, wallet: 'general' }, amount: 1000, kind: 'TOPUP', key: 'tutor-proc-topup' }]),
    );
  });
  token = await createTokenService(SECRET, 3600).sign({ sub: String(BUYER), roles: ['ROLE_USER'], ban: false });
});

afterAll(async () => {
  await ai.close();
  await pdb?.drop();
});

describe('a process killed while the tutor answers', () => {
  it('keeps the question charged until the next process refunds it, once', async () => {
    ai.script('hang');
    const first = await startApi({ AI_TIMEOUT_MS: '60000' });
    const asked = fetch(`${first.url}/api/v1/rag/chat/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ explanationSessionId: String(orderId), question: 'Чому струм зменшується?' }),
    }).catch(() => null);
    await waitFor('the question reached the provider', () => ai.open() === 1, { alive: [first] });
    await first.kill();
    await asked;

    const left = await pdb.use(async (db) => ({
      balance: Number((await row<{ b: number }>(db, sql`SELECT balance AS b FROM account_balances WHERE code = ${`user:${BUYER}:general`}`))!.b),
      questions: await rows<{ status: string }>(db, sql`SELECT status FROM explanation_questions`),
    }));
    expect(left).toEqual({ balance: 800, questions: [{ status: 'PENDING' }] });

    // A short timeout: the question counts as lost 10 s after it was asked, and the job looks often.
    const second = await startApi({ AI_TIMEOUT_MS: '200', JOBS_POLL_MS: '100' });
    try {
      await waitFor(
        'the lost question refunded',
        async () => {
          const res = await fetch(`${second.url}/api/v1/wallets/user/${BUYER}`, { headers: { authorization: `Bearer ${token}` } });
          const wallets = (await res.json()) as { kind: string; balance: number }[];
          return wallets.find((w) => w.kind === 'general')?.balance === 10;
        },
        { alive: [second], ms: 60_000 },
      );
    } finally {
      await second.stop();
    }
    await pdb.use(async (db) => {
      expect(await rows(db, sql`SELECT status, failure FROM explanation_questions`)).toEqual([{ status: 'REFUNDED', failure: 'lost' }]);
      expect(await rows(db, sql`SELECT kind, amount FROM transfers WHERE kind LIKE 'EXPLANATION%' ORDER BY id`)).toEqual([
        { kind: 'EXPLANATION', amount: expect.anything() },
        { kind: 'EXPLANATION_REFUND', amount: expect.anything() },
      ]);
      await expectLedgerBalanced({ db });
    });
    // Two process starts (30 s each at most) and the refund's own wait of up to 60 s.
  }, 180_000);
});
