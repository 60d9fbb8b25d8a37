import { useQuery } from '@tanstack/react-query';
import { endpoints as ep, type ExplanationStreamEvent } from '@zalik/contract';
import { call, newIdempotencyKey } from '../../api/client';
import { qk } from '../../api/queryKeys';
import { streamEvents } from '../../api/stream';

/** The task, the price of a question and what is left today. */
export function useExplanationSession(sessionId: string) {
  return useQuery({
    queryKey: qk.explanations.session(sessionId),
    queryFn: () => call(ep.explanationSession, { params: { explanationSessionId: sessionId } }),
  });
}

/** The answered questions, oldest first. */
export function useExplanationMessages(sessionId: string) {
  return useQuery({
    queryKey: qk.explanations.messages(sessionId),
    queryFn: () => call(ep.explanationMessages, { params: { explanationSessionId: sessionId } }),
  });
}

/** Asks one question; the answer arrives as events. A fresh key per question: a network retry inside pays once. */
export function askStreaming(sessionId: string, question: string, onEvent: (e: ExplanationStreamEvent) => void, signal?: AbortSignal) {
  return streamEvents(
    ep.askExplanationStream,
    { body: { explanationSessionId: sessionId, question }, headers: { 'idempotency-key': newIdempotencyKey() } },
    onEvent,
    signal,
  );
}
