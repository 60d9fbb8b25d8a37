import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { IDENTIFIER_PAGE_SIZE, endpoints as ep, type Identifier } from '@zalik/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/queryKeys';
import { showError } from '../../../ui';

/** The template library, newest first, a page at a time until the server says it was the last. */
export function useTemplateLibrary() {
  return useInfiniteQuery({
    queryKey: qk.templates.list(),
    queryFn: ({ pageParam, signal }) => call(ep.listIdentifiers, { query: { page: pageParam, limit: IDENTIFIER_PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.last ? undefined : pages.length),
  });
}

/** A change of the library refreshes it and the catalogue (tasks show the entry they use). */
function useLibraryChange<V, R>(send: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: qk.templates.all });
      void qc.invalidateQueries({ queryKey: qk.catalogue.all });
    },
    onError: (err) => showError(err.message),
  });
}

export interface TemplateForm {
  name: string;
  description: string;
  file: File;
}

const formOf = (f: Partial<TemplateForm>) => {
  const form = new FormData();
  if (f.name !== undefined) form.append('name', f.name);
  if (f.description !== undefined) form.append('description', f.description);
  if (f.file) form.append('file', f.file);
  return form;
};

export const useAddTemplate = () => useLibraryChange((f: TemplateForm) => call(ep.createIdentifier, { body: formOf(f) }));
export const useReplaceTemplateFile = () =>
  useLibraryChange(({ id, file }: { id: string; file: File }) => call(ep.updateIdentifier, { params: { id }, body: formOf({ file }) }));
export const useDeleteTemplate = () => useLibraryChange((entry: Identifier) => call(ep.deleteIdentifier, { params: { id: entry.id } }));
