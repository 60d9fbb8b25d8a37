import { useEffect, useRef } from 'react';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Loads the next page of an infinite query when the element given the returned ref scrolls
 * into view (put it after the last row, around a 'Показати ще' button, which is also the way
 * on without IntersectionObserver).
 */
export function useLoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: Pages) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}
