import { endpoints as ep, MSG, type JwtClaims } from '@zalik/contract';
import { getRawInitData } from '../telegram/sdk';
import { takeEarly } from './early';
import { ApiError, isMaintenanceError, networkError, readError } from './errors';
import { decodeClaims, rememberCourse, setToken } from './token';

/** The sign-in's path (a plain fetch: the client itself waits for the sign-in). */
export const AUTH_PATH = ep.signIn.path;

let inFlight: Promise<JwtClaims> | null = null;

async function authenticate(): Promise<JwtClaims> {
  const initData = getRawInitData();
  // Spec, section 8: auth errors are thrown, not shown (there is nobody to sign in as).
  if (!initData) throw new ApiError(MSG.initDataMissing, 401);
  const payload = JSON.stringify(initData);
  let res: Response;
  try {
    res = await (takeEarly('POST', AUTH_PATH, payload) ??
      fetch(AUTH_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: payload,
      }));
  } catch {
    throw networkError();
  }
  if (!res.ok) {
    const err = await readError(res);
    // A student launching during maintenance: the gate shows why instead of a failure.
    if (isMaintenanceError(err)) reportMaintenance(err.message);
    throw err;
  }
  const body = (await res.json().catch(() => null)) as { jwt?: unknown; courseNumber?: unknown; maintenance?: unknown } | null;
  const claims = typeof body?.jwt === 'string' ? decodeClaims(body.jwt) : null;
  if (!claims || typeof body?.jwt !== 'string') throw new ApiError(MSG.tokenInvalid, 401, body);
  setToken(body.jwt);
  // AuthAnswer carries the course, so the first screen needs no GET /users/me/course.
  const courseNumber = typeof body.courseNumber === 'number' ? body.courseNumber : undefined;
  if (courseNumber !== undefined) rememberCourse(courseNumber);
  notify(claims, courseNumber);
  // Signed in during maintenance (the token opens nothing until it ends): the gate shows why.
  if (typeof body.maintenance === 'string') reportMaintenance(body.maintenance);
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

let launch: Promise<unknown> | null = null;

/**
 * The launch's sign-in (the AuthGate's): until it has answered, every other call waits for it
 * (api/client.ts), so nothing is sent with a token left by another persona or from before a
 * ban, and screens may mount (and start their queries) while the app is still signing in.
 */
export function signInForLaunch(): Promise<JwtClaims> {
  const p = signIn();
  launch = p;
  return p;
}

/** Resolves once the launch's sign-in has answered, either way (at once if none was started). */
export function launchSignedIn(): Promise<void> | null {
  return launch && launch.then(
    () => undefined,
    () => undefined,
  );
}

// --- Session events: the AuthGate listens, the client reports. ---------------------------

/** `courseNumber`: what the sign-in answered (AuthAnswer), when it did. */
type SessionEvent =
  | { type: 'signedIn'; claims: JwtClaims; courseNumber?: number }
  | { type: 'banned' }
  | { type: 'maintenance'; message: string };
const listeners = new Set<(e: SessionEvent) => void>();

function notify(claims: JwtClaims, courseNumber: number | undefined): void {
  listeners.forEach((l) => l({ type: 'signedIn', claims, courseNumber }));
}

/** Called by the client when the server says the user is banned (403 MSG.banned). */
export function reportBanned(): void {
  listeners.forEach((l) => l({ type: 'banned' }));
}

/**
 * The admin's message while a call was refused for maintenance. Kept, not only announced: the
 * launch's sign-in may be refused before the gate has subscribed.
 */
let maintenanceMessage: string | null = null;

/** Called by the client when a call was refused for maintenance; `message` is the admin's. */
export function reportMaintenance(message: string): void {
  maintenanceMessage = message;
  listeners.forEach((l) => l({ type: 'maintenance', message }));
}

export const currentMaintenance = (): string | null => maintenanceMessage;

/** Maintenance is over (the public status said so). */
export function clearMaintenance(): void {
  maintenanceMessage = null;
}

export function subscribeSession(listener: (e: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
