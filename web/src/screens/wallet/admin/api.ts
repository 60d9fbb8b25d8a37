import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wallet, Withdrawal, WithdrawalStatus } from '@zalik/contract';
import { api } from '../../../api/client';
import { qk } from '../../../api/queryKeys';

export interface DepositInput {
  userTelegramId: string;
  amount: number;
  idempotencyKey: string;
}

/** `PATCH /api/v1/wallets/deposit` (admins): tops up a user's general wallet; answers their wallets. */
export function useDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userTelegramId, amount, idempotencyKey }: DepositInput) =>
      api.patch<Wallet[]>('/api/v1/wallets/deposit', { userTelegramId, amount }, { idempotencyKey }),
    onSuccess: (wallets, { userTelegramId }) => {
      qc.setQueryData(qk.wallet.wallets(userTelegramId), wallets);
      void qc.invalidateQueries({ queryKey: qk.wallet.transactionsOf(userTelegramId) });
    },
  });
}

/** `GET /api/v1/wallets/withdrawals?status=...` (admins): requests with the full card number while pending. */
export function useWithdrawals(status: WithdrawalStatus) {
  return useQuery({
    queryKey: qk.wallet.withdrawals(status),
    queryFn: () => api.get<Withdrawal[]>('/api/v1/wallets/withdrawals', { query: { status } }),
  });
}

/** `PATCH /api/v1/wallets/withdrawals/{id}` (admins): PAID after paying the card, REJECTED returns the money. */
export function useResolveWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'PAID' | 'REJECTED' }) =>
      api.patch<Withdrawal>(`/api/v1/wallets/withdrawals/${encodeURIComponent(id)}`, { status }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}
