import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, rowsOf } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `ordersInProgress`: the calling developer's open orders, oldest first. */
export function useInProgressOrders() {
  return useQuery({
    queryKey: qk.history.developerQueue(),
    queryFn: () => call(ep.ordersInProgress, {}).then(rowsOf),
  });
}

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

/** Completed orders a page at a time (the server's default page is 20). */
export const COMPLETED_PAGE_SIZE = 20;

/** `developerCompletedOrders`: delivered and closed orders, newest first, with what each earned; 'Показати ще' loads the next page. */
export function useCompletedOrders() {
  return useInfiniteQuery({
    queryKey: qk.history.developerCompleted(),
    queryFn: ({ pageParam }) => call(ep.developerCompletedOrders, { query: { page: pageParam, limit: COMPLETED_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < COMPLETED_PAGE_SIZE ? undefined : pages.length),
  });
}
