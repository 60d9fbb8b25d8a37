import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@zalik/contract';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { haptic } from '../../../telegram/sdk';
import { showError } from '../../../ui';
import { qk } from '../../../api/queryKeys';

export type CatalogueKind = 'subjects' | 'teachers' | 'tasks';

function hasServerMessage(body: unknown): boolean {
  return !!body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string';
}

/** The banner text for a failed delete: the server's message, else the spec's fallback (section 8). */
export function deleteErrorMessage(err: unknown): string {
  if (err instanceof ApiError && (err.status === 0 || hasServerMessage(err.body))) return err.message;
  return MSG.fallbackDelete;
}

/** Admin delete of a subject, teacher or task; the catalogue is refetched after it. */
export function useDeleteCatalogue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: CatalogueKind; id: string }) => api.delete<unknown>(`/api/v1/${kind}/${encodeURIComponent(id)}`),
    meta: { silent: true },
    onError: (err) => showError(deleteErrorMessage(err)),
    onSuccess: () => {
      haptic.notification('success');
      return qc.invalidateQueries({ queryKey: qk.catalogue.all });
    },
  });
}
