import {
  DeveloperCancelBody,
  DisputeBody,
  DisputeList,
  HistoryItem,
  OrderIdParam,
  ReprocessBody,
  ResolveBody,
  RevisionBody,
  endpoints as ep,
} from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import { cancelOverdue, developerCancel } from './cancel.js';
import { accept, dispute, resolve, revise } from './escrow.js';
import { openDisputes } from './queries.js';
import { reprocess } from './reprocess.js';
import { toDispute } from './rows.js';
import { historyItem } from './history-items.js';

/** What the buyer, the developer and admins do with an order after the purchase (docs/LEDGER.md "Orders"). */
export const escrowRoutes = (deps: AppDeps): Route[] => {
  const { db, links, config } = deps;
  const item = (id: number, request: Parameters<typeof currentUser>[0]) => historyItem(db, links, config.orders, id, currentUser(request));
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).telegramId;
  return [
    route(ep.acceptOrder, { params: OrderIdParam, answer: HistoryItem }, async (request) => {
      const id = Number(request.params.id);
      await accept(deps, id, me(request));
      return item(id, request);
    }),
    route(ep.reviseOrder, { params: OrderIdParam, body: RevisionBody, answer: HistoryItem }, async (request) => {
      const id = Number(request.params.id);
      await revise(deps, id, me(request), request.body.comment);
      return item(id, request);
    }),
    route(ep.disputeOrder, { params: OrderIdParam, body: DisputeBody, answer: HistoryItem }, async (request) => {
      const id = Number(request.params.id);
      await dispute(deps, id, me(request), request.body.reason);
      return item(id, request);
    }),
    route(ep.cancelOverdueOrder, { params: OrderIdParam, answer: HistoryItem }, async (request) => {
      const id = Number(request.params.id);
      await cancelOverdue(deps, id, me(request));
      return item(id, request);
    }),
    route(ep.developerCancelOrder, { body: DeveloperCancelBody, answer: HistoryItem }, async (request) => {
      const id = Number(request.body.id);
      await developerCancel(deps, id, me(request), request.body.reason);
      return item(id, request);
    }),
    route(ep.openDisputes, { answer: DisputeList }, async () => {
      const { disputes, files, events } = await openDisputes(db);
      return disputes.map((d) => toDispute(d, files, events, links));
    }),
    route(ep.resolveDispute, { params: OrderIdParam, body: ResolveBody, answer: HistoryItem }, async (request) => {
      const id = Number(request.params.id);
      await resolve(deps, id, me(request), request.body.outcome);
      return item(id, request);
    }),
    route(ep.reprocessOrder, { params: OrderIdParam, body: ReprocessBody, answer: HistoryItem }, async (request) => {
      const id = Number(request.params.id);
      const ctx = { blobs: deps.blobs, generators: deps.generators, feePercent: config.platformFeePercent, orders: config.orders, jobs: deps.jobs, log: request.log };
      await reprocess(ctx, db, me(request), id, request.body.arguments);
      return item(id, request);
    }),
  ];
};
