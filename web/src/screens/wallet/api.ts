import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { endpoints as ep, HISTORY_PAGE_SIZE, MAX_OPEN_DEPOSIT_REQUESTS, type WalletKind } from '@zalik/contract';
import { call } from '../../api/client';
import { qkDeposits } from '../../api/depositKeys';
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

/** `myWithdrawals`: the developer's own requests (card masked). */
export function useMyWithdrawals() {
  return useQuery({
    queryKey: qk.wallet.myWithdrawals(),
    queryFn: () => call(ep.myWithdrawals, {}),
  });
}

/**
 * `myDepositRequests?status=PENDING`: the student's top-ups still waiting for payment (at most
 * MAX_OPEN_DEPOSIT_REQUESTS at once), shown under the balance with their code so a closed sheet
 * is not lost. Under the wallet's key: a credited top-up refreshes it with the balance.
 */
export function usePendingDeposits(enabled: boolean) {
  return useQuery({
    queryKey: qkDeposits.minePending(),
    queryFn: ({ signal }) => call(ep.myDepositRequests, { query: { status: 'PENDING', limit: MAX_OPEN_DEPOSIT_REQUESTS } }, { signal }),
    // One past its time is no longer waited for, whatever the list said a moment ago.
    select: (list) => list.filter((r) => r.status === 'PENDING' && Date.parse(r.expiresAt) > Date.now()),
    enabled,
  });
}
