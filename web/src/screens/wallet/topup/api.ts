import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type DepositProvider } from '@zalik/contract';
import { call } from '../../../api/client';
import { qkDeposits } from '../../../api/depositKeys';

/** How often a waiting request's status is asked for: a payment shows within this after the server has it. */
export const DEPOSIT_POLL_MS = 2000;

/** `depositOptions`: the limits, the presets and each provider (Stars price settings, whether the bank path is automatic). */
export function useDepositOptions() {
  return useQuery({
    queryKey: qkDeposits.options(),
    queryFn: ({ signal }) => call(ep.depositOptions, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `createDepositRequest`: answers the request with its payment link (and the code, for the bank). */
export function useCreateDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; provider: DepositProvider }) => call(ep.createDepositRequest, { body }),
    onSuccess: (request) => {
      qc.setQueryData(qkDeposits.one(request.id), request);
      // The wallet lists waiting top-ups: this one joins them if the sheet is closed unpaid.
      void qc.invalidateQueries({ queryKey: qkDeposits.minePending() });
    },
  });
}

/**
 * `depositRequest`: one request's status, asked again every DEPOSIT_POLL_MS while it is PENDING
 * (the server's word is the only one that says the money arrived). A bank payment that an admin
 * records by hand (`manualBank`) is not waited for.
 */
export function useDepositRequest(id: string, manualBank: boolean) {
  return useQuery({
    queryKey: qkDeposits.one(id),
    queryFn: ({ signal }) => call(ep.depositRequest, { params: { id } }, { signal }),
    refetchInterval: (query) => {
      const r = query.state.data;
      return r?.status === 'PENDING' && !(manualBank && r.provider === 'MONOBANK') ? DEPOSIT_POLL_MS : false;
    },
  });
}
