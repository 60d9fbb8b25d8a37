import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The request a piece of work runs for. A job scheduled or a bot message queued while a request
 * is handled records its id, and their log lines carry it, so one purchase can be followed from
 * the route to the job and the message it caused, without passing the id through every call.
 */
const context = new AsyncLocalStorage<{ requestId: string; ip?: string }>();

/** Runs `fn` (and everything it starts) as part of request `requestId`, made from `ip` when known. */
export function runForRequest<T>(requestId: string, fn: () => T, ip?: string): T {
  return context.run({ requestId, ip }, fn);
}

/** The id of the request being handled here, if any (a job or the bot's own work has none). */
export function currentRequestId(): string | null {
  return context.getStore()?.requestId ?? null;
}

/** The client's address of the request being handled here (as TRUST_PROXY lets it be named), if any. */
export function currentRequestIp(): string | null {
  return context.getStore()?.ip ?? null;
}

/** A client's or a proxy's `X-Request-Id` when it is a sane token, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
}
