/**
 * Helpers of the thread tests (threads*.test.ts): the thread's calls as a client makes them,
 * and its live stream read over real HTTP (a stream never ends within an inject).
 */
import { get, type IncomingMessage } from 'node:http';
import { expect } from 'vitest';
import type { ThreadMessage, ThreadPage, ThreadStreamEvent } from '@zalik/contract';
import { auth, type TestContext } from './helpers.js';
import { multipart, type Part } from './docx.js';

export const PDF = Buffer.from('%PDF-1.4\n% a tiny pdf\n%%EOF\n');
export const pdf = (filename = 'Методичка.pdf', value: Buffer = PDF): Part => ({ name: 'files', filename, value, contentType: 'application/pdf' });

export function threadCalls(ctx: TestContext) {
  const base = (id: string | number) => `/api/v1/histories/${id}/messages`;
  return {
    page: (id: string | number, token: string, query = '') => ctx.app.inject({ method: 'GET', url: `${base(id)}${query ? `?${query}` : ''}`, headers: auth(token) }),
    async pageOf(id: string | number, token: string, query = ''): Promise<ThreadPage> {
      const res = await this.page(id, token, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ThreadPage>();
    },
    post(id: string | number, token: string, text: string | null, files: Part[] = []) {
      const form = multipart([...(text === null ? [] : [{ name: 'text', value: text }]), ...files]);
      return ctx.app.inject({ method: 'POST', url: base(id), headers: { ...auth(token), ...form.headers }, payload: form.payload });
    },
    async say(id: string | number, token: string, text: string, files: Part[] = []): Promise<ThreadMessage> {
      const res = await this.post(id, token, text, files);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ThreadMessage>();
    },
    read: (id: string | number, token: string, upTo: unknown) => ctx.app.inject({ method: 'POST', url: `${base(id)}/read`, headers: auth(token), payload: { upTo } }),
    hide: (id: string | number, messageId: string | number, token: string, reason: unknown) =>
      ctx.app.inject({ method: 'POST', url: `${base(id)}/${messageId}/hide`, headers: auth(token), payload: { reason } }),
    unread: (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/histories/messages/unread', headers: auth(token) }),
    stream: (id: string | number, token: string, query: string) => ctx.app.inject({ method: 'GET', url: `${base(id)}/stream?${query}`, headers: auth(token) }),
  };
}

/** The events of a finished stream's body. */
export function eventsOf(body: string): ThreadStreamEvent[] {
  return body
    .split('\n\n')
    .map((block) => /^data: (.*)$/m.exec(block)?.[1])
    .filter((d): d is string => !!d)
    .map((d) => JSON.parse(d) as ThreadStreamEvent);
}

/** A live stream read over HTTP from a listening app: its events as they come, and a way to wait for one. */
export interface LiveStream {
  status: number;
  events: ThreadStreamEvent[];
  /** Resolves with the first event (from the start) that `match` accepts. */
  next(match: (e: ThreadStreamEvent) => boolean): Promise<ThreadStreamEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLive(baseUrl: string, id: string | number, token: string, query: string): Promise<LiveStream> {
  // node:http without an agent: one connection per stream, closed with it (fetch's pool may keep a spare one open).
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    get(`${baseUrl}/api/v1/histories/${id}/messages/stream?${query}`, { headers: auth(token), agent: false }, resolve).on('error', reject),
  );
  const events: ThreadStreamEvent[] = [];
  const waiting: { match: (e: ThreadStreamEvent) => boolean; resolve: (e: ThreadStreamEvent) => void }[] = [];
  const offer = (e: ThreadStreamEvent) => {
    events.push(e);
    for (const w of [...waiting]) {
      if (!w.match(e)) continue;
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(e);
    }
  };
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
      buffer = buffer.slice(end + 2);
      if (data) offer(JSON.parse(data) as ThreadStreamEvent);
    }
  });
  const ended = new Promise<void>((resolve) => res.on('close', () => resolve()));
  return {
    status: res.statusCode ?? 0,
    events,
    next: (match) => {
      const seen = events.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ match, resolve }));
    },
    ended,
    close: () => res.destroy(),
  };
}
