import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type DisputeOutcome } from '@zalik/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/queryKeys';

/** `openDisputes` (admins): open disputes, oldest first, with everything needed to decide them. */
export function useDisputes() {
  return useQuery({ queryKey: qk.history.disputes(), queryFn: ({ signal }) => call(ep.openDisputes, {}, { signal }) });
}

/** `resolveDispute`: RELEASE pays the developer, REFUND returns the money to the buyer; the dispute leaves the list. */
export function useResolveDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: DisputeOutcome }) => call(ep.resolveDispute, { params: { id }, body: { outcome } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.history.all });
      void qc.invalidateQueries({ queryKey: qk.wallet.all });
    },
  });
}
