/**
 * Many questions at once on one wallet, over real HTTP: the money is taken once per question
 * that was accepted and returned once per question that got no answer, whatever the interleaving.
 * Run on PGlite and on PostgreSQL (DATABASE_URL), where the races are real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@zalik/contract';
import { row } from '../src/db/client.js';
import { waitFor } from './api-process.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { STUDENT, balanceOf, topUp } from './purchase-world.js';
import { boughtOrder, openTutorWorld, questionsOf, transfersOfKind, type TutorWorld } from './explanations-world.js';

let t: TutorWorld;
let url: string;
beforeAll(async () => {
  t = await openTutorWorld({ AI_TIMEOUT_MS: '30000' }, { ai: { pieceDelayMs: 20 } });
  url = await t.ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // This process's own keep-alive connections to the app would hold its close.
  t.ctx.app.server.closeAllConnections();
  await t.close();
});

const db = () => t.ctx.database.db;

function ask(sessionId: string, question: string, opts: { key?: string; stream?: boolean; signal?: AbortSignal } = {}) {
  return fetch(`${url}/api/v1/rag/chat${opts.stream ? '/stream' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.w.student}`, 'content-type': 'application/json', ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    body: JSON.stringify({ explanationSessionId: sessionId, question }),
    signal: opts.signal,
  });
}

/** Drains the wallet's general balance to exactly `uah`. */
async function walletAt(uah: number) {
  const now = await balanceOf(db(), STUDENT, 'general');
  if (now > 0) {
    await db().execute(sql`SELECT ledger_post(${JSON.stringify([{ key: `drain-${Date.now()}-${Math.random()}`, from: `user:${STUDENT}:general`, to: 'external:topup', amount: now, kind: 'TOPUP', reference: '' }])}::jsonb)`);
  }
  await topUp(db(), STUDENT, uah);
}

const charges = () => transfersOfKind(t, 'EXPLANATION');
const refunds = () => transfersOfKind(t, 'EXPLANATION_REFUND');

describe('questions racing on one wallet', () => {
  it('charges 10 of 30 concurrent questions when the wallet holds 10 questions’ worth, and refuses the rest in Ukrainian', async () => {
    const { order } = await boughtOrder(t);
    await walletAt(20);
    const c0 = await charges();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(order.id, `Питання ${i}`, { stream: i % 2 === 0 })));
    const statuses = answers.map((r) => r.status);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const refused = bodies.filter((_, i) => statuses[i] === 400).map((b) => JSON.parse(b).message);
    expect(refused).toEqual(Array(20).fill(MSG.insufficientFunds));
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(0);
    expect((await charges()) - c0).toBe(10);
    await expectLedgerBalanced({ db: db() });
  });

  it('returns each failed question’s money once while others spend it', async () => {
    const { order } = await boughtOrder(t);
    await walletAt(20);
    const c0 = await charges();
    const r0 = await refunds();
    t.ai.script(...Array.from({ length: 15 }, (_, i) => (['error500', 'cut', 'refusal', 'ok', 'empty'] as const)[i % 5]!));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(order.id, `Питання ${i}`, { stream: i % 3 !== 0 })));
    await Promise.all(answers.map((r) => r.text()));
    // Questions refused for money never reached the provider: their failures are left over.
    t.ai.unscript();
    const q = (await questionsOf(t)).filter((x) => x.status !== undefined);
    const mine = await row<{ answered: number | string; refunded: number | string; pending: number | string }>(
      db(),
      sql`SELECT count(*) FILTER (WHERE status = 'ANSWERED') AS answered, count(*) FILTER (WHERE status = 'REFUNDED') AS refunded,
                 count(*) FILTER (WHERE status = 'PENDING') AS pending
          FROM explanation_questions WHERE order_id = ${Number(order.id)}`,
    );
    expect(q.length).toBeGreaterThan(0);
    expect(Number(mine!.pending)).toBe(0);
    expect(Number(mine!.refunded)).toBeGreaterThan(0);
    expect((await charges()) - c0).toBe(Number(mine!.answered) + Number(mine!.refunded));
    expect((await refunds()) - r0).toBe(Number(mine!.refunded));
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(2000 - 200 * Number(mine!.answered));
    await expectLedgerBalanced({ db: db() });
  });

  it('charges 30 concurrent retries of one question (one Idempotency-Key) once', async () => {
    const { order } = await boughtOrder(t);
    await walletAt(20);
    const c0 = await charges();
    const answers = await Promise.all(Array.from({ length: 30 }, () => ask(order.id, 'Одне й те саме', { key: 'same-key-000001' })));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) })));
    const ok = bodies.filter((b) => b.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((b) => b.body.answer)).size).toBe(1);
    expect(bodies.filter((b) => b.status !== 200).map((b) => [b.status, b.body.message])).toEqual(
      Array(30 - ok.length).fill([409, MSG.explanationBusy]),
    );
    expect((await charges()) - c0).toBe(1);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(1800);
    await expectLedgerBalanced({ db: db() });
  });

  it('refunds a streamed question whose client goes away mid-answer', async () => {
    const { order } = await boughtOrder(t);
    await walletAt(2);
    const r0 = await refunds();
    const ac = new AbortController();
    const res = await ask(order.id, 'Піду раніше', { stream: true, signal: ac.signal });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: delta');
    ac.abort();
    await waitFor('the question refunded', async () => (await refunds()) === r0 + 1);
    expect(await balanceOf(db(), STUDENT, 'general')).toBe(200);
    expect((await questionsOf(t)).at(-1), JSON.stringify(await questionsOf(t))).toMatchObject({ status: 'REFUNDED', failure: 'aborted' });
    await expectLedgerBalanced({ db: db() });
  });
});
