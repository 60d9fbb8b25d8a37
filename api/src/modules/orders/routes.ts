import type { FastifyInstance } from 'fastify';
import { ErrorBody, IdempotencyHeaders, ProcessBody, ProcessedTask, endpoints as ep } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import { invalidateOnWrite } from '../catalogue/cache.js';
import { acceptUploads } from '../files/multipart-doc.js';
import { escrowRoutes } from './escrow-routes.js';
import { historyRoutes } from './history-routes.js';
import { purchase } from './purchase.js';
import { toProcessedTask } from './rows.js';

/** Purchases, histories, the developer's queue, delivery, acceptance, revisions, disputes, cancels and refunds. */
export const ordersRoutes = (deps: AppDeps): Route[] => [
  route(
    ep.purchase,
    { headers: IdempotencyHeaders, body: ProcessBody, answer: ProcessedTask },
    async (request) => {
      const order = await purchase(
        { blobs: deps.blobs, generators: deps.generators, feePercent: deps.config.platformFeePercent, orders: deps.config.orders, jobs: deps.jobs, log: request.log },
        deps.db,
        currentUser(request),
        { taskId: Number(request.body.taskId), arguments: request.body.arguments },
        request.headers['idempotency-key'],
      );
      return toProcessedTask(order, deps.links, currentUser(request));
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
export async function ordersScope(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  await acceptUploads(scope);
  invalidateOnWrite(scope, deps.catalogue, ['discounts']);
}
