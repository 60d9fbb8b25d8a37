import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { DISPUTE_PAGE_SIZE, endpoints as ep, type Dispute, type DisputeOutcome, type Page } from '@zalik/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/queryKeys';

/**
 * `openDisputes` (admins): open disputes, oldest first, with everything needed to decide them,
 * DISPUTE_PAGE_SIZE at a time until a page says it is the last. Each next page starts after the
 * last dispute of the page before it (the server keeps where it ended), so disputes decided in
 * between do not make it skip one.
 */
export function useDisputes() {
  return useInfiniteQuery({
    queryKey: qk.history.disputes(),
    queryFn: ({ pageParam, signal }) => call(ep.openDisputes, { query: { page: pageParam, limit: DISPUTE_PAGE_SIZE } }, { signal }).then(pageOf),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.last ? undefined : pages.length),
  });
}

/** The answer to a request that named `page`: always a page, typed as one. */
const pageOf = (answer: Dispute[] | Page<Dispute>): Page<Dispute> => (Array.isArray(answer) ? { content: answer, last: answer.length < DISPUTE_PAGE_SIZE } : answer);

/**
 * `resolveDispute`: RELEASE pays the developer, REFUND returns the money to the buyer. The dispute
 * leaves the loaded pages at once (the cards below move up by one, nothing else moves), then the
 * lists are read again.
 */
export function useResolveDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: DisputeOutcome }) => call(ep.resolveDispute, { params: { id }, body: { outcome } }),
    onSuccess: (_answer, { id }) => {
      qc.setQueryData<InfiniteData<Page<Dispute>, number>>(qk.history.disputes(), (data) =>
        data && { ...data, pages: data.pages.map((p) => ({ ...p, content: p.content.filter((d) => d.id !== id) })) },
      );
      void qc.invalidateQueries({ queryKey: qk.history.all });
      void qc.invalidateQueries({ queryKey: qk.wallet.all });
    },
  });
}
