/**
 * The one way screens talk to the API: typed fetch with the bearer token. An expired token is
 * renewed silently from initData and the call repeated once; a ban is reported to the
 * AuthGate; every failure is an ApiError carrying the server's Ukrainian message.
 */
import { pathOf, type CallAnswer, type CallInput, type Endpoint, type Shape } from '@zalik/contract';
import { isBannedError, isMaintenanceError, isTokenExpired, networkError, readError } from './errors';
import { launchSignedIn, reportBanned, reportMaintenance, signIn } from './auth';
import { takeEarly } from './early';
import { getToken } from './token';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** JSON body (serialised) or FormData (multipart, the browser sets the boundary). */
  body?: unknown;
  query?: Query;
  /** Request headers the endpoint table names for the call (e.g. `idempotency-key`). */
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function init(method: string, opts: RequestOptions): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  for (const [name, value] of Object.entries(opts.headers ?? {})) if (value !== undefined) headers[name] = value;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return { method, headers, body, signal: opts.signal };
}

async function send(method: string, url: string, opts: RequestOptions): Promise<Response> {
  try {
    // A GET index.html already started (app/early.ts) is the same request: take its answer,
    // unless it failed (it went out with the token stored by the last launch): then ask again.
    const early = method === 'GET' && opts.body === undefined ? takeEarly(method, url) : undefined;
    const parked = early && (await early.catch(() => null));
    if (parked?.ok) return parked;
    return await fetch(url, init(method, opts));
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw networkError();
  }
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** The transport under `call` (screens use `call`: no path is written outside the endpoint table). */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  await launchSignedIn();
  let res = await send(method, url, opts);
  if (!res.ok) {
    let err = await readError(res);
    if (isTokenExpired(res.status, err.body)) {
      await signIn();
      res = await send(method, url, opts);
      if (!res.ok) err = await readError(res);
    }
    if (!res.ok) {
      if (isBannedError(err)) reportBanned();
      if (isMaintenanceError(err)) reportMaintenance(err.message);
      throw err;
    }
  }
  return parse<T>(res);
}

/**
 * Calls an endpoint of the contract's table: its method and path come from the table, and
 * params, query, body, headers and answer are typed by the table's schemas.
 */
export function call<S extends Shape>(endpoint: Endpoint<S>, input: CallInput<S>, opts: Pick<RequestOptions, 'signal'> = {}): Promise<CallAnswer<S>> {
  const { params, query, body, headers } = input as {
    params?: Record<string, string | number>;
    query?: Query;
    body?: unknown;
    headers?: Record<string, string | undefined>;
  };
  return request<CallAnswer<S>>(endpoint.method, pathOf(endpoint, params), { ...opts, query, body, headers });
}

/** A fresh key for one user action (reuse it when retrying the same action). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
