import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints as ep } from '@zalik/contract';
import { call } from '../../../api/client';
import { baseKeys } from '../../../api/baseKeys';

/**
 * The student's search (`GET /search`). The previous answer stays on screen while the next one
 * loads, so typing another letter does not blank the results; a minute fresh, as a repeated
 * query within one visit asks nothing new.
 */
export function useCatalogueSearch(q: string) {
  return useQuery({
    queryKey: baseKeys.catalogue.search(q),
    queryFn: ({ signal }) => call(ep.searchCatalogue, { query: { q } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
