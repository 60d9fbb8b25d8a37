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
import type { OrdersDeps } from './deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { cancelOverdue, developerCancel } from './cancel.js';
import { accept, dispute, resolve, revise } from './escrow.js';
import { openDisputes } from './queries.js';
import { purchaseContext } from './purchase.js';
import { sendJsonArray } from '../../http/json-stream.js';
import { reprocess } from './reprocess.js';
import { orderRules, toDispute } from './rows.js';
import { historyItem } from './history-items.js';

/**
 * Disputes read and sent per batch (each with its files and events). Each batch is three
 * round trips, so 50 made a full answer (2 000) 120 statements; at 250 a batch still builds
 * and serializes in a few milliseconds, and its orders' read stays a plain index walk
 * (PostgreSQL turns to a slower parallel plan only for much larger pages).
 */
const DISPUTE_BATCH = 250;

/** Rows by their order, so each dispute takes its own without scanning the whole batch's. */
function byOrder<T extends { order_id: number | string }>(found: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const r of found) {
    const id = Number(r.order_id);
    const list = map.get(id);
    if (list) list.push(r);
    else map.set(id, [r]);
  }
  return map;
}

/** What the buyer, the developer and admins do with an order after the purchase (docs/LEDGER.md "Orders"). */
export const escrowRoutes = (deps: OrdersDeps): Route[] => {
  const { db, links, config } = deps;
  const item = (id: number, request: Parameters<typeof currentUser>[0]) => historyItem(db, links, orderRules(config), id, currentUser(request));
  async function* disputeBatches() {
    for await (const { disputes, files, events } of openDisputes(db, DISPUTE_BATCH)) {
      const filesOf = byOrder(files);
      const eventsOf = byOrder(events);
      yield disputes.map((d) => toDispute(d, filesOf.get(Number(d.id)) ?? [], eventsOf.get(Number(d.id)) ?? [], links));
    }
  }
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
    // Streamed: disputes pile up when admins fall behind, and each carries its whole story.
    route(ep.openDisputes, { answer: DisputeList }, (_request, reply) => sendJsonArray(reply, disputeBatches())),
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
