import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CATALOGUE_SEARCH_MIN } from '@zalik/contract';
import { Input, SkeletonRows } from '../../../ui';

/** Typing settles for this long before a query is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
const SearchResults = lazy(() => import('./SearchResults'));

/**
 * The search field above the subjects. While it holds at least CATALOGUE_SEARCH_MIN characters
 * the results replace `children` (the course tabs and their subjects) below the field, so the
 * field itself never moves; emptied, the subjects come back as they were.
 */
export function SearchField({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  // The query lives in `?q=`, so coming back from a result shows the same results.
  useEffect(() => {
    const next = typed.trim();
    if (next === q) return;
    const t = setTimeout(
      () =>
        setParams(
          (p) => {
            const copy = new URLSearchParams(p);
            if (next) copy.set('q', next);
            else copy.delete('q');
            return copy;
          },
          { replace: true },
        ),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(t);
  }, [typed, q, setParams]);
  const searching = q.length >= CATALOGUE_SEARCH_MIN && typed.trim().length > 0;

  return (
    <>
      <Input
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        aria-label="Пошук предметів, викладачів і завдань"
        placeholder="Пошук: предмет, викладач, завдання"
        maxLength={100}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {searching ? (
        <Suspense fallback={<SkeletonRows count={4} />}>
          <SearchResults q={q} />
        </Suspense>
      ) : (
        children
      )}
    </>
  );
}
