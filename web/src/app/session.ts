/**
 * The launch's sign-in, started by boot() as soon as initData is known rather than in the
 * AuthGate's effect (after React's first render and commit): its answer, usually parked by
 * app/early.ts already, is then in by the time the gate renders, which shows the first screen
 * at once instead of a skeleton first.
 */
import type { JwtClaims } from '@zalik/contract';
import { signInForLaunch, subscribeSession } from '../api/auth';

/** What a sign-in answered: the token's claims and the user's course (AuthAnswer). */
export interface SignedIn {
  claims: JwtClaims;
  courseNumber?: number;
}

let launching: Promise<JwtClaims> | null = null;
let current: SignedIn | null = null;
let tracking = false;

/** Keeps the latest sign-in's answer (the launch's, then any renewal) and a ban reported since. */
function track(): void {
  if (tracking) return;
  tracking = true;
  subscribeSession((e) => {
    if (e.type === 'signedIn') {
      if (!current) performance.mark('zalik:signed-in');
      current = { claims: e.claims, courseNumber: e.courseNumber };
    }
    // Only a ban marks the session; maintenance (a sign-in may report it right after answering) is the gate's own state.
    else if (e.type === 'banned' && current) current = { ...current, claims: { ...current.claims, ban: true } };
  });
}

/** The launch's one sign-in: every caller gets the same answer (a retry calls signInForLaunch itself). */
export function launchSignIn(): Promise<JwtClaims> {
  track();
  launching ??= signInForLaunch();
  return launching;
}

/** The latest sign-in's answer, or null while none has answered. */
export function currentSession(): SignedIn | null {
  return current;
}
