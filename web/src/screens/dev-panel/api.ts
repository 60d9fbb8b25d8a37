import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE, endpoints as ep, type InProgressOrder, type Page } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** Open orders a page at a time: each card carries a delivery form, and a queue can be hundreds long. */
export const QUEUE_PAGE_SIZE = ORDER_PAGE_SIZE;

/**
 * `ordersInProgress`: the calling developer's open orders, oldest first, QUEUE_PAGE_SIZE at a
 * time until a page says it is the last. Each next page starts after the last order of the page
 * before it (the server keeps where it ended), so an order delivered in between does not hide one.
 */
export function useInProgressOrders() {
  return useInfiniteQuery({
    queryKey: qk.history.developerQueue(),
    queryFn: ({ pageParam, signal }) => call(ep.ordersInProgress, { query: { page: pageParam, limit: QUEUE_PAGE_SIZE } }, { signal }).then(queuePageOf),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.last ? undefined : pages.length),
  });
}

/** The answer to a request that named `page`: always a page, typed as one. */
const queuePageOf = (answer: InProgressOrder[] | Page<InProgressOrder>): Page<InProgressOrder> =>
  Array.isArray(answer) ? { content: answer, last: answer.length < QUEUE_PAGE_SIZE } : answer;

export interface Delivery {
  orderId: string;
  files: File[];
  message: string;
}

/** `deliverOrder`: one `file` part per file plus the optional `message`. */
export function useDeliverOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, files, message }: Delivery) => {
      const form = new FormData();
      for (const f of files) form.append('file', f, f.name);
      if (message.trim()) form.append('message', message.trim());
      return call(ep.deliverOrder, { params: { id: orderId }, body: form });
    },
    // The queue is refreshed by the card once it has shown that the answer went out (refreshQueue).
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.wallet.all });
      void qc.invalidateQueries({ queryKey: qk.history.developerCompleted() });
    },
  });
}

/** `developerCancelOrder`: the developer gives an order up before delivering it; the buyer gets the money and the reason. */
export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) => call(ep.developerCancelOrder, { body: { id: orderId, reason } }),
    // As after a delivery, the card says it first; the queue is refreshed after that.
    onSuccess: () => void qc.invalidateQueries({ queryKey: qk.history.developerCompleted() }),
  });
}

/** Reloads the developer's open orders (a delivered one leaves the list). */
export function useRefreshQueue(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: qk.history.developerQueue() });
}

/** Completed orders a page at a time (the server's default page). */
export const COMPLETED_PAGE_SIZE = ORDER_PAGE_SIZE;

/** `developerCompletedOrders`: delivered and closed orders, newest first, with what each earned; 'Показати ще' loads the next page. */
export function useCompletedOrders() {
  return useInfiniteQuery({
    queryKey: qk.history.developerCompleted(),
    queryFn: ({ pageParam }) => call(ep.developerCompletedOrders, { query: { page: pageParam, limit: COMPLETED_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < COMPLETED_PAGE_SIZE ? undefined : pages.length),
  });
}
