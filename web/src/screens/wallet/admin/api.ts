import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type WithdrawalStatus } from '@zalik/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/queryKeys';

export interface DepositInput {
  userTelegramId: string;
  amount: number;
  idempotencyKey: string;
}

/** `depositByAdmin`: tops up a user's general wallet; answers their wallets. */
export function useDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userTelegramId, amount, idempotencyKey }: DepositInput) =>
      call(ep.depositByAdmin, { body: { userTelegramId, amount } }, { idempotencyKey }),
    onSuccess: (wallets, { userTelegramId }) => {
      qc.setQueryData(qk.wallet.wallets(userTelegramId), wallets);
      void qc.invalidateQueries({ queryKey: qk.wallet.transactionsOf(userTelegramId) });
    },
  });
}

/** `withdrawals` with `?status=`: requests with the full card number while pending. */
export function useWithdrawals(status: WithdrawalStatus) {
  return useQuery({
    queryKey: qk.wallet.withdrawals(status),
    queryFn: () => call(ep.withdrawals, { query: { status } }),
  });
}

/** `resolveWithdrawal`: PAID after paying the card, REJECTED returns the money. */
export function useResolveWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'PAID' | 'REJECTED' }) =>
      call(ep.resolveWithdrawal, { params: { id }, body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}
