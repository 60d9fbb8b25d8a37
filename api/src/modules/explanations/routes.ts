import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  ChatAnswer, ChatBody, ChatMessages, EXPLANATION_DAILY_QUESTIONS, EXPLANATION_QUESTION_MAX, ErrorBody, ExplanationSession, IdempotencyHeaders,
  MSG, SessionParam, endpoints as ep, kopecksToUah, type ExplanationStreamEvent,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import type { ExplanationsService } from './service.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { answered, questionsToday } from './queries.js';
import { ExplanationFailed, answerQuestion, ask, off, takeQuestion, usableSession } from './service.js';
import { documentRoutes } from './documents.routes.js';

/** Aborts when the client goes away before its answer was sent. */
function clientGone(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) ac.abort();
  });
  return ac.signal;
}

const sse = (e: ExplanationStreamEvent) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;

/** The tutor's calls (docs/EXPLANATIONS.md); the documents' are in documents.routes.ts. */
export const explanationRoutes = (deps: CoreDeps & { explanations: ExplanationsService }): Route[] => {
  const { db, explanations: svc } = deps;
  const input = (body: { explanationSessionId: string; question: string }, key: string | undefined) => ({
    sessionId: Number(body.explanationSessionId),
    question: body.question,
    key,
  });
  return [
    route(
      ep.askExplanation,
      { headers: IdempotencyHeaders, body: ChatBody, answer: ChatAnswer },
      async (request, reply) => {
        const r = await ask(db, svc, currentUser(request), input(request.body, request.headers['idempotency-key']), {
          signal: clientGone(reply),
          log: request.log,
        });
        return { answer: r.answer };
      },
      { also: { 502: ErrorBody }, description: 'An `Idempotency-Key` header (8-100 of A-Z a-z 0-9 _ -) makes a retry answer the first result and never pay twice.' },
    ),
    route(
      ep.askExplanationStream,
      { headers: IdempotencyHeaders, body: ChatBody, answer: 'file' },
      async (request, reply) => {
        // Refusals (off, not yours, limits, money) answer JSON with their status, before any event.
        const taken = await takeQuestion(db, svc, currentUser(request), input(request.body, request.headers['idempotency-key']));
        const out = new PassThrough();
        reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
        // The client left: the pipe destroys `out` before the reply reports its close, so either aborts the answer.
        const ac = new AbortController();
        const gone = clientGone(reply);
        gone.addEventListener('abort', () => ac.abort());
        out.on('close', () => {
          if (!out.writableFinished) ac.abort();
        });
        out.on('error', () => ac.abort());
        const signal = ac.signal;
        void reply.send(out);
        if (taken.kind === 'answered') {
          out.end(sse({ type: 'done', answer: taken.answer, charged: taken.charged }));
          return reply;
        }
        answerQuestion(db, svc, taken, { signal, log: request.log, onDelta: (text) => void (out.destroyed || out.write(sse({ type: 'delta', text }))) })
          .then((r) => out.destroyed || out.end(sse({ type: 'done', answer: r.answer, charged: r.charged })))
          .catch((err: unknown) => {
            const message = err instanceof ExplanationFailed ? err.message : MSG.explanationFailed;
            if (!out.destroyed) out.end(sse({ type: 'error', message, refunded: true }));
          });
        return reply;
      },
      { also: { 502: ErrorBody } },
    ),
    route(ep.explanationMessages, { params: SessionParam, answer: ChatMessages }, async (request) => {
      if (!svc.provider) throw off();
      const order = await usableSession(db, currentUser(request), Number(request.params.explanationSessionId));
      return (await answered(db, order.id)).flatMap((t) => [
        { role: 'USER' as const, content: t.question },
        { role: 'ASSISTANT' as const, content: t.answer },
      ]);
    }),
    route(ep.explanationSession, { params: SessionParam, answer: ExplanationSession }, async (request) => {
      if (!svc.provider) throw off();
      const user = currentUser(request);
      const order = await usableSession(db, user, Number(request.params.explanationSessionId));
      return {
        explanationSessionId: String(order.id),
        taskTitle: order.taskTitle,
        price: user.isAdmin ? 0 : kopecksToUah(svc.config.priceKopecks),
        questionsLeftToday: Math.max(0, EXPLANATION_DAILY_QUESTIONS - (await questionsToday(db, order.id))),
        questionMax: EXPLANATION_QUESTION_MAX,
      };
    }),
    ...documentRoutes(deps),
  ];
};
