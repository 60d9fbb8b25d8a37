/**
 * A panel's answer shared by every admin who asks within `seconds`: ten admins refreshing the
 * 30-day figures cost one set of statements, not ten queued on the analytics pool. Keys are
 * the panel and its period, so the map stays a handful of entries. A failure is not kept.
 * The answer says when it was computed (`to`, `at`), so the screen can show its age.
 */
export function sharedPanels(seconds: number) {
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    if (seconds <= 0) return compute();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const value = compute();
    entries.set(key, { until: now + seconds * 1000, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}
