import { randomUUID } from 'node:crypto';
import { EXPLANATION_DAILY_QUESTIONS, MSG, kopecksToUah } from '@zalik/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ExplanationsConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { SQL_STATES, sqlState } from '../../db/errors.js';
import { HttpError, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types/auth.js';
import { post, SYSTEM } from '../ledger/index.js';
import { buildPrompt } from './prompt.js';
import { readOrderFiles } from './order-files.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { ProviderFailure, type AiProvider, type FailureReason } from './provider.js';
import * as q from './queries.js';
import { explainable } from './session.js';

export { explainable, sessionIdOf } from './session.js';

export interface ExplanationsService {
  config: ExplanationsConfig;
  /** Where the order's own files are read from (their text joins the materials). */
  blobs: BlobStore;
  /** null: no AI_BASE_URL, the feature is off. */
  provider: AiProvider | null;
}

/** The order behind a session the caller may use (its buyer, or an admin); anyone else finds nothing. */
export async function usableSession(ex: Executor, user: AuthUser, sessionId: number, lock = false): Promise<q.SessionOrder> {
  const order = await q.sessionOrder(ex, sessionId, lock);
  if (!order || (order.buyerId !== user.telegramId && !user.isAdmin) || !explainable(order)) throw notFound(MSG.explanationSessionNotFound);
  return order;
}

export const off = () => new HttpError(503, MSG.explanationsOff);

const FAILURE_MESSAGES: Record<FailureReason, string> = {
  timeout: MSG.explanationTimeout,
  refused: MSG.explanationRefused,
  cut: MSG.explanationInterrupted,
  aborted: MSG.explanationInterrupted,
  empty: MSG.explanationFailed,
  error: MSG.explanationFailed,
};

/** A question that got no answer: its money is back (or it cost nothing). */
export class ExplanationFailed extends HttpError {
  constructor(readonly reason: string) {
    super(502, FAILURE_MESSAGES[reason as FailureReason] ?? MSG.explanationFailed);
  }
}

/**
 * PENDING -> REFUNDED and the money back, exactly once: the conditional update lets one caller
 * through (the request that failed, or the recovery job), and the refund's key is the
 * question's own. Answers whether this call refunded it.
 */
export async function refundQuestion(db: Db, id: number, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const refunded = await q.markRefunded(tx, id, reason);
    if (!refunded) return false;
    if (refunded.price > 0) {
      await post(tx, [
        {
          from: { system: SYSTEM.explanations },
          to: { user: refunded.userId, wallet: 'general' },
          amount: refunded.price,
          kind: 'EXPLANATION_REFUND',
          key: `explanation:${id}:refund`,
          reference: `explanation:${id}`,
        },
      ]);
    }
    return true;
  });
}

type Accepted = { kind: 'new'; id: number; price: number; order: q.SessionOrder } | { kind: 'prior'; question: q.Question };

/**
 * Takes the question in, in one transaction: the order row locked (the day's count per order
 * holds under concurrency), the limits checked, the row written and the price debited from the
 * general wallet by `post` (InsufficientFunds undoes it all). A key seen before answers that
 * question instead, so a retry never pays twice.
 */
async function accept(db: Db, cfg: ExplanationsConfig, user: AuthUser, sessionId: number, question: string, key: string): Promise<Accepted> {
  try {
    return await db.transaction(async (tx): Promise<Accepted> => {
      const order = await usableSession(tx, user, sessionId, true);
      const prior = await q.questionByKey(tx, user.telegramId, key);
      if (prior) return { kind: 'prior', question: prior };
      if (cfg.dailyTokenBudget !== null && (await q.tokensToday(tx)) >= cfg.dailyTokenBudget) throw new HttpError(503, MSG.explanationsPaused);
      if ((await q.questionsToday(tx, order.id)) >= EXPLANATION_DAILY_QUESTIONS) {
        throw new HttpError(429, MSG.explanationDailyLimit(EXPLANATION_DAILY_QUESTIONS));
      }
      // Admins ask free, as they take tasks free.
      const price = user.isAdmin ? 0 : cfg.priceKopecks;
      const id = await q.insertQuestion(tx, { orderId: order.id, userId: user.telegramId, key, question, price });
      if (price > 0) {
        await post(tx, [
          {
            from: { user: user.telegramId, wallet: 'general' },
            to: { system: SYSTEM.explanations },
            amount: price,
            kind: 'EXPLANATION',
            key: `explanation:${id}:charge`,
            reference: `explanation:${id}`,
          },
        ]);
      }
      return { kind: 'new', id, price, order };
    });
  } catch (err) {
    // The same key raced in from another request and committed first: answer as a retry.
    if (sqlState(err)?.code !== SQL_STATES.uniqueViolation) throw err;
    const prior = await q.questionByKey(db, user.telegramId, key);
    if (!prior) throw err;
    return { kind: 'prior', question: prior };
  }
}

/** A question taken in and paid for, or the first answer of a retried one. */
export type Taken = { kind: 'answered'; answer: string; charged: number } | { kind: 'new'; id: number; price: number; order: q.SessionOrder; question: string };

/**
 * Checks and charges a question (or finds the retried one). Refusals throw before anything is
 * charged: feature off 503, someone else's session 404, daily limit 429, budget 503, money 400.
 */
export async function takeQuestion(
  db: Db,
  svc: ExplanationsService,
  user: AuthUser,
  input: { sessionId: number; question: string; key: string | undefined },
): Promise<Taken> {
  if (!svc.provider) throw off();
  const accepted = await accept(db, svc.config, user, input.sessionId, input.question, input.key ?? randomUUID());
  if (accepted.kind === 'new') return { ...accepted, question: input.question };
  const p = accepted.question;
  if (p.status === 'ANSWERED') return { kind: 'answered', answer: p.answer!, charged: kopecksToUah(p.price) };
  if (p.status === 'PENDING') throw new HttpError(409, MSG.explanationBusy);
  throw new ExplanationFailed(p.failure ?? 'error');
}

const estimate = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export interface AskOptions {
  /** Aborts the provider's answer (the client went away); the question is refunded. */
  signal: AbortSignal;
  /** Streaming: each piece of the answer as it arrives. */
  onDelta?: (text: string) => void;
  log: FastifyBaseLogger;
}

/**
 * Answers a question taken in: the provider answers with no transaction open, then the answer
 * is stored. Any failure after the charge (the provider's error, refusal, empty or cut answer,
 * the timeout, the client leaving, the database refusing the answer) refunds it once and throws
 * ExplanationFailed; a process that dies in between leaves it PENDING for the recovery job (jobs.ts).
 */
export async function answerQuestion(
  db: Db,
  svc: ExplanationsService,
  taken: Extract<Taken, { kind: 'new' }>,
  opts: AskOptions,
): Promise<{ answer: string; charged: number }> {
  const { id, price, order } = taken;
  const provider = svc.provider!;
  try {
    await readOrderFiles({ db, blobs: svc.blobs }, order.id, opts.log);
    const messages = await buildPrompt(db, order, taken.question);
    const result = await provider.answer(messages, { signal: opts.signal, onDelta: opts.onDelta });
    const usage = result.usage
      ? { ...result.usage, estimated: false }
      : (() => {
          const prompt = estimate(messages.map((m) => m.content).join('\n'));
          const completion = estimate(result.text);
          return { prompt, completion, total: prompt + completion, estimated: true };
        })();
    const stored = await db.transaction((tx) => q.markAnswered(tx, id, result.text, result.model, usage));
    if (!stored) throw new ProviderFailure('error', 'the question was refunded before its answer was stored');
    return { answer: result.text, charged: kopecksToUah(price) };
  } catch (err) {
    const reason: FailureReason = err instanceof ProviderFailure ? err.reason : 'error';
    if (!(err instanceof ProviderFailure)) opts.log.error({ err, question: id }, 'explanation failed');
    else opts.log.warn({ reason, detail: err.message, question: id }, 'explanation not answered; refunded');
    await refundQuestion(db, id, reason).catch((e: unknown) => opts.log.error({ err: e, question: id }, 'explanation refund failed; the recovery job retries it'));
    throw new ExplanationFailed(reason);
  }
}

/** One question, start to end (the JSON call). */
export async function ask(
  db: Db,
  svc: ExplanationsService,
  user: AuthUser,
  input: { sessionId: number; question: string; key: string | undefined },
  opts: AskOptions,
): Promise<{ answer: string; charged: number }> {
  const taken = await takeQuestion(db, svc, user, input);
  return taken.kind === 'answered' ? taken : answerQuestion(db, svc, taken, opts);
}
