import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { endpoints as ep, type Faq, type News } from '@zalik/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/queryKeys';

/**
 * FAQ entries (support screen) and news slides (tasks tab): the two lists admins write for
 * everyone. The keys are those of the screens that show them, so a change appears there at once.
 */
export interface Resource<T extends Faq | News> {
  key: QueryKey;
  list: () => Promise<T[]>;
  create: (body: Omit<T, 'id'>) => Promise<T>;
  update: (id: string, body: Partial<Omit<T, 'id'>>) => Promise<T>;
  remove: (id: string) => Promise<unknown>;
}

export const FAQ: Resource<Faq> = {
  key: qk.faq(),
  list: () => call(ep.listFaq, {}),
  create: (body) => call(ep.createFaq, { body }),
  update: (id, body) => call(ep.updateFaq, { params: { id }, body }),
  remove: (id) => call(ep.deleteFaq, { params: { id } }),
};

export const NEWS: Resource<News> = {
  key: qk.catalogue.news(),
  list: () => call(ep.listNews, {}),
  create: (body) => call(ep.createNews, { body }),
  update: (id, body) => call(ep.updateNews, { params: { id }, body }),
  remove: (id) => call(ep.deleteNews, { params: { id } }),
};

export function useEntries<T extends Faq | News>(r: Resource<T>) {
  return useQuery({ queryKey: r.key, queryFn: r.list });
}

/** Creates (no id) or updates an entry. */
export function useSaveEntry<T extends Faq | News>(r: Resource<T>) {
  const qc = useQueryClient();
  return useMutation({
    // A new entry comes from a form that fills every field.
    mutationFn: ({ id, ...body }: Omit<T, 'id'> & { id?: string }) => (id ? r.update(id, body as Partial<Omit<T, 'id'>>) : r.create(body as Omit<T, 'id'>)),
    onSuccess: () => qc.invalidateQueries({ queryKey: r.key }),
  });
}

export function useDeleteEntry<T extends Faq | News>(r: Resource<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: r.remove,
    onSuccess: () => qc.invalidateQueries({ queryKey: r.key }),
  });
}
