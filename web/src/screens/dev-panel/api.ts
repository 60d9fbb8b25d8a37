import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `ordersInProgress`: the calling developer's open orders, oldest first. */
export function useInProgressOrders() {
  return useQuery({
    queryKey: qk.history.developerQueue(),
    queryFn: () => call(ep.ordersInProgress, {}),
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
    onSuccess: () => void qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}

/** Reloads the developer's open orders (a delivered one leaves the list). */
export function useRefreshQueue(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: qk.history.developerQueue() });
}
