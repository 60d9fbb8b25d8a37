import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type Task } from '@zalik/contract';
import { tasksOf } from '../../api/catalogue';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';

/**
 * The task to buy when the screen was opened without it in navigation state (a reload, a
 * shared link): `?taskId=` is looked up in `?teacherId=`'s list, or else in the lists of the
 * subject's teachers. There is no single-task call in the API.
 */
export async function findTask(subjectId: string, taskId: string, teacherId?: string): Promise<Task | null> {
  if (teacherId) {
    const found = (await tasksOf(teacherId)).find((t) => t.id === taskId);
    if (found) return found;
  }
  const teachers = await call(ep.teachersOfSubject, { params: { subjectId } });
  for (const teacher of teachers) {
    if (teacher.id === teacherId) continue;
    const found = (await tasksOf(teacher.id)).find((t) => t.id === taskId);
    if (found) return found;
  }
  return null;
}

export function useTaskLookup(subjectId: string, taskId: string | null, teacherId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: qk.catalogue.taskLookup(subjectId, taskId, teacherId),
    queryFn: () => findTask(subjectId, taskId!, teacherId ?? undefined),
    enabled: enabled && !!taskId,
    staleTime: 60_000,
  });
}

export interface PurchaseInput {
  taskId: string;
  arguments: string[];
  idempotencyKey: string;
}

/** `purchase`; the wallet and the history change with it. */
export function usePurchase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, arguments: args, idempotencyKey }: PurchaseInput) =>
      call(ep.purchase, { body: { taskId, arguments: args }, headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: () => {
      // Balances and transaction rows (both under the wallet key), and the purchase history.
      void qc.invalidateQueries({ queryKey: qk.wallet.all });
      void qc.invalidateQueries({ queryKey: qk.history.all });
      // A personal discount may have been used up by this purchase.
      void qc.invalidateQueries({ queryKey: qk.catalogue.tasks() });
    },
  });
}
