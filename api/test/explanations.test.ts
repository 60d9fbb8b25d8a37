import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXPLANATION_DAILY_QUESTIONS, MSG } from '@zalik/contract';
import { auth } from './helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { DEV, OTHER_DEV, STUDENT, balanceOf, buy, manualTask, topUp } from './purchase-world.js';
import { askJson, askStream, boughtOrder, events, openTutorWorld, questionsOf, transfersOfKind, type TutorWorld } from './explanations-world.js';

let t: TutorWorld;
beforeAll(async () => {
  t = await openTutorWorld();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const wallet = () => balanceOf(db(), STUDENT, 'general');

describe('the tutor of a bought order', () => {
  it('gives an auto order a session; a manual order in progress has none yet', async () => {
    const { order } = await boughtOrder(t);
    expect(order.explanationSessionId).toBe(order.id);
    const history = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(t.w.student) });
    const item = history.json<{ id: string; explanationSessionId: string | null }[]>().find((h) => h.id === order.id);
    expect(item?.explanationSessionId).toBe(order.id);

    const manual = await manualTask(t.ctx, t.w, { price: 5 });
    await topUp(db(), STUDENT, 5);
    const res = await buy(t.ctx, t.w.student, manual, ['a', 'b']);
    expect(res.json().status).toBe('IN_PROGRESS');
    expect(res.json().explanationSessionId).toBeNull();
    const refused = await askJson(t, t.w.student, res.json().id, 'Що тут робити?');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MSG.explanationSessionNotFound);
  });

  it('answers a question for 2 UAH from what the order is about, and keeps the conversation', async () => {
    const { order } = await boughtOrder(t, { title: 'Інтеграли частинами' });
    await topUp(db(), STUDENT, 5);
    const before = await wallet();
    const res = await askJson(t, t.w.student, order.explanationSessionId!, '  Як інтегрувати частинами?  ');
    expect(res.statusCode).toBe(200);
    const { answer } = res.json<{ answer: string }>();
    expect(answer).toContain('Як інтегрувати частинами?');
    // Drawn on the task and the student's own arguments, numbered as the prompt numbered them.
    expect(answer).toContain('Завдання «Інтеграли частинами»');
    expect(answer).toContain('ПІБ: Шевченко Т. Г.');
    expect(await wallet()).toBe(before - 200);

    const call = t.ai.calls.at(-1)!;
    expect(call.model).toBe('test-tutor');
    expect(call.messages[0]!.role).toBe('system');
    expect(call.messages[0]!.content).toContain('українською');

    const second = await askJson(t, t.w.student, order.explanationSessionId!, 'А навіщо це?');
    expect(second.statusCode).toBe(200);
    // The earlier turn goes with the next question.
    expect(t.ai.calls.at(-1)!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);

    const chat = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/rag/chat-message/${order.explanationSessionId}`, headers: auth(t.w.student) });
    expect(chat.statusCode).toBe(200);
    expect(chat.json()).toEqual([
      { role: 'USER', content: 'Як інтегрувати частинами?' },
      { role: 'ASSISTANT', content: answer },
      { role: 'USER', content: 'А навіщо це?' },
      { role: 'ASSISTANT', content: second.json().answer },
    ]);
    const session = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/rag/session/${order.explanationSessionId}`, headers: auth(t.w.student) });
    expect(session.json()).toMatchObject({ taskTitle: 'Інтеграли частинами', price: 2, questionsLeftToday: EXPLANATION_DAILY_QUESTIONS - 2, questionMax: 1000 });

    const history = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/history/user/${STUDENT}?page=0&limit=2`, headers: auth(t.w.student) });
    expect(history.json()[0]).toMatchObject({ transactionType: 'PURCHASE', initials: 'Пояснення: Інтеграли частинами', amount: 2 });
    const used = await questionsOf(t);
    expect(used.at(-1)).toMatchObject({ status: 'ANSWERED', usage_estimated: false });
    expect(used.at(-1)!.total_tokens).toBeGreaterThan(0);
    await expectLedgerBalanced({ db: db() });
  });

  it('streams the answer as events whose pieces add up to the stored answer', async () => {
    const { order } = await boughtOrder(t);
    await topUp(db(), STUDENT, 2);
    const before = await wallet();
    const res = await askStream(t, t.w.student, order.explanationSessionId!, 'Поясни формулу');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const ev = events(res.body);
    const deltas = ev.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : ''));
    expect(deltas.length).toBeGreaterThan(3);
    const done = ev.at(-1)!;
    expect(done).toEqual({ type: 'done', answer: deltas.join(''), charged: 2 });
    expect(t.ai.calls.at(-1)!.stream).toBe(true);
    expect(await wallet()).toBe(before - 200);
    await expectLedgerBalanced({ db: db() });
  });

  it('answers a retried question (same Idempotency-Key) once and charges it once', async () => {
    const { order } = await boughtOrder(t);
    await topUp(db(), STUDENT, 4);
    const before = await wallet();
    const calls = t.ai.calls.length;
    const first = await askJson(t, t.w.student, order.id, 'Що таке первісна?', 'retry-key-0001');
    const again = await askJson(t, t.w.student, order.id, 'Що таке первісна?', 'retry-key-0001');
    const streamed = await askStream(t, t.w.student, order.id, 'Що таке первісна?', 'retry-key-0001');
    expect(again.json()).toEqual(first.json());
    expect(events(streamed.body)).toEqual([{ type: 'done', answer: first.json().answer, charged: 2 }]);
    expect(t.ai.calls.length).toBe(calls + 1);
    expect(await wallet()).toBe(before - 200);
    await expectLedgerBalanced({ db: db() });
  });

  it.each([
    ['error500', false, MSG.explanationFailed],
    ['hang', false, MSG.explanationTimeout],
    ['refusal', false, MSG.explanationRefused],
    ['empty', false, MSG.explanationFailed],
    ['error500', true, MSG.explanationFailed],
    ['hang', true, MSG.explanationTimeout],
    ['refusal', true, MSG.explanationRefused],
    ['empty', true, MSG.explanationFailed],
    ['cut', true, MSG.explanationInterrupted],
  ] as const)('refunds once when the provider answers %s (streaming: %s)', async (behaviour, stream, message) => {
    const { order } = await boughtOrder(t);
    await topUp(db(), STUDENT, 2);
    const before = await wallet();
    const charges = await transfersOfKind(t, 'EXPLANATION');
    const refunds = await transfersOfKind(t, 'EXPLANATION_REFUND');
    t.ai.script(behaviour);
    if (stream) {
      const res = await askStream(t, t.w.student, order.id, 'Чому так?');
      expect(res.statusCode).toBe(200);
      expect(events(res.body).at(-1)).toEqual({ type: 'error', message, refunded: true });
    } else {
      const res = await askJson(t, t.w.student, order.id, 'Чому так?');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(message);
    }
    expect(await wallet()).toBe(before);
    expect(await transfersOfKind(t, 'EXPLANATION')).toBe(charges + 1);
    expect(await transfersOfKind(t, 'EXPLANATION_REFUND')).toBe(refunds + 1);
    expect((await questionsOf(t)).at(-1)!.status).toBe('REFUNDED');
    const chat = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/rag/chat-message/${order.id}`, headers: auth(t.w.student) });
    expect(chat.json()).toEqual([]);
    const history = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/transactions/history/user/${STUDENT}?page=0&limit=1`, headers: auth(t.w.student) });
    expect(history.json()[0]).toMatchObject({ transactionType: 'DEPOSIT', initials: 'Повернення за пояснення: Лабораторна №3: інтеграли', amount: 2 });
    await expectLedgerBalanced({ db: db() });
  });

  it('records an estimate when the provider sends no usage', async () => {
    const { order } = await boughtOrder(t);
    await topUp(db(), STUDENT, 2);
    t.ai.script('no-usage');
    const res = await askStream(t, t.w.student, order.id, 'Скільки це токенів?');
    expect(events(res.body).at(-1)!.type).toBe('done');
    const q = (await questionsOf(t)).at(-1)!;
    expect(q).toMatchObject({ status: 'ANSWERED', usage_estimated: true });
    expect(q.total_tokens).toBeGreaterThan(0);
    await expectLedgerBalanced({ db: db() });
  });

  it("answers 404 for someone else's session, to every call, and charges nothing", async () => {
    const { order } = await boughtOrder(t);
    await topUp(db(), DEV, 10);
    const before = await balanceOf(db(), DEV, 'general');
    for (const res of [
      await askJson(t, t.w.dev, order.id, 'Чуже?'),
      await askStream(t, t.w.dev, order.id, 'Чуже?'),
      await t.ctx.app.inject({ method: 'GET', url: `/api/v1/rag/chat-message/${order.id}`, headers: auth(t.w.dev) }),
      await t.ctx.app.inject({ method: 'GET', url: `/api/v1/rag/session/${order.id}`, headers: auth(t.w.dev) }),
      await askJson(t, t.w.student, 999999, 'Немає такого?'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.explanationSessionNotFound);
    }
    expect(await balanceOf(db(), DEV, 'general')).toBe(before);
    // An admin may use any session, free.
    const admin = await askJson(t, t.w.admin, order.id, 'Перевірка адміністратором');
    expect(admin.statusCode).toBe(200);
    await expectLedgerBalanced({ db: db() });
  });

  it('refuses bad input and a short wallet in Ukrainian, changing nothing', async () => {
    // A buyer whose wallet the purchase emptied.
    const { order } = await boughtOrder(t, { buyer: { id: OTHER_DEV, token: t.w.otherDev } });
    const asked = (await questionsOf(t)).length;
    const cases: [unknown, string][] = [
      ['   ', MSG.explanationQuestionEmpty],
      ['я'.repeat(1001), MSG.explanationQuestionTooLong(1000)],
      [42, MSG.explanationQuestionEmpty],
    ];
    for (const [question, message] of cases) {
      const res = await askJson(t, t.w.otherDev, order.id, question);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const badId = await askJson(t, t.w.otherDev, 'abc', 'Питання');
    expect(badId.statusCode).toBe(400);
    expect(await balanceOf(db(), OTHER_DEV, 'general')).toBe(0);
    const poor = await askStream(t, t.w.otherDev, order.id, 'Без грошей?');
    expect(poor.statusCode).toBe(400);
    expect(poor.json().message).toBe(MSG.insufficientFunds);
    expect((await questionsOf(t)).length).toBe(asked);
    await expectLedgerBalanced({ db: db() });
  });

  it('takes at most 20 questions per order a day; refunded ones do not count', async () => {
    const { order } = await boughtOrder(t);
    await db().execute(sql`INSERT INTO explanation_questions (order_id, user_id, idempotency_key, question, price, status)
      SELECT ${Number(order.id)}, ${STUDENT}, 'seed-' || g, 'q', 0, 'REFUNDED' FROM generate_series(1, 5) g`);
    await db().execute(sql`INSERT INTO explanation_questions (order_id, user_id, idempotency_key, question, answer, price, status)
      SELECT ${Number(order.id)}, ${STUDENT}, 'seed-ok-' || g, 'q', 'a', 0, 'ANSWERED' FROM generate_series(1, ${EXPLANATION_DAILY_QUESTIONS - 1}) g`);
    await topUp(db(), STUDENT, 4);
    const before = await wallet();
    expect((await askJson(t, t.w.student, order.id, 'Двадцяте')).statusCode).toBe(200);
    const over = await askJson(t, t.w.student, order.id, 'Двадцять перше');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(MSG.explanationDailyLimit(EXPLANATION_DAILY_QUESTIONS));
    expect(await wallet()).toBe(before - 200);
    await expectLedgerBalanced({ db: db() });
  });

  it("puts the day's tutor revenue (refunds left out) and tokens on the admin dashboard", async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/figures?period=today', headers: auth(t.w.admin) });
    expect(res.statusCode).toBe(200);
    const kept = (await questionsOf(t)).filter((q) => q.status !== 'REFUNDED').reduce((a, q) => a + Number(q.price), 0);
    const tokens = (await questionsOf(t)).reduce((a, q) => a + q.total_tokens, 0);
    expect(kept).toBeGreaterThan(0);
    expect(res.json().explanations).toEqual({ revenue: { value: kept / 100, previous: 0 }, tokens: { value: tokens, previous: 0 } });
  });
});
