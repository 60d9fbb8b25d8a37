import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HISTORY_PAGE_SIZE,
  type JarAnswer,
  type Transaction,
  type WalletKind,
  type Withdrawal,
} from '@zalik/contract';
import { api } from '../../api/client';
import { qk } from '../../api/queryKeys';

const id = (telegramId: string) => encodeURIComponent(telegramId);

export { useWallets } from '../../api/wallets';

/**
 * `GET /api/v1/transactions/history/user/{telegramId}?page=N&limit=5`, newest first, page by
 * page. A page shorter than the limit is the last one.
 */
export function useTransactions(telegramId: string, kind?: WalletKind) {
  return useInfiniteQuery({
    queryKey: qk.wallet.transactions(telegramId, kind),
    queryFn: ({ pageParam, signal }) =>
      api.get<Transaction[]>(`/api/v1/transactions/history/user/${id(telegramId)}`, {
        query: { page: pageParam, limit: HISTORY_PAGE_SIZE, wallet: kind },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < HISTORY_PAGE_SIZE ? undefined : pages.length),
    enabled: !!telegramId,
  });
}

/** `GET /api/v1/wallets/jar`: the bank jar link for card top-ups. Fetched ahead, so a tap opens it at once. */
export function useJar() {
  return useQuery({
    queryKey: qk.wallet.jar(),
    queryFn: () => api.get<JarAnswer>('/api/v1/wallets/jar'),
    staleTime: 5 * 60_000,
    // A failed prefetch is not the user's doing: the screen reports it when the button is tapped.
    meta: { silent: true },
  });
}

export interface WithdrawInput {
  cardNumber: string;
  amount: number;
  idempotencyKey: string;
}

/** `PATCH /api/v1/wallets/withdraw` (developers): answers the new pending request. */
export function useWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ cardNumber, amount, idempotencyKey }: WithdrawInput) =>
      api.patch<Withdrawal>('/api/v1/wallets/withdraw', { cardNumber, amount }, { idempotencyKey }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}

/** `GET /api/v1/wallets/withdrawals/my`: the developer's own requests (card masked). */
export function useMyWithdrawals() {
  return useQuery({
    queryKey: qk.wallet.myWithdrawals(),
    queryFn: () => api.get<Withdrawal[]>('/api/v1/wallets/withdrawals/my'),
  });
}
