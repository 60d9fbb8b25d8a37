import { endpoint } from '../endpoint.js';
import type { RateAnswer, RateParams } from '../payouts.js';

export const exchangeRate = endpoint<{ params: typeof RateParams; answer: typeof RateAnswer }>({
  method: 'GET', path: '/api/v1/exchange-rates/rate/:from/:to', access: 'user', tag: 'rates',
  summary: "Monobank's rate for a pair of ISO 4217 numeric codes, cached 5 minutes; the last known one (stale) while the bank is down",
});
