import {
  DeveloperCancelBody,
  DISPUTE_PAGE_SIZE,
  DisputeBody,
  DisputeListOrPage,
  DisputesQuery,
  HistoryItem,
  OrderIdParam,
  ReprocessBody,
  ResolveBody,
  RevisionBody,
  asksForPage,
  endpoints as ep,
} from '@zalik/contract';
import type { OrdersDeps } from './deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { cancelOverdue, developerCancel } from './cancel.js';
import { accept, dispute, resolve, revise } from './escrow.js';
import type { DisputeKey } from './queries.js';
import { allDisputes, disputePage } from './disputes.js';
import { createPageKeys } from '../../lib/page-keys.js';
import { purchaseContext } from './purchase.js';
import { sendJsonArray } from '../../http/json-stream.js';
import { reprocess } from './reprocess.js';
import { orderRules } from './rows.js';
import { historyItem } from './history-items.js';

/** What the buyer, the developer and admins do with an order after the purchase (docs/LEDGER.md "Orders"). */
export const escrowRoutes = (deps: OrdersDeps): Route[] => {
  const { db, links, config } = deps;
  const item = (id: number, request: Parameters<typeof currentUser>[0]) => historyItem(db, links, orderRules(config), id, currentUser(request));
  // Where each admin's pages of open disputes ended (one instance per app: keys name this database's rows).
  const disputePages = createPageKeys<DisputeKey>('disputes', deps.pageEnds);
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
    route(ep.openDisputes, { query: DisputesQuery, answer: DisputeListOrPage }, async (request, reply) => {
      if (asksForPage(request.query)) {
        const page = { page: request.query.page ?? 0, limit: request.query.limit ?? DISPUTE_PAGE_SIZE };
        return disputePage(deps, me(request), page, disputePages);
      }
      // Without page or limit the whole list, as before paging: streamed, since disputes pile up
      // when admins fall behind and each carries its whole story (http/json-stream.ts).
      return sendJsonArray(reply, allDisputes(deps));
    }),
    route(ep.resolveDispute, { params: OrderIdParam, body: ResolveBody, answer: HistoryItem }, async (request) => {
      const id = Number(request.params.id);
      await resolve(deps, id, me(request), request.body.outcome);
      return item(id, request);
    }),
    route(ep.reprocessOrder, { params: OrderIdParam, body: ReprocessBody, answer: HistoryItem }, async (request) => {
      const id = Number(request.params.id);
      await reprocess(purchaseContext(deps, request.log), db, me(request), id, request.body?.arguments ?? null);
      return item(id, request);
    }),
  ];
};
