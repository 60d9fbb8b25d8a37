/**
 * The tutor's tests: the purchase world with a fake OpenAI-compatible server over real HTTP
 * (src/fakes/openai.ts) as the provider, an order to ask about, and the calls as a client makes them.
 */
import { sql } from 'drizzle-orm';
import type { ExplanationStreamEvent } from '@zalik/contract';
import { row, rows } from '../src/db/client.js';
import { startFakeAi, type FakeAi, type FakeAiOptions } from '../src/fakes/openai.js';
import { auth, type TestContext } from './helpers.js';
import { STUDENT, autoTask, buy, openWorld, topUp, type World } from './purchase-world.js';

export interface TutorWorld {
  ctx: TestContext;
  w: World;
  ai: FakeAi;
  close(): Promise<void>;
}

/** The purchase world with the fake provider configured (or none: `off`). */
export async function openTutorWorld(env: Record<string, string> = {}, opts: { off?: boolean; ai?: FakeAiOptions } = {}): Promise<TutorWorld> {
  const ai = await startFakeAi(opts.ai);
  const { ctx, w } = await openWorld({
    ...(opts.off ? {} : { AI_BASE_URL: ai.baseUrl, AI_API_KEY: ai.apiKey, AI_MODEL: 'test-tutor' }),
    AI_TIMEOUT_MS: '1500',
    RATE_LIMIT_EXPLANATION: '1000000/60',
    ...env,
  });
  return {
    ctx,
    w,
    ai,
    async close() {
      await ctx.close();
      await ai.close();
    },
  };
}

/** The student buys an auto task (paying its price from a top-up) and answers the purchase's body. */
export async function boughtOrder(t: TutorWorld, opts: { title?: string; price?: number; buyer?: { id: number; token: string } } = {}) {
  const taskId = await autoTask(t.ctx, t.w, { price: opts.price ?? 10, title: opts.title ?? 'Лабораторна №3: інтеграли' });
  const buyer = opts.buyer ?? { id: STUDENT, token: t.w.student };
  await topUp(t.ctx.database.db, buyer.id, opts.price ?? 10);
  const res = await buy(t.ctx, buyer.token, taskId, ['Шевченко Т. Г.', '7']);
  if (res.statusCode !== 200) throw new Error(`purchase failed: ${res.body}`);
  return { taskId, order: res.json<{ id: string; explanationSessionId: string | null }>() };
}

export function askJson(t: TutorWorld, token: string, sessionId: string | number, question: unknown, key?: string) {
  return t.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/rag/chat',
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { explanationSessionId: sessionId, question },
  });
}

export function askStream(t: TutorWorld, token: string, sessionId: string | number, question: unknown, key?: string) {
  return t.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/rag/chat/stream',
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { explanationSessionId: sessionId, question },
  });
}

/** The events of a server-sent-events body, in order. */
export function events(body: string): ExplanationStreamEvent[] {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((b) => JSON.parse(/^data: (.*)$/m.exec(b)![1]!) as ExplanationStreamEvent);
}

export async function questionsOf(t: TutorWorld) {
  return rows<{ id: number; status: string; price: number | string; total_tokens: number; usage_estimated: boolean; failure: string | null }>(
    t.ctx.database.db,
    sql`SELECT id, status, price, total_tokens, usage_estimated, failure FROM explanation_questions ORDER BY id`,
  );
}

/** Transfers of one kind (EXPLANATION, EXPLANATION_REFUND), counted. */
export async function transfersOfKind(t: TutorWorld, kind: string): Promise<number> {
  return Number((await row<{ n: number | string }>(t.ctx.database.db, sql`SELECT count(*) AS n FROM transfers WHERE kind = ${kind}`))!.n);
}
