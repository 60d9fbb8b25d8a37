import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@zalik/contract';
import { api } from './client';
import { qk } from './queryKeys';

/**
 * `GET /api/v1/wallets/user/{telegramId}`: the general wallet, plus the dev wallet of a
 * developer. Shared by the wallet tab and the buying screens (which show the balance to pay from;
 * `silent` there: without it the purchase still works, and the server checks the balance).
 */
export function useWallets(telegramId: string, opts: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: qk.wallet.wallets(telegramId),
    queryFn: () => api.get<Wallet[]>(`/api/v1/wallets/user/${encodeURIComponent(telegramId)}`),
    enabled: !!telegramId,
    meta: { silent: opts.silent },
  });
}
