import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, MSG } from '@zalik/contract';
import { call } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { haptic } from '../../../telegram/sdk';
import { showError } from '../../../ui';
import { qk } from '../../../api/queryKeys';

const DELETES = { subjects: ep.deleteSubject, teachers: ep.deleteTeacher, tasks: ep.deleteTask };
export type CatalogueKind = keyof typeof DELETES;

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
    mutationFn: ({ kind, id }: { kind: CatalogueKind; id: string }) => call(DELETES[kind], { params: { id } }),
    meta: { silent: true },
    onError: (err) => showError(deleteErrorMessage(err)),
    onSuccess: () => {
      haptic.notification('success');
      return qc.invalidateQueries({ queryKey: qk.catalogue.all });
    },
  });
}
