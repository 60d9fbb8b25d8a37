import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, DISCOUNT_PAGE_SIZE, rowsOf, type DiscountType } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';
import { userSearchQuery } from '../../lib/userSearch';

export type TypeFilter = DiscountType | 'ALL';

/** The admin discount list, DISCOUNT_PAGE_SIZE at a time; a page shorter than that is the last. */
export function useDiscounts(type: TypeFilter, search: string) {
  return useInfiniteQuery({
    queryKey: qk.discounts.list(type, search),
    queryFn: ({ pageParam, signal }) =>
      call(
        ep.listDiscounts,
        { query: { page: pageParam, limit: DISCOUNT_PAGE_SIZE, type: type === 'ALL' ? undefined : type, search: search || undefined } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < DISCOUNT_PAGE_SIZE ? undefined : pages.length),
    // Typing a search keeps the rows on screen until the new ones come.
    placeholderData: (prev) => prev,
  });
}

export function useDiscount(id: string) {
  return useQuery({ queryKey: qk.discounts.one(id), queryFn: () => call(ep.getDiscount, { params: { id } }), enabled: Boolean(id), meta: { silent: true } });
}

/** After any change: the lists, and every price the catalogue shows. */
function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: qk.discounts.all }), qc.invalidateQueries({ queryKey: qk.catalogue.all })]);
}

export interface DiscountChange {
  discountValue?: number;
  availableValue?: number | null;
  validFrom?: string | null;
  validTo?: string | null;
}

export function useUpdateDiscount(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: DiscountChange) => call(ep.updateDiscount, { params: { id }, body }), onSuccess: refresh });
}

export function useDeleteDiscount() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => call(ep.deleteDiscount, { params: { id } }), onSuccess: refresh });
}

export interface BulkBody {
  type: DiscountType;
  discountValue: number;
  availableValue: number | null;
  taskIds: string[];
  telegramIds: string[];
  validFrom: string | null;
  validTo: string | null;
}

export function useBulkDiscounts() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: BulkBody) => call(ep.bulkDiscounts, { body }), onSuccess: refresh });
}

/** Rows a picker shows for what was typed: a few, so the rest of the form stays in reach; typing narrows them. */
const PICK_LIMIT = 6;

/** Tasks of the catalogue whose title holds `title` (the first rows, by title). */
export function useTaskPicks(title: string) {
  return useQuery({
    queryKey: qk.catalogue.taskSearch(title),
    queryFn: () => call(ep.searchTasks, { query: { title, limit: PICK_LIMIT } }),
    placeholderData: (prev) => prev,
  });
}

/** Users by Telegram ID prefix or username (the first rows, newest first). */
export function useUserPicks(text: string) {
  return useQuery({
    queryKey: qk.users.search(`pick:${text}`),
    queryFn: () => call(ep.searchUsers, { query: { ...userSearchQuery(text), limit: PICK_LIMIT } }).then(rowsOf),
    placeholderData: (prev) => prev,
  });
}
