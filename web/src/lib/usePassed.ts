import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later moment is checked again then. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Whether the moment `iso` has passed, turning true by itself when it does while the screen is
 * open (a deadline running out under the student's eyes). false for null.
 */
export function usePassed(iso: string | null): boolean {
  const at = iso === null ? NaN : Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  const passed = !Number.isNaN(at) && now >= at;
  useEffect(() => {
    if (Number.isNaN(at) || passed) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - Date.now() + 50, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [at, passed, now]);
  return passed;
}
