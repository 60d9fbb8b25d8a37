import {
  DepositOptions, DepositRequest, DepositRequestBody, DepositRequestList, DepositRequestQuery, IdParam, MSG, endpoints as ep,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../http/auth.js';
import { depositById, listDeposits } from './queries.js';
import { refundDeposit } from './refund.js';
import { createDeposit, depositOptions, toDepositRequest } from './service.js';

/** Top-ups that credit themselves: deposit requests (docs/LEDGER.md "Deposits"). */
export const depositsRoutes = (deps: CoreDeps): Route[] => {
  const { db, config } = deps;
  return [
    route(ep.depositOptions, { answer: DepositOptions }, () => depositOptions(config, deps.stars)),

    route(ep.createDepositRequest, { body: DepositRequestBody, answer: DepositRequest }, (request) =>
      createDeposit(deps, currentUser(request).telegramId, request.body.amount, request.body.provider),
    ),

    route(ep.depositRequest, { params: IdParam, answer: DepositRequest }, async (request) => {
      const me = currentUser(request);
      const found = await depositById(db, Number(request.params.id));
      // Someone else's request reads as missing: its existence is not the caller's business.
      if (!found || (!me.isAdmin && Number(found.user_id) !== me.telegramId)) throw notFound(MSG.depositNotFound);
      return toDepositRequest(found);
    }),

    route(ep.myDepositRequests, { query: DepositRequestQuery, answer: DepositRequestList }, async (request) =>
      (await listDeposits(db, { ...request.query, userId: currentUser(request).telegramId })).map(toDepositRequest),
    ),

    route(ep.depositRequests, { query: DepositRequestQuery, answer: DepositRequestList }, async (request) =>
      (await listDeposits(db, request.query)).map(toDepositRequest),
    ),

    route(ep.refundDepositRequest, { params: IdParam, answer: DepositRequest }, (request) =>
      refundDeposit(deps, Number(request.params.id), currentUser(request).telegramId),
    ),
  ];
};
