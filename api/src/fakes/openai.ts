// A local OpenAI-compatible chat-completions API for the tests and the demo (never started in
// production): real HTTP and server-sent events, no mocked function. Its answers are built from
// the materials the prompt carries, so what it says shows what retrieval found.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the next request gets: a whole answer (`ok`), one cut off mid-stream (`cut`: the socket is
 * destroyed after a few pieces), a 500, no answer at all (`hang`), a refusal, an answer without
 * the usage field, or an empty answer.
 */
export type FakeAiBehaviour = 'ok' | 'cut' | 'error500' | 'hang' | 'refusal' | 'no-usage' | 'empty';

export interface FakeAiCall {
  stream: boolean;
  model: string;
  messages: { role: string; content: string }[];
  behaviour: FakeAiBehaviour;
}

export interface FakeAi {
  /** Give this to the app as AI_BASE_URL (it ends in /v1, as OpenAI's does). */
  baseUrl: string;
  apiKey: string;
  calls: FakeAiCall[];
  /** The next requests behave as given, in order; after them, `ok`. */
  script(...behaviours: FakeAiBehaviour[]): void;
  /** Forgets the behaviours scripted and not used yet. */
  unscript(): void;
  /** Requests being answered right now (a `hang` stays here until it is closed). */
  open(): number;
  close(): Promise<void>;
}

export interface FakeAiOptions {
  /** Wait between two streamed pieces, so a person sees the answer being written (the demo). */
  pieceDelayMs?: number;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** The materials the prompt numbered (`[1] ...`) and the question, read back out of the last user message. */
function readPrompt(messages: { role: string; content: string }[]): { materials: string[]; question: string } {
  const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const materials = last
    .split('\n')
    .filter((l) => /^\[\d+\] /.test(l))
    .map((l) => l.trim());
  const question = /Питання:\s*([\s\S]*)$/.exec(last)?.[1]?.trim() ?? last.trim();
  return { materials, question };
}

/** A tutor's answer in Markdown, quoting the first materials with their numbers. */
export function fakeAnswer(messages: { role: string; content: string }[]): string {
  const { materials, question } = readPrompt(messages);
  const cited = materials.slice(0, 3).map((m) => {
    const [, n, text] = /^\[(\d+)\] ([\s\S]*)$/.exec(m) ?? [];
    return `${text!.length > 160 ? `${text!.slice(0, 160)}…` : text} [${n}]`;
  });
  return [
    `**Питання:** ${question}`,
    '',
    'Розберімо крок за кроком.',
    '',
    ...(cited.length ? cited.map((c, i) => `${i + 1}. ${c}`) : ['1. Матеріалів до цього питання не знайдено, тому пояснюю загально.']),
    '',
    'Приклад формули: $S = \\int_a^b f(x)\\,dx$.',
    '',
    '```text',
    'крок 1 → крок 2 → висновок',
    '```',
  ].join('\n');
}

/** Pieces of about a dozen characters, as a model streams. */
const pieces = (text: string) => text.match(/[\s\S]{1,12}/g) ?? [];

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export async function startFakeAi(opts: FakeAiOptions = {}): Promise<FakeAi> {
  const apiKey = `sk-fake-${randomBytes(8).toString('hex')}`;
  const calls: FakeAiCall[] = [];
  const queue: FakeAiBehaviour[] = [];
  const sockets = new Set<Socket>();
  let open = 0;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad key', type: 'invalid_request_error' } }));
      return;
    }
    const body = await readJson(req);
    const messages = (body.messages as { role: string; content: string }[]) ?? [];
    const behaviour = queue.shift() ?? 'ok';
    const stream = body.stream === true;
    calls.push({ stream, model: String(body.model), messages, behaviour });
    if (behaviour === 'hang') return; // never answers; the socket closes with the client or with close()
    if (behaviour === 'error500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream failed', type: 'server_error' } }));
      return;
    }
    const text = behaviour === 'empty' || behaviour === 'refusal' ? '' : fakeAnswer(messages);
    const refusal = behaviour === 'refusal' ? 'I can’t help with that.' : null;
    const usage = behaviour === 'no-usage' ? undefined : {
      prompt_tokens: tokens(messages.map((m) => m.content).join('\n')),
      completion_tokens: tokens(text),
      total_tokens: tokens(messages.map((m) => m.content).join('\n')) + tokens(text),
    };
    const base = { id: `chatcmpl-${randomBytes(6).toString('hex')}`, created: Math.floor(Date.now() / 1000), model: String(body.model) };
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: refusal ? null : text, refusal }, finish_reason: 'stop' }],
          ...(usage ? { usage } : {}),
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (chunk: object) => res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...chunk })}\n\n`);
    send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    if (refusal) send({ choices: [{ index: 0, delta: { refusal }, finish_reason: null }] });
    let sent = 0;
    for (const p of pieces(text)) {
      if (behaviour === 'cut' && sent === 3) {
        // What was written reaches the client, then the connection ends mid-answer.
        req.socket.destroySoon();
        return;
      }
      send({ choices: [{ index: 0, delta: { content: p }, finish_reason: null }] });
      sent++;
      if (opts.pieceDelayMs) await wait(opts.pieceDelayMs);
    }
    send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    const wantsUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    if (usage && wantsUsage) send({ choices: [], usage });
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    open++;
    res.on('close', () => open--);
    answer(req, res).catch(() => res.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    calls,
    script: (...b) => void queue.push(...b),
    unscript: () => void queue.splice(0),
    open: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
