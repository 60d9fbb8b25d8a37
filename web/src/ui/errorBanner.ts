import { useSyncExternalStore } from 'react';
import { ERROR_BANNER_MS } from '@zalik/contract';
import { haptic } from '../telegram/sdk';

/**
 * The red error banner's state: one message at a time, hidden ERROR_BANNER_MS after the last
 * show(). A module store, so the API layer (query/mutation caches) can show errors outside React.
 */
export interface BannerState {
  message: string | null;
  /** Changes on every show, so the same text shown twice restarts the animation. */
  seq: number;
}

const NO_BANNER: BannerState = { message: null, seq: 0 };
let state: BannerState = NO_BANNER;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: BannerState): void {
  state = next;
  listeners.forEach((l) => l());
}

export function showError(message: string): void {
  if (timer) clearTimeout(timer);
  haptic.notification('error');
  set({ message, seq: state.seq + 1 });
  timer = setTimeout(hideError, ERROR_BANNER_MS);
}

export function hideError(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (state.message !== null) set({ message: null, seq: state.seq });
}

/** The part of a data router this module needs: where the user is, and a way to follow it. */
interface Navigable {
  state: { location: { pathname: string } };
  subscribe(fn: (state: { location: { pathname: string } }) => void): () => void;
}

/**
 * A banner belongs to the screen that raised it: leaving that screen clears it, so an old
 * error never sits over the next screen. Returns the unsubscribe function.
 */
export function clearErrorOnNavigation(router: Navigable): () => void {
  let path = router.state.location.pathname;
  return router.subscribe((s) => {
    if (s.location.pathname === path) return;
    path = s.location.pathname;
    hideError();
  });
}

/**
 * A banner about a form's input goes once the input is edited: typing a corrected amount, picking
 * other files. The edit is the answer to the banner, which must not sit over the fixed form until
 * its timer runs out. Listens on `target` (the document) in the capture phase; returns the unsubscribe.
 */
export function clearErrorOnInput(target: EventTarget): () => void {
  const onInput = () => hideError();
  target.addEventListener('input', onInput, true);
  return () => target.removeEventListener('input', onInput, true);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useErrorBannerState(): BannerState {
  // The server renders no banner (ssr/server.tsx): hydration starts from none.
  return useSyncExternalStore(subscribe, () => state, () => NO_BANNER);
}

/** `const { show } = useErrorBanner(); show(MSG.withdrawEmpty)` */
export function useErrorBanner(): { show: (message: string) => void; hide: () => void } {
  return { show: showError, hide: hideError };
}
