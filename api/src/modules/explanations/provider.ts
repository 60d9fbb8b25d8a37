import OpenAI from 'openai';
import type { ExplanationsConfig } from '../../config.js';

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiUsage {
  prompt: number;
  completion: number;
  total: number;
}

export interface AiAnswer {
  text: string;
  model: string;
  /** null: the provider sent no usage (the caller estimates it). */
  usage: AiUsage | null;
}

/** Why no answer came: each refunds the question; the reason picks the student's message. */
export type FailureReason = 'timeout' | 'refused' | 'empty' | 'cut' | 'error' | 'aborted';

export class ProviderFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    detail: string = reason,
  ) {
    super(detail);
  }
}

export interface AiProvider {
  /**
   * The model's whole answer. With `onDelta` the provider is asked to stream and each piece is
   * handed on as it arrives. Throws ProviderFailure, never anything else.
   */
  answer(messages: AiMessage[], opts: { signal: AbortSignal; onDelta?: (text: string) => void }): Promise<AiAnswer>;
}

/** The answer is only whole when the provider said it stopped; refusals and empty text are failures too. */
function settle(text: string, refusal: string, finish: string | null, model: string, usage: AiUsage | null): AiAnswer {
  if (refusal || finish === 'content_filter') throw new ProviderFailure('refused', refusal || 'content_filter');
  if (finish === null) throw new ProviderFailure('cut', 'the stream ended without a finish reason');
  if (!text.trim()) throw new ProviderFailure('empty');
  return { text, model, usage };
}

const usageOf = (u: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null | undefined): AiUsage | null =>
  u ? { prompt: u.prompt_tokens, completion: u.completion_tokens, total: u.total_tokens } : null;

/**
 * Any OpenAI-compatible chat-completions API through the `openai` client. No retries by the
 * client: a retry would be a second answer the student pays once for, and the timeout covers the
 * whole answer (the client's own covers only the wait for its first byte).
 */
export function openAiProvider(cfg: Pick<ExplanationsConfig, 'timeoutMs'> & { provider: NonNullable<ExplanationsConfig['provider']> }): AiProvider {
  const client = new OpenAI({ baseURL: cfg.provider.baseUrl, apiKey: cfg.provider.apiKey, maxRetries: 0, timeout: cfg.timeoutMs });
  const model = cfg.provider.model;
  return {
    async answer(messages, { signal, onDelta }) {
      const deadline = AbortSignal.timeout(cfg.timeoutMs);
      const both = AbortSignal.any([signal, deadline]);
      let streamed = false;
      try {
        if (!onDelta) {
          const r = await client.chat.completions.create({ model, messages }, { signal: both });
          const c = r.choices[0];
          return settle(c?.message.content ?? '', c?.message.refusal ?? '', c?.finish_reason ?? null, r.model || model, usageOf(r.usage));
        }
        const stream = await client.chat.completions.create({ model, messages, stream: true, stream_options: { include_usage: true } }, { signal: both });
        // The answer has begun: a failure from here on cuts it.
        streamed = true;
        let text = '';
        let refusal = '';
        let finish: string | null = null;
        let usage: AiUsage | null = null;
        let answeredBy = model;
        for await (const chunk of stream) {
          if (chunk.model) answeredBy = chunk.model;
          if (chunk.usage) usage = usageOf(chunk.usage);
          const c = chunk.choices[0];
          if (!c) continue;
          if (c.delta?.content) {
            text += c.delta.content;
            onDelta(c.delta.content);
          }
          if (c.delta?.refusal) refusal += c.delta.refusal;
          if (c.finish_reason) finish = c.finish_reason;
        }
        // An aborted stream may just end, without an error.
        if (deadline.aborted) throw new ProviderFailure('timeout');
        if (signal.aborted) throw new ProviderFailure('aborted');
        return settle(text, refusal, finish, answeredBy, usage);
      } catch (err) {
        if (err instanceof ProviderFailure) throw err;
        if (deadline.aborted) throw new ProviderFailure('timeout');
        if (signal.aborted) throw new ProviderFailure('aborted');
        throw new ProviderFailure(streamed ? 'cut' : 'error', err instanceof Error ? err.message : String(err));
      }
    },
  };
}
