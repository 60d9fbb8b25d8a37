import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Faq, News } from '@zalik/contract';
import { api } from '../../../api/client';
import { qk } from '../../../api/queryKeys';

/**
 * FAQ entries (support screen) and news slides (tasks tab): the two lists admins write for
 * everyone. The keys are those of the screens that show them, so a change appears there at once.
 */
export interface Resource {
  key: QueryKey;
  list: string;
  create: string;
  one: (id: string) => string;
}

export const FAQ: Resource = {
  key: qk.faq(),
  list: '/api/v1/faq/',
  create: '/api/v1/faq/faq',
  one: (id) => `/api/v1/faq/${encodeURIComponent(id)}`,
};

export const NEWS: Resource = {
  key: qk.catalogue.news(),
  list: '/api/v1/news/',
  create: '/api/v1/news/news',
  one: (id) => `/api/v1/news/${encodeURIComponent(id)}`,
};

export function useEntries<T extends Faq | News>(r: Resource) {
  return useQuery({ queryKey: r.key, queryFn: () => api.get<T[]>(r.list) });
}

/** Creates (no id) or updates an entry. */
export function useSaveEntry<T extends Faq | News>(r: Resource) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<T> & { id?: string }) => (id ? api.patch<T>(r.one(id), body) : api.post<T>(r.create, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: r.key }),
  });
}

export function useDeleteEntry(r: Resource) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(r.one(id)),
    onSuccess: () => qc.invalidateQueries({ queryKey: r.key }),
  });
}
