import { RateAnswer, RateParams, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { exchangeRate } from './service.js';

/** Exchange rates for the payout screens (Monobank's public rates, cached in the database). */
export const ratesRoutes = ({ db, config }: CoreDeps): Route[] => [
  route(ep.exchangeRate, { params: RateParams, answer: RateAnswer }, (request) =>
    exchangeRate({ db, apiRoot: config.deposits.monobank.apiRoot, log: request.log }, request.params.from, request.params.to),
  ),
];
