/**
 * Runs an SDK call that must never break the app (unsupported method, old client...). A module
 * of its own: screen tests replace sdk.ts, and reach.ts needs this beside it all the same.
 */
export function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    warnDev('', err);
    return undefined;
  }
}

/**
 * An SDK call that failed and was passed over, told on the developer's console. Not in tests:
 * screen tests run outside Telegram on purpose, where every such call fails.
 */
export function warnDev(what: string, err: unknown): void {
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.warn(what ? `[telegram] ${what}` : '[telegram]', err);
}
