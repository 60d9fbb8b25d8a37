/**
 * Where the task filters live (storage.ts reads and writes them), and dropping them: a module
 * of its own because the first screen's layout only ever drops them (useListFiltersReset.ts),
 * and should not carry the filters' reading, checking and matching along.
 */
export const FILTERS_KEY = 'zalik.taskFilters';

export function clearFilters(): void {
  try {
    sessionStorage.removeItem(FILTERS_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
