/**
 * Sharing a task or the invite link as a card (Bot API savePreparedInlineMessage) against the
 * fake Bot API over real HTTP, on PGlite and PostgreSQL: what the card says, where its button
 * leads, which tasks may be shared, Telegram's failures, the rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type PreparedShare } from '@zalik/contract';
import { startFakeBotApi, type FakeBotApi } from '../src/fakes/bot-api.js';
import { auth, createTestContext, login, type TestContext } from './helpers.js';
import { makeSubject, makeTask, makeTeacher } from './fixtures.js';

let fake: FakeBotApi;
let ctx: TestContext;
let student: string;
const STUDENT = 72_001;
const DEVELOPER = 72_002;
let subjectId: number;
let teacherId: number;
let taskId: number;
let testId: number;
let hiddenId: number;

beforeAll(async () => {
  fake = await startFakeBotApi();
  ctx = await createTestContext({ BOT_API_ROOT: fake.apiRoot, RATE_LIMIT_SHARE: '6/600' });
  student = await login(ctx.app, { id: STUDENT });
  await login(ctx.app, { id: DEVELOPER, username: 'dev' });
  subjectId = await makeSubject(ctx.deps.db, 'Фізика');
  teacherId = await makeTeacher(ctx.deps.db, subjectId, 'Петренко П. П.');
  taskId = await makeTask(ctx.deps.db, { teacherId, developerId: DEVELOPER, title: 'Лабораторна №3', price: 120 });
  testId = await makeTask(ctx.deps.db, { teacherId, developerId: DEVELOPER, title: 'Тест з оптики', price: 80, type: 'TEST' });
  hiddenId = await makeTask(ctx.deps.db, { teacherId, developerId: DEVELOPER, title: 'Прихована', visible: false });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const share = (url: string, token = student) => ctx.app.inject({ method: 'POST', url, headers: auth(token) });

describe('sharing a task', () => {
  it('prepares a card with its title, subject, teacher and price, and a button that opens the task', async () => {
    const res = await share(`/api/v1/tasks/${taskId}/share`);
    expect(res.statusCode).toBe(200);
    const answer = res.json<PreparedShare>();
    const kept = fake.prepared.get(answer.id);
    expect(kept).toBeDefined();
    expect(new Date(answer.expiresAt).getTime()).toBe(kept!.expiresAt * 1000);
    expect(kept!.userId).toBe(STUDENT);
    expect(kept!.chatTypes).toEqual({ users: true, groups: true, bots: false, channels: false });
    const result = kept!.result as { type: string; title: string; input_message_content: { message_text: string }; reply_markup: { inline_keyboard: { text: string; url: string }[][] } };
    expect(result.type).toBe('article');
    expect(result.title).toBe('Лабораторна №3');
    const text = result.input_message_content.message_text;
    for (const part of ['Лабораторна №3', 'Предмет: Фізика', 'Викладач: Петренко П. П.', 'Ціна: 120 грн']) expect(text).toContain(part);
    const button = result.reply_markup.inline_keyboard[0]![0]!;
    expect(button.text).toBe('Відкрити завдання');
    expect(button.url).toMatch(new RegExp(`\\?startapp=task_${subjectId}_${teacherId}_${taskId}$`));
  });

  it('marks a test as a test, so the button opens the test screen', async () => {
    const { id } = (await share(`/api/v1/tasks/${testId}/share`)).json<PreparedShare>();
    const result = fake.prepared.get(id)!.result as { reply_markup: { inline_keyboard: { url: string }[][] } };
    expect(result.reply_markup.inline_keyboard[0]![0]!.url).toMatch(new RegExp(`\\?startapp=test_${subjectId}_${teacherId}_${testId}$`));
  });

  it.each([
    ['a hidden task', () => hiddenId],
    ['a task that does not exist', () => 999_999],
  ])('answers 404 for %s and asks Telegram for nothing', async (_what, id) => {
    const before = fake.calls.length;
    const res = await share(`/api/v1/tasks/${id()}/share`);
    expect([res.statusCode, res.json()]).toEqual([404, { message: MSG.taskNotFound }]);
    expect(fake.calls.length).toBe(before);
  });

  it('refuses a malformed id with a Ukrainian message', async () => {
    const res = await share('/api/v1/tasks/abc/share');
    expect([res.statusCode, res.json()]).toEqual([400, { message: MSG.invalidField('id') }]);
  });
});

describe('sharing the invite link', () => {
  it("prepares a card whose text and button carry the caller's invite link", async () => {
    const res = await share('/api/v1/invites/share');
    expect(res.statusCode).toBe(200);
    const kept = fake.prepared.get(res.json<PreparedShare>().id)!;
    const result = kept.result as { input_message_content: { message_text: string }; reply_markup: { inline_keyboard: { url: string }[][] } };
    const link = result.reply_markup.inline_keyboard[0]![0]!.url;
    expect(link).toMatch(new RegExp(`\\?startapp=ref_${STUDENT}$`));
    expect(result.input_message_content.message_text).toContain(link);
    expect(kept.userId).toBe(STUDENT);
  });
});

describe("Telegram's failures", () => {
  it.each(['error', 'down', 400] as const)('answers 503 with a Ukrainian message when the Bot API fails (%s)', async (how) => {
    fake.fail(1, how, 'savePreparedInlineMessage');
    const res = await share('/api/v1/invites/share');
    expect([res.statusCode, res.json()]).toEqual([503, { message: MSG.shareUnavailable }]);
  });
});

describe('the rate limit', () => {
  it('answers 429 once the caller shared too often, and counts per user', async () => {
    const other = await login(ctx.app, { id: 72_003 });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await share('/api/v1/invites/share', other)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await share('/api/v1/invites/share', await login(ctx.app, { id: 72_004 }))).statusCode).toBe(200);
  });
});

describe('the fake Bot API', () => {
  const call = async (params: Record<string, unknown>) => {
    const res = await fetch(`${fake.apiRoot}/bot${fake.token}/savePreparedInlineMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    return { status: res.status, body: (await res.json()) as { ok: boolean; description?: string } };
  };
  const result = { type: 'article', id: 'x', title: 'Т', input_message_content: { message_text: 'Текст' } };

  it('refuses, as Telegram does, a card no chat may receive or one without a message', async () => {
    const size = fake.prepared.size;
    expect(await call({ user_id: STUDENT, result })).toEqual({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: no chat types allowed' } });
    expect((await call({ user_id: STUDENT, result: { ...result, input_message_content: {} }, allow_user_chats: true })).status).toBe(400);
    expect((await call({ result, allow_user_chats: true })).status).toBe(400);
    expect(fake.prepared.size).toBe(size);
  });
});
