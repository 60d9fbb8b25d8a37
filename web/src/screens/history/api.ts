import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryItem } from '@zalik/contract';
import { api } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `GET /api/v1/histories/user/{telegramId}`: every purchase, newest first (self or admin). */
export function useUserHistory(telegramId: string) {
  return useQuery({
    queryKey: qk.history.user(telegramId),
    queryFn: () => api.get<HistoryItem[]>(`/api/v1/histories/user/${encodeURIComponent(telegramId)}`),
    enabled: !!telegramId,
  });
}

/** Admin: cancel an undelivered order, the escrowed money goes back to the buyer. */
export function useRefundOrder(telegramId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<HistoryItem>(`/api/v1/histories/history/${encodeURIComponent(orderId)}/refund`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.history.user(telegramId) });
      void qc.invalidateQueries({ queryKey: qk.wallet.all });
    },
  });
}
