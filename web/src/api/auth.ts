import { MSG, type JwtClaims } from '@zalik/contract';
import { getRawInitData } from '../telegram/sdk';
import { ApiError, networkError, readError } from './errors';
import { decodeClaims, setToken } from './token';

export const AUTH_PATH = '/api/v1/users/auth';

let inFlight: Promise<JwtClaims> | null = null;

async function authenticate(): Promise<JwtClaims> {
  const initData = getRawInitData();
  // Spec, section 8: auth errors are thrown, not shown (there is nobody to sign in as).
  if (!initData) throw new ApiError(MSG.initDataMissing, 401);
  let res: Response;
  try {
    res = await fetch(AUTH_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(initData),
    });
  } catch {
    throw networkError();
  }
  if (!res.ok) throw await readError(res);
  const body = (await res.json().catch(() => null)) as { jwt?: unknown } | null;
  const claims = typeof body?.jwt === 'string' ? decodeClaims(body.jwt) : null;
  if (!claims || typeof body?.jwt !== 'string') throw new ApiError(MSG.tokenInvalid, 401, body);
  setToken(body.jwt);
  notify(claims);
  return claims;
}

/**
 * Signs in with the launch's initData and stores the token. Concurrent callers (several
 * queries hitting an expired token at once) share one request.
 */
export function signIn(): Promise<JwtClaims> {
  inFlight ??= authenticate().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

// --- Session events: the AuthGate listens, the client reports. ---------------------------

type SessionEvent = { type: 'signedIn'; claims: JwtClaims } | { type: 'banned' };
const listeners = new Set<(e: SessionEvent) => void>();

function notify(claims: JwtClaims): void {
  listeners.forEach((l) => l({ type: 'signedIn', claims }));
}

/** Called by the client when the server says the user is banned (403 MSG.banned). */
export function reportBanned(): void {
  listeners.forEach((l) => l({ type: 'banned' }));
}

export function subscribeSession(listener: (e: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
