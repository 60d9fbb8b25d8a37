/**
 * The app's side of the boot prefetch (app/early.ts): requests index.html started before this
 * bundle arrived. Each is handed out once, and only for the very request the app is about to
 * send (same method, URL and body), so using it changes when an answer arrives, never what it says.
 */
export interface EarlyRequest {
  /** The JSON body sent, if any. */
  body?: string;
  /** The bearer token sent, if any (a stored one; the app's client renews it on expiry as for any call). */
  token?: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __zalikEarly?: Record<string, EarlyRequest>;
  }
}

/** The parked answer to `METHOD url` sent with `body`, or undefined (then send it yourself). */
export function takeEarly(method: string, url: string, body?: string): Promise<Response> | undefined {
  const store = typeof window === 'undefined' ? undefined : window.__zalikEarly;
  const key = `${method.toUpperCase()} ${url}`;
  const found = store?.[key];
  if (!found || found.body !== body) return undefined;
  delete store[key];
  return found.response;
}

/**
 * Parks an answer the app already holds for the request it will send next: the demo's
 * init-data answer carries the sign-in (`POST /api/v1/users/auth` for that initData).
 */
export function parkEarly(method: string, url: string, body: string | undefined, response: Promise<Response>): void {
  if (typeof window === 'undefined') return;
  (window.__zalikEarly ??= {})[`${method.toUpperCase()} ${url}`] = { body, response };
}
