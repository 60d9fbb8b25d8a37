import { useSyncExternalStore } from 'react';
import { ApiError } from './errors';

/**
 * Whether the app is cut off from the server: the browser says so, or a read failed without
 * reaching it. One place knows it, so the offline message is shown once (app/OfflineBar.tsx)
 * instead of by every banner, card and list, and actions that need the network wait for it.
 */
let offline = typeof navigator !== 'undefined' && navigator.onLine === false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === offline) return;
  offline = next;
  listeners.forEach((l) => l());
}

export function markOffline(): void {
  set(true);
}

/**
 * A read answered: the server is reached again. Not while the browser itself says it is offline:
 * an answer to a request sent just before the connection dropped arrives late, and would
 * otherwise call an offline phone online (and a screen whose code never arrived, broken).
 */
export function markOnline(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  set(false);
}

/** The server was not reached (status 0): not a refusal, a lost connection. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', markOffline);
  window.addEventListener('online', markOnline);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function isOffline(): boolean {
  return offline;
}

export function useOffline(): boolean {
  // The server renders no offline bar (ssr/server.tsx): hydration starts online.
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
