import { CatalogueSearchQuery, CatalogueSearchResults, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { searchCatalogue } from './search.queries.js';

/**
 * The student's search field (issue 29). Read straight from the database, not the catalogue
 * cache: the trigram indexes answer it in milliseconds and a query is seldom repeated.
 */
export const searchRoutes = ({ db }: CoreDeps): Route[] => [
  route(ep.searchCatalogue, { query: CatalogueSearchQuery, answer: CatalogueSearchResults }, (request) =>
    searchCatalogue(db, request.query.q, request.query.limit),
  ),
];
