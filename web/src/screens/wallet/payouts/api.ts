import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type PaymentDetailsType } from '@zalik/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/queryKeys';

/** `walletEntries`: the wallets with ids and masked payout details (the dev wallet's id is what a withdrawal names). */
export function useWalletEntries(telegramId: string) {
  return useQuery({
    queryKey: qk.wallet.entries(telegramId),
    queryFn: () => call(ep.walletEntries, { params: { telegramId } }),
    enabled: !!telegramId,
  });
}

/** `payoutRules`: the minimum, the fee, the crypto network, the timeout. */
export function usePayoutRules() {
  return useQuery({ queryKey: qk.wallet.payoutRules(), queryFn: () => call(ep.payoutRules, {}), staleTime: 10 * 60_000 });
}

export interface DetailsInput {
  walletId: string;
  paymentDetails: string;
  paymentDetailsType: PaymentDetailsType;
}

/** `savePaymentDetails`: answers the dev wallet with the new masked details. */
export function useSavePaymentDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DetailsInput) => call(ep.savePaymentDetails, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}

/** `withdrawToDetails`: a request from the dev wallet to the saved details. */
export function useWithdrawToDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, walletId, idempotencyKey }: { amount: number; walletId: string; idempotencyKey: string }) =>
      call(ep.withdrawToDetails, { body: { amount, encodedWalletId: walletId }, headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}

/** `exchangeRate`: a rate to show an equivalent with; the screen works without it. */
export function useRate(from: number, to: number, enabled: boolean) {
  return useQuery({
    queryKey: qk.rates(from, to),
    queryFn: () => call(ep.exchangeRate, { params: { from: String(from), to: String(to) } }),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}
