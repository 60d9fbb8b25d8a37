/**
 * Calls whose answer is server-sent events (the tutor's streamed answer, an order thread's live
 * stream): the same bearer token (a header, which EventSource cannot send), silent re-auth and
 * Ukrainian refusals as `call`, then each event handed on as it arrives.
 */
import { pathOf, type CallInput, type Endpoint, type Shape } from '@zalik/contract';
import { signIn } from './auth';
import { buildUrl, type Query } from './client';
import { isTokenExpired, networkError, readError } from './errors';
import { getToken } from './token';

async function open(method: string, url: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  try {
    const token = getToken();
    const sent: Record<string, string> = { accept: 'text/event-stream', ...headers };
    if (body !== undefined) sent['content-type'] = 'application/json';
    if (token) sent.authorization = `Bearer ${token}`;
    return await fetch(url, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw networkError();
  }
}

/** Calls a streaming endpoint with `input` and calls `onEvent` per event; a refusal before the stream throws an ApiError. */
export async function streamEvents<S extends Shape, E>(
  endpoint: Endpoint<S>,
  input: CallInput<S>,
  onEvent: (event: E) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { params, query, body, headers } = input as {
    params?: Record<string, string | number>;
    query?: Query;
    body?: unknown;
    headers?: Record<string, string | undefined>;
  };
  const sent = Object.fromEntries(Object.entries(headers ?? {}).filter((e): e is [string, string] => e[1] !== undefined));
  const url = buildUrl(pathOf(endpoint, params), query);
  let res = await open(endpoint.method, url, body, sent, signal);
  if (!res.ok) {
    let err = await readError(res);
    if (isTokenExpired(res.status, err.body)) {
      await signIn();
      res = await open(endpoint.method, url, body, sent, signal);
      if (!res.ok) err = await readError(res);
    }
    if (!res.ok) throw err;
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) onEvent(JSON.parse(data) as E);
      }
    }
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw networkError();
  }
}
