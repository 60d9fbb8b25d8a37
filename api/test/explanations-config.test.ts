import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zalik/contract';
import { auth } from './helpers.js';
import { expectLedgerBalanced } from './ledger-helpers.js';
import { STUDENT, balanceOf, topUp } from './purchase-world.js';
import { askJson, askStream, boughtOrder, openTutorWorld, questionsOf, transfersOfKind, type TutorWorld } from './explanations-world.js';

describe('without AI_BASE_URL', () => {
  let t: TutorWorld;
  beforeAll(async () => {
    t = await openTutorWorld({}, { off: true });
  });
  afterAll(() => t.close());

  it('offers no session and answers every call 503 in Ukrainian, charging nothing', async () => {
    const { order } = await boughtOrder(t);
    expect(order.explanationSessionId).toBeNull();
    const history = await t.ctx.app.inject({ method: 'GET', url: `/api/v1/histories/user/${STUDENT}`, headers: auth(t.w.student) });
    expect(history.json()[0].explanationSessionId).toBeNull();
    await topUp(t.ctx.database.db, STUDENT, 10);
    for (const res of [
      await askJson(t, t.w.student, order.id, 'Поясніть'),
      await askStream(t, t.w.student, order.id, 'Поясніть'),
      await t.ctx.app.inject({ method: 'GET', url: `/api/v1/rag/chat-message/${order.id}`, headers: auth(t.w.student) }),
      await t.ctx.app.inject({ method: 'GET', url: `/api/v1/rag/session/${order.id}`, headers: auth(t.w.student) }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MSG.explanationsOff);
    }
    expect(await balanceOf(t.ctx.database.db, STUDENT, 'general')).toBe(1000);
    expect(await transfersOfKind(t, 'EXPLANATION')).toBe(0);
    expect(t.ai.calls).toEqual([]);
    await expectLedgerBalanced({ db: t.ctx.database.db });
  });
});

describe('past the daily token budget', () => {
  let t: TutorWorld;
  beforeAll(async () => {
    t = await openTutorWorld({ AI_DAILY_TOKEN_BUDGET: '1', AI_QUESTION_PRICE_UAH: '3.5' });
  });
  afterAll(() => t.close());

  it('says explanations are paused and charges nothing', async () => {
    const { order } = await boughtOrder(t);
    await topUp(t.ctx.database.db, STUDENT, 10);
    const first = await askJson(t, t.w.student, order.id, 'Перше питання');
    expect(first.statusCode).toBe(200);
    expect(await balanceOf(t.ctx.database.db, STUDENT, 'general')).toBe(650);
    const over = await askJson(t, t.w.student, order.id, 'Друге питання');
    expect(over.statusCode).toBe(503);
    expect(over.json().message).toBe('Пояснення тимчасово недоступні');
    expect(await balanceOf(t.ctx.database.db, STUDENT, 'general')).toBe(650);
    expect((await questionsOf(t)).length).toBe(1);
    await expectLedgerBalanced({ db: t.ctx.database.db });
  });
});
