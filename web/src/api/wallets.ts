import { useQuery } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from './client';
import { qk } from './queryKeys';

/**
 * `walletsOfUser`: the general wallet, plus the dev wallet of a
 * developer. Shared by the wallet tab and the buying screens (which show the balance to pay from;
 * `silent` there: without it the purchase still works, and the server checks the balance).
 */
export function useWallets(telegramId: string, opts: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: qk.wallet.wallets(telegramId),
    queryFn: () => call(ep.walletsOfUser, { params: { telegramId } }),
    enabled: !!telegramId,
    meta: { silent: opts.silent },
  });
}
