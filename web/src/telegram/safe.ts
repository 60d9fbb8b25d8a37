/**
 * Runs an SDK call that must never break the app (unsupported method, old client...). A module
 * of its own: screen tests replace sdk.ts, and reach.ts needs this beside it all the same.
 */
export function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (import.meta.env.DEV) console.warn('[telegram]', err);
    return undefined;
  }
}
