import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, HISTORY_PAGE_SIZE, type WalletKind } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

export { useWallets } from '../../api/wallets';

/**
 * `transactionsOfUser` with `?page=N&limit=5`, newest first, page by
 * page. A page shorter than the limit is the last one.
 */
export function useTransactions(telegramId: string, kind?: WalletKind) {
  return useInfiniteQuery({
    queryKey: qk.wallet.transactions(telegramId, kind),
    queryFn: ({ pageParam, signal }) =>
      call(ep.transactionsOfUser, { params: { telegramId }, query: { page: pageParam, limit: HISTORY_PAGE_SIZE, wallet: kind } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < HISTORY_PAGE_SIZE ? undefined : pages.length),
    enabled: !!telegramId,
  });
}

export interface WithdrawInput {
  cardNumber: string;
  amount: number;
  idempotencyKey: string;
}

/** `withdraw` (developers): answers the new pending request. */
export function useWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ cardNumber, amount, idempotencyKey }: WithdrawInput) =>
      call(ep.withdraw, { body: { cardNumber, amount }, headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}

/** `myWithdrawals`: the developer's own requests (card masked). */
export function useMyWithdrawals() {
  return useQuery({
    queryKey: qk.wallet.myWithdrawals(),
    queryFn: () => call(ep.myWithdrawals, {}),
  });
}
