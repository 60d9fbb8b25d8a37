import type { ReactNode } from 'react';
import { useLoadMore, type Pages } from '../lib/useLoadMore';
import { Button } from './Button';
import styles from './LoadMore.module.css';

/**
 * The foot of an infinite list: the next page loads when this scrolls into view, the rows'
 * skeletons stand in while it comes, and 'Показати ще' is the way on without an observer (and
 * after a next page failed).
 */
export function LoadMore({ pages, skeleton }: { pages: Pages; skeleton: ReactNode }) {
  const more = useLoadMore(pages);
  if (pages.isFetchingNextPage) return <>{skeleton}</>;
  if (!pages.hasNextPage) return null;
  return (
    <div ref={more} className={styles.more}>
      <Button variant="plain" stretched onClick={() => void pages.fetchNextPage()}>
        Показати ще
      </Button>
    </div>
  );
}
