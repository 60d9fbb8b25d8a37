import type { FastifyInstance } from 'fastify';
import { ErrorBody, IdempotencyHeaders, ProcessBody, ProcessedTask, endpoints as ep } from '@zalik/contract';
import type { OrdersDeps } from './deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { invalidateOnWrite } from '../../db/catalogue-cache.js';
import { acceptUploads } from '../../http/multipart-doc.js';
import { escrowRoutes } from './escrow-routes.js';
import { historyRoutes } from './history-routes.js';
import { purchase, purchaseContext } from './purchase.js';
import { toProcessedTask } from './rows.js';
import { purchaseExtras } from './extras.js';

/** Purchases, histories, the developer's queue, delivery, acceptance, revisions, disputes, cancels and refunds. */
export const ordersRoutes = (deps: OrdersDeps): Route[] => [
  route(
    ep.purchase,
    { headers: IdempotencyHeaders, body: ProcessBody, answer: ProcessedTask },
    async (request) => {
      const { order, task } = await purchase(
        purchaseContext(deps, request.log),
        deps.db,
        currentUser(request),
        { taskId: Number(request.body.taskId), arguments: request.body.arguments },
        request.headers['idempotency-key'],
      );
      return toProcessedTask(order, deps.links, currentUser(request), deps.config.explanations.provider !== null, purchaseExtras(task));
    },
    {
      description:
        'Send an `Idempotency-Key` header (8-100 of A-Z a-z 0-9 _ -) per purchase attempt: the same key answers the first ' +
        'result and never charges twice, even when requests race.',
      // A generator that fails answers why.
      also: { 422: ErrorBody },
    },
  ),
  ...historyRoutes(deps),
  ...escrowRoutes(deps),
];

/** Deliveries are uploads; a purchase may take a discount's last use (the catalogue's price lists). */
export async function ordersScope(scope: FastifyInstance, deps: OrdersDeps): Promise<void> {
  await acceptUploads(scope);
  invalidateOnWrite(scope, deps.catalogue, ['discounts']);
}
