import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type BankPayment, type DepositProvider, type DepositStatus } from '@zalik/contract';
import { call } from '../../../api/client';
import { qkDeposits } from '../../../api/depositKeys';
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
      call(ep.depositByAdmin, { body: { userTelegramId, amount }, headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: (wallets, { userTelegramId }) => {
      qc.setQueryData(qk.wallet.wallets(userTelegramId), wallets);
      void qc.invalidateQueries({ queryKey: qk.wallet.transactionsOf(userTelegramId) });
    },
  });
}

/** `withdrawQueue`: pending requests oldest first, with the full card or address to pay by hand. */
export function useWithdrawQueue() {
  return useQuery({ queryKey: qk.wallet.queue(), queryFn: () => call(ep.withdrawQueue, {}) });
}

/** `confirmWithdraw`: SUCCESS after paying; FAILED with the reason the developer will read returns the money. */
export function useConfirmWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { transactionId: string; status: 'SUCCESS' | 'FAILED'; errorMessage?: string }) => call(ep.confirmWithdraw, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}

/** Rows per page of the admin's deposit and bank payment lists. */
export const ADMIN_PAGE_SIZE = 20;
const nextPage = <T,>(last: T[], pages: T[][]) => (last.length < ADMIN_PAGE_SIZE ? undefined : pages.length);

/** `depositRequests` by status and provider ('all': no filter), newest first, page by page. */
export function useDepositRequests(status: DepositStatus | 'all', provider: DepositProvider | 'all') {
  return useInfiniteQuery({
    queryKey: qkDeposits.list(status, provider),
    queryFn: ({ pageParam, signal }) =>
      call(
        ep.depositRequests,
        { query: { page: pageParam, limit: ADMIN_PAGE_SIZE, status: status === 'all' ? undefined : status, provider: provider === 'all' ? undefined : provider } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });
}

/** `refundDepositRequest`: Telegram returns the Stars, the user's wallet gives the top-up back. */
export function useRefundDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(ep.refundDepositRequest, { params: { id } }),
    // Also when Telegram did not answer: the wallet was debited and the refund finishes later.
    onSettled: () => qc.invalidateQueries({ queryKey: qk.wallet.all }),
  });
}

/** `bankPayments` by status, newest first, page by page. */
export function useBankPayments(status: BankPayment['status']) {
  return useInfiniteQuery({
    queryKey: qkDeposits.bankPayments(status),
    queryFn: ({ pageParam, signal }) => call(ep.bankPayments, { query: { page: pageParam, limit: ADMIN_PAGE_SIZE, status } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextPage,
  });
}

/** `creditBankPayment`: an unmatched payment to a user's general wallet, once; answers their wallets. */
export function useCreditBankPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userTelegramId }: { id: string; userTelegramId: string }) => call(ep.creditBankPayment, { params: { id }, body: { userTelegramId } }),
    onSuccess: (wallets, { userTelegramId }) => {
      qc.setQueryData(qk.wallet.wallets(userTelegramId), wallets);
      return qc.invalidateQueries({ queryKey: qk.wallet.all });
    },
  });
}
