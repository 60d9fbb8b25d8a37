import { useEffect, useRef } from 'react';

/** What of an infinite query (TanStack's result) the foot of its list reads. */
export interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last next page failed: its error is on screen, and the button asks again. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Loads the next page of an infinite query when the element given the returned ref scrolls
 * into view (put it after the last row, around a 'Показати ще' button, which is also the way
 * on without IntersectionObserver). Not after a failed next page: the button stays in view, and
 * asking again each time it is seen would repeat the failure (and its error) in a loop; a tap does.
 */
export function useLoadMore({ hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: Pages) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return sentinel;
}

/**
 * The error a list shows in its own place: only while it has nothing loaded. A failed later page
 * (or refresh) keeps the rows already shown, and its banner says why.
 */
export function listError<E>(query: { error: E | null; data: unknown }): E | null {
  return query.data === undefined ? query.error : null;
}
