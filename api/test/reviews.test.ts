/**
 * Issue 24, reviews through their API: the buyer rates a DONE paid order once and may change it
 * for 48 hours, the order's developer answers once, an admin hides one with a reason; every
 * refusal (who, which order, too late, twice, bad input) with its status and Ukrainian message,
 * and nothing changed by a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, REVIEW_EDIT_HOURS, REVIEW_WINDOW_DAYS, type HistoryItem, type MyReview, type Review, type ReviewPage } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { ADMIN_ID, auth, type TestContext } from './helpers.js';
import { STUDENT, autoTask, buy, manualTask, type World } from './purchase-world.js';
import { openOrderWorld, type OrderWorld } from './escrow-helpers.js';

let ctx: TestContext;
let w: World;
let o: OrderWorld['o'];

beforeAll(async () => {
  ({ ctx, w, o } = await openOrderWorld(20_000));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const review = (id: string, body: unknown, token = w.student) => call('POST', `/api/v1/histories/${id}/review`, token, body);
const edit = (id: string, body: unknown, token = w.student) => call('PUT', `/api/v1/histories/${id}/review`, token, body);
const reply = (id: string, text: unknown, token = w.dev) => call('POST', `/api/v1/reviews/${id}/reply`, token, { text });
const hide = (id: string, reason: unknown, token = w.admin) => call('POST', `/api/v1/reviews/${id}/hide`, token, { reason });
const reviewsOf = async (taskId: number, token = w.student, query = '') => (await call('GET', `/api/v1/tasks/${taskId}/reviews${query}`, token)).json<ReviewPage>();
const refusal = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { message: string }).message];
const reviewCount = async () => Number((await row<{ n: string }>(db(), sql`SELECT count(*) AS n FROM reviews`))!.n);

/** A manual order of the student, delivered and accepted: DONE. */
async function doneOrder(taskId?: number): Promise<string> {
  const id = await o.newOrder(200, taskId);
  expect((await o.deliver(id)).statusCode).toBe(200);
  expect((await o.accept(id)).statusCode).toBe(200);
  return id;
}

describe('writing a review', () => {
  it('the buyer rates a DONE order once: 201 with the review, its history item shows it, a second POST is 409', async () => {
    const id = await doneOrder();
    const before = await o.item(id);
    expect(before.review).toBeNull();
    expect(Date.parse(before.reviewUntil!) - Date.parse(before.completedAt!)).toBe(REVIEW_WINDOW_DAYS * 86_400_000);

    const res = await review(id, { rating: '5', text: '  Дуже добре, дякую!  ' });
    expect(res.statusCode).toBe(201);
    const made = res.json<MyReview>();
    expect(made).toMatchObject({ rating: 5, text: 'Дуже добре, дякую!', authorName: 'Тест', taskTitle: 'Курсова робота', editedAt: null, reply: null, hidden: false, hiddenReason: null });
    expect(Date.parse(made.editableUntil!) - Date.parse(made.createdAt)).toBe(REVIEW_EDIT_HOURS * 3_600_000);

    const after = await o.item(id);
    expect(after.review).toEqual(made);
    expect(after.reviewUntil).toBeNull();

    expect(refusal(await review(id, { rating: 1 }))).toEqual([409, MSG.reviewExists]);
    expect((await o.item(id)).review!.rating).toBe(5);
  });

  it('a paid auto-generated order is DONE at once and can be reviewed; the text may be left out', async () => {
    const taskId = await autoTask(ctx, w, { price: 80 });
    const bought = await buy(ctx, w.student, taskId, ['Бойко О. О.', '3']);
    expect(bought.statusCode).toBe(200);
    const res = await review(bought.json<{ id: string }>().id, { rating: 4 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 4, text: '' });
  });

  it('only the buyer: the developer, another user and an admin are refused (403), a missing order is 404', async () => {
    const id = await doneOrder();
    for (const token of [w.dev, w.otherDev, w.admin]) expect(refusal(await review(id, { rating: 5 }, token))).toEqual([403, MSG.orderNotYourPurchase]);
    expect(refusal(await review('999999', { rating: 5 }))).toEqual([404, MSG.orderNotFound]);
    expect((await o.item(id)).review).toBeNull();
  });

  it('not before the order is DONE, never for a refunded order or a free take', async () => {
    const open = await o.newOrder(200);
    expect(refusal(await review(open, { rating: 5 }))).toEqual([409, MSG.reviewOrderNotDone]);
    expect((await o.item(open)).reviewUntil).toBeNull();
    expect((await o.deliver(open)).statusCode).toBe(200);
    expect(refusal(await review(open, { rating: 5 }))).toEqual([409, MSG.reviewOrderNotDone]);

    const refunded = await o.newOrder(200);
    expect((await o.refund(refunded)).statusCode).toBe(200);
    expect(refusal(await review(refunded, { rating: 1 }))).toEqual([409, MSG.reviewOrderRefunded]);

    // An admin takes an auto-generated task free: DONE, but nothing was paid.
    const taken = await buy(ctx, w.admin, await autoTask(ctx, w, { title: 'Безкоштовна' }), ['Адмін', '1']);
    expect(taken.json()).toMatchObject({ status: 'COMPLETED', orderStatus: 'DONE', free: true });
    expect(refusal(await review(taken.json<{ id: string }>().id, { rating: 5 }, w.admin))).toEqual([409, MSG.reviewFreeTake]);
  });

  it(`within ${REVIEW_WINDOW_DAYS} days of the order's end`, async () => {
    const id = await doneOrder();
    await db().execute(sql`UPDATE orders SET completed_at = now() - make_interval(days => ${REVIEW_WINDOW_DAYS}, secs => 1) WHERE id = ${Number(id)}`);
    expect((await o.item(id)).reviewUntil).toBeNull();
    expect(refusal(await review(id, { rating: 5 }))).toEqual([409, MSG.reviewWindowClosed(REVIEW_WINDOW_DAYS)]);
  });

  it('bad stars or a text too long: 400 with the Ukrainian message, nothing written', async () => {
    const id = await doneOrder();
    const count = await reviewCount();
    for (const rating of [0, 6, 4.5, 'п’ять', null, undefined]) expect(refusal(await review(id, { rating, text: 'x' }))).toEqual([400, MSG.reviewRating]);
    expect(refusal(await review(id, { rating: 5, text: 'а'.repeat(1001) }))).toEqual([400, MSG.textTooLong(1000)]);
    expect(refusal(await review(id, { rating: 5, text: 42 }))).toEqual([400, MSG.badRequest]);
    expect(await reviewCount()).toBe(count);
    expect((await review(id, { rating: 3, text: 'а'.repeat(1000) })).statusCode).toBe(201);
  });
});

describe('changing a review', () => {
  it(`the buyer changes it within ${REVIEW_EDIT_HOURS} hours; later it is 409, someone else 403, none yet 404`, async () => {
    const id = await doneOrder();
    expect(refusal(await edit(id, { rating: 4 }))).toEqual([404, MSG.reviewNotFound]);
    expect(refusal(await edit('999999', { rating: 4 }))).toEqual([404, MSG.orderNotFound]);
    expect((await review(id, { rating: 2, text: 'Не те' })).statusCode).toBe(201);

    const res = await edit(id, { rating: 4, text: 'Після розмови все виправлено' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rating: 4, text: 'Після розмови все виправлено', editedAt: expect.any(String) });
    for (const token of [w.dev, w.admin]) expect(refusal(await edit(id, { rating: 1 }, token))).toEqual([403, MSG.orderNotYourPurchase]);
    expect(refusal(await edit(id, { rating: 9 }))).toEqual([400, MSG.reviewRating]);

    await db().execute(sql`UPDATE reviews SET created_at = now() - make_interval(hours => ${REVIEW_EDIT_HOURS}, secs => 1) WHERE order_id = ${Number(id)}`);
    expect((await o.item(id)).review!.editableUntil).toBeNull();
    expect(refusal(await edit(id, { rating: 5 }))).toEqual([409, MSG.reviewEditExpired(REVIEW_EDIT_HOURS)]);
    expect((await o.item(id)).review).toMatchObject({ rating: 4 });
  });
});

describe("the developer's answer", () => {
  it('the order’s developer answers once; another developer is refused, a student cannot call it', async () => {
    const id = await doneOrder();
    const made = (await review(id, { rating: 5, text: 'Супер' })).json<MyReview>();
    expect(refusal(await reply(made.id, 'Дякую', w.otherDev))).toEqual([403, MSG.reviewNotYourTask]);
    expect((await reply(made.id, 'Дякую', w.student)).statusCode).toBe(403);
    expect(refusal(await reply(made.id, '   '))).toEqual([400, MSG.reviewReplyRequired]);
    expect(refusal(await reply('999999', 'Дякую'))).toEqual([404, MSG.reviewNotFound]);

    const res = await reply(made.id, ' Дякую за відгук! ');
    expect(res.statusCode).toBe(201);
    expect(res.json<Review>().reply).toEqual({ text: 'Дякую за відгук!', createdAt: expect.any(String) });
    expect(refusal(await reply(made.id, 'Ще раз'))).toEqual([409, MSG.reviewReplyExists]);
    expect((await o.item(id)).review!.reply!.text).toBe('Дякую за відгук!');
  });
});

describe('hiding a review', () => {
  it('an admin hides it with a reason: its author sees it hidden, others do not see it, it stops counting, one audit row', async () => {
    const taskId = await manualTask(ctx, w, { price: 150 });
    const kept = await doneOrder(taskId);
    const rude = await doneOrder(taskId);
    expect((await review(kept, { rating: 4, text: 'Добре' })).statusCode).toBe(201);
    const bad = (await review(rude, { rating: 1, text: 'Образливий текст' })).json<MyReview>();
    const ratingOf = async () => (await call('GET', `/api/v1/tasks/teacher/${w.teacherId}`, w.student)).json<{ id: string; rating: unknown }[]>().find((t) => t.id === String(taskId))!.rating;
    expect(await ratingOf()).toEqual({ average: 2.5, count: 2 });

    expect(refusal(await hide(bad.id, ''))).toEqual([400, MSG.reviewHideReasonRequired]);
    expect(refusal(await hide('999999', 'Образи'))).toEqual([404, MSG.reviewNotFound]);
    const res = await hide(bad.id, 'Образи');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bad.id, hidden: true, hiddenReason: 'Образи' });
    expect(refusal(await hide(bad.id, 'Ще раз'))).toEqual([409, MSG.reviewAlreadyHidden]);

    // It stops counting at once on the instance that hid it, and leaves the task's list for students.
    expect(await ratingOf()).toEqual({ average: 4, count: 1 });
    expect((await reviewsOf(taskId)).content.map((r) => r.id)).not.toContain(bad.id);
    const asAdmin = (await reviewsOf(taskId, w.admin)).content.find((r) => r.id === bad.id);
    expect(asAdmin).toMatchObject({ hidden: true, hiddenReason: 'Образи' });
    // Its author still sees it, marked; it can no longer be changed or answered.
    expect((await o.item(rude)).review).toMatchObject({ hidden: true, hiddenReason: 'Образи', editableUntil: null });
    expect(refusal(await edit(rude, { rating: 5 }))).toEqual([409, MSG.reviewHiddenByModerator]);
    expect(refusal(await reply(bad.id, 'Відповідь'))).toEqual([409, MSG.reviewHiddenByModerator]);
    expect(refusal(await reply(bad.id, 'Відповідь', w.otherDev))).toEqual([404, MSG.reviewNotFound]);

    const audit = await rows<{ admin_id: string; target: string; user_id: string; after: unknown }>(
      db(),
      sql`SELECT admin_id, target, user_id, after FROM audit_log WHERE action = 'review.hide'`,
    );
    expect(audit.map((a) => [Number(a.admin_id), a.target, Number(a.user_id), typeof a.after === 'string' ? JSON.parse(a.after) : a.after])).toEqual([
      [ADMIN_ID, `review:${bad.id}`, STUDENT, { hidden: true, reason: 'Образи' }],
    ]);
  });
});

describe("a task's reviews", () => {
  it('newest first, in pages of `{content, last}`; an unknown task has none; a bad page is 400', async () => {
    const taskId = await manualTask(ctx, w, { price: 120 });
    const ids: string[] = [];
    for (const stars of [3, 4, 5]) {
      const id = await doneOrder(taskId);
      ids.push((await review(id, { rating: stars, text: `${stars} зірки` })).json<MyReview>().id);
    }
    const first = await reviewsOf(taskId, w.student, '?page=0&limit=2');
    expect(first.content.map((r) => [r.id, r.rating])).toEqual([
      [ids[2], 5],
      [ids[1], 4],
    ]);
    expect(first.last).toBe(false);
    const second = await reviewsOf(taskId, w.dev, '?page=1&limit=2');
    expect(second).toMatchObject({ last: true, content: [{ id: ids[0], rating: 3, authorName: 'Тест', hidden: false, hiddenReason: null }] });
    // Nobody but the author's first name: no username, no id.
    expect(JSON.stringify(second)).not.toContain('olena');
    expect(JSON.stringify(second)).not.toContain(String(STUDENT));
    expect(await reviewsOf(999_999)).toEqual({ content: [], last: true });
    expect(refusal(await call('GET', `/api/v1/tasks/${taskId}/reviews?limit=500`, w.student))).toEqual([400, MSG.limitInvalid]);
  });
});

describe('the history item of a reviewed order', () => {
  it('carries the review to the buyer and to an admin reading their history', async () => {
    const id = await doneOrder();
    await review(id, { rating: 5 });
    const asAdmin = (await call('GET', `/api/v1/histories/user/${STUDENT}`, w.admin)).json<HistoryItem[]>().find((h) => h.id === id)!;
    expect(asAdmin.review).toMatchObject({ rating: 5 });
  });
});
