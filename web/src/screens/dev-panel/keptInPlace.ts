import { useState } from 'react';

/**
 * The open orders as the developer sees them while the panel is open: an order this visit
 * delivered or cancelled stays where it was (its card says what happened) although the refreshed
 * queue no longer has it, so no card vanishes from under the finger and nothing below it jumps up.
 * New orders join at the end (the queue is oldest first). Leaving the panel drops the kept ones.
 */
export function useKeptInPlace<T extends { id: string }>(fresh: readonly T[] | undefined, finished: ReadonlySet<string>): T[] | undefined {
  // React's "adjusting state while rendering": the list shown follows each new answer at once.
  const [seen, setSeen] = useState<{ fresh?: readonly T[]; finished?: ReadonlySet<string>; shown: T[] }>({ shown: [] });
  if (!fresh) return undefined;
  if (seen.fresh === fresh && seen.finished === finished) return seen.shown;
  const shown = keepInPlace(seen.shown, fresh, finished);
  setSeen({ fresh, finished, shown });
  return shown;
}

/** The pure step of useKeptInPlace: `before` as shown, `fresh` from the server, `finished` ids kept. */
export function keepInPlace<T extends { id: string }>(before: readonly T[], fresh: readonly T[], finished: ReadonlySet<string>): T[] {
  const now = new Map(fresh.map((o) => [o.id, o]));
  const kept = before.filter((o) => now.has(o.id) || finished.has(o.id)).map((o) => now.get(o.id) ?? o);
  const known = new Set(kept.map((o) => o.id));
  return [...kept, ...fresh.filter((o) => !known.has(o.id))];
}
