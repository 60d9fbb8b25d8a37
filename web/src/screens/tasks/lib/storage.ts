import { TASK_SORTS, type TaskSort } from '@zalik/contract';
import { NO_FILTERS, type PriceMode, type TaskFilters } from './filters';
import { FILTERS_KEY } from './storageKey';

export { FILTERS_KEY, clearFilters } from './storageKey';

/**
 * Filter selections live in sessionStorage between the list and its pickers (spec 4) and are
 * dropped on leaving the list area (lib/useListFiltersReset.ts). They belong to one subject: opening
 * another subject starts clean.
 */
interface Stored extends TaskFilters {
  subjectId: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function readFilters(subjectId: string): TaskFilters {
  try {
    const raw = JSON.parse(sessionStorage.getItem(FILTERS_KEY) ?? 'null') as Partial<Stored> | null;
    if (!raw || raw.subjectId !== subjectId) return NO_FILTERS;
    const price = Number(raw.price);
    return {
      teacherId: str(raw.teacherId),
      creator: typeof raw.creator === 'string' ? raw.creator : null,
      price: Number.isInteger(price) && price > 0 ? price : 0,
      mode: raw.mode === 'ge' ? 'ge' : ('le' satisfies PriceMode),
      sort: TASK_SORTS.includes(raw.sort as TaskSort) ? (raw.sort as TaskSort) : NO_FILTERS.sort,
    };
  } catch {
    return NO_FILTERS;
  }
}

/** Merges a change into the subject's filters. */
export function writeFilters(subjectId: string, change: Partial<TaskFilters>): TaskFilters {
  const next = { ...readFilters(subjectId), ...change };
  try {
    sessionStorage.setItem(FILTERS_KEY, JSON.stringify({ subjectId, ...next } satisfies Stored));
  } catch {
    // Storage full or disabled: the filter still applies until the list is left.
  }
  return next;
}
