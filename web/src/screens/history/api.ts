import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints as ep, rowsOf, type HistoryItem, type HistoryType, type MyReview } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/** `historyOfUser`: every purchase of this kind (`type`), newest first (self or admin). */
export function useUserHistory(telegramId: string, type: HistoryType = 'ALL') {
  return useQuery({
    queryKey: qk.history.userOfType(telegramId, type),
    queryFn: () => call(ep.historyOfUser, { params: { telegramId }, query: type === 'ALL' ? {} : { type } }).then(rowsOf),
    enabled: !!telegramId,
  });
}

/**
 * Every action on an order answers the order as it is now: it takes its place in the list at
 * once (no refetch flash), then the list and the balances are read again in the background.
 */
function settled(qc: QueryClient, telegramId: string, item: HistoryItem): void {
  qc.setQueriesData<HistoryItem[]>({ queryKey: qk.history.user(telegramId) }, (list) => list?.map((o) => (o.id === item.id ? item : o)));
  void qc.invalidateQueries({ queryKey: qk.history.user(telegramId) });
  void qc.invalidateQueries({ queryKey: qk.wallet.all });
}

function useOrderMutation<V>(telegramId: string, send: (vars: V) => Promise<HistoryItem>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (item) => settled(qc, telegramId, item) });
}

/** The buyer accepts a delivery: the money goes to the developer. */
export const useAcceptOrder = (telegramId: string) => useOrderMutation(telegramId, (id: string) => call(ep.acceptOrder, { params: { id } }));

/** The buyer asks for a revision with a comment: back in progress with a new deadline. */
export const useReviseOrder = (telegramId: string) =>
  useOrderMutation(telegramId, ({ id, comment }: { id: string; comment: string }) => call(ep.reviseOrder, { params: { id }, body: { comment } }));

/** The buyer opens a dispute: the money waits for an admin's decision. */
export const useDisputeOrder = (telegramId: string) =>
  useOrderMutation(telegramId, ({ id, reason }: { id: string; reason: string }) => call(ep.disputeOrder, { params: { id }, body: { reason } }));

/** The buyer cancels an overdue, undelivered order: the whole price comes back. */
export const useCancelOverdue = (telegramId: string) => useOrderMutation(telegramId, (id: string) => call(ep.cancelOverdueOrder, { params: { id } }));

/** The buyer regenerates an auto-generated order once with corrected values: the new file replaces the old. */
export const useReprocessOrder = (telegramId: string) =>
  useOrderMutation(telegramId, ({ id, values }: { id: string; values: string[] }) =>
    call(ep.reprocessOrder, { params: { id }, body: { arguments: values } }),
  );

/** Admin: cancel an order that is not closed yet; the escrowed money goes back to the buyer. */
export const useRefundOrder = (telegramId: string) => useOrderMutation(telegramId, (id: string) => call(ep.refundOrder, { params: { id } }));

/** Admin: replace a delivered order's files (one `file` part each); the buyer gets them from the bot. */
export const useReplaceFiles = (telegramId: string) =>
  useOrderMutation(telegramId, ({ id, files }: { id: string; files: File[] }) => {
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    return call(ep.replaceOrderFiles, { params: { id }, body: form });
  });

/**
 * The buyer's review of an order, written or changed: it takes its place in the order's card at
 * once; the task lists (their rating) and every list of reviews are read again.
 */
export function useSaveReview(telegramId: string, editing: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rating, text }: { id: string; rating: number; text: string }) =>
      call(editing ? ep.editReview : ep.createReview, { params: { id }, body: { rating, text } }),
    onSuccess: (review: MyReview, { id }) => {
      qc.setQueryData<HistoryItem[]>(qk.history.user(telegramId), (list) => list?.map((o) => (o.id === id ? { ...o, review, reviewUntil: null } : o)));
      void qc.invalidateQueries({ queryKey: qk.history.user(telegramId) });
      void qc.invalidateQueries({ queryKey: qk.catalogue.tasks() });
      void qc.invalidateQueries({ queryKey: qk.reviews.all });
    },
  });
}
