import type { Page } from '@zalik/contract';

/** One page of a list: `page` from 0, `limit` rows. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** The SQL window that reads one page and one row more, so the answer knows whether it is the last. */
export const windowOf = ({ page, limit }: PageRequest): { limit: number; offset: number } => ({ limit: limit + 1, offset: page * limit });

/** The page from the rows `windowOf` read: `last` when no row beyond it came back. */
export const pageFrom = <T>(found: T[], { limit }: PageRequest): Page<T> => ({ content: found.slice(0, limit), last: found.length <= limit });
