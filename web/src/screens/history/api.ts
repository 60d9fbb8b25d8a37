import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `historyOfUser`: every purchase, newest first (self or admin). */
export function useUserHistory(telegramId: string) {
  return useQuery({
    queryKey: qk.history.user(telegramId),
    queryFn: () => call(ep.historyOfUser, { params: { telegramId } }),
    enabled: !!telegramId,
  });
}

/** Admin: cancel an undelivered order, the escrowed money goes back to the buyer. */
export function useRefundOrder(telegramId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => call(ep.refundOrder, { params: { id: orderId } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.history.user(telegramId) });
      void qc.invalidateQueries({ queryKey: qk.wallet.all });
    },
  });
}
