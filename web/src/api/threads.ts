import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from './client';
import { qk } from './queryKeys';

/**
 * Order threads as several screens read them: the thread screen and the admins' dispute screen
 * (its pages), the settings menu and the order cards (unread counts). The thread screen's live
 * stream and writing are its own (screens/thread/api.ts).
 */

/** How often the unread totals are read again while a menu that shows them is open. */
const UNREAD_REFRESH_MS = 30_000;

/** Unread messages in the caller's purchases and in the orders they fulfil. */
export function useThreadUnread(enabled = true) {
  return useQuery({
    queryKey: qk.threads.unread(),
    queryFn: () => call(ep.threadUnread, {}),
    refetchInterval: UNREAD_REFRESH_MS,
    enabled,
    // A badge that cannot be read is left out; it is no reason for a red banner.
    meta: { silent: true },
  });
}

/** A thread's pages, newest first, each older than the last (`before` the oldest message loaded). */
export function useThreadPages(orderId: string, opts: { silent?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: qk.threads.thread(orderId),
    queryFn: ({ pageParam, signal }) =>
      call(ep.threadMessages, { params: { id: orderId }, query: pageParam ? { before: pageParam } : {} }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.last ? undefined : page.content.at(-1)?.id),
    enabled: !!orderId,
    ...(opts.silent ? { meta: { silent: true } } : {}),
  });
}
