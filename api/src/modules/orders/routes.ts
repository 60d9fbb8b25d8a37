import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, IdempotencyKey, ProcessBody, ProcessedTask } from '@zalik/contract';
import type { AppDeps } from '../../app.js';
import { currentUser } from '../../plugins/auth.js';
import { createFileLinks, type FileLinks } from '../files/signing.js';
import { filesRoutes } from '../files/routes.js';
import { templateRoutes } from '../generators/routes.js';
import { historyRoutes } from './history-routes.js';
import { purchase } from './purchase.js';
import { toProcessedTask } from './read.js';
import { invalidateOnWrite } from '../catalogue/cache.js';

export type OrdersDeps = AppDeps & { links: FileLinks };

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** Purchases (POST /tasks/process), histories, developer deliveries, templates and file downloads under /api/v1. */
export const ordersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Multipart only in this scope (deliveries, templates); each route passes its own limits.
  await app.register(multipart, { limits: { files: 1, fileSize: 1024 * 1024, fields: 5, parts: 10 } });

  // A purchase may take a discount's last use, a template upload flips a task's hasTemplate.
  invalidateOnWrite(app, deps.catalogue, ['discounts', 'task_templates']);

  const links = createFileLinks(deps.config.jwtSecret, deps.config.publicUrl);
  // Named one by one: `deps` also carries this plugin's own options (its prefix), which the
  // child plugins must not inherit a second time.
  const { config, database, db, tokens, users, blobs, generators, templateChecker, catalogue, jobs, bot, dispose } = deps;
  const ordersDeps: OrdersDeps = { config, database, db, tokens, users, blobs, generators, templateChecker, catalogue, jobs, bot, dispose, links };

  app.post(
    '/tasks/process',
    {
      config: { limit: 'purchase' },
      schema: {
        tags: ['orders'],
        summary: 'Buy a task: an auto-generated one answers with its file, a manual one becomes an order in progress',
        description:
          'Send an `Idempotency-Key` header (8-100 of A-Z a-z 0-9 _ -) per purchase attempt: the same key answers the first ' +
          'result and never charges twice, even when requests race.',
        headers: z.looseObject({ 'idempotency-key': IdempotencyKey.optional() }),
        body: ProcessBody,
        response: { 200: ProcessedTask, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const order = await purchase(
        { blobs: deps.blobs, generators: deps.generators, feePercent: deps.config.platformFeePercent, log: request.log },
        deps.db,
        user,
        { taskId: Number(request.body.taskId), arguments: request.body.arguments },
        request.headers['idempotency-key'],
      );
      return toProcessedTask(order, links);
    },
  );

  await app.register(historyRoutes, ordersDeps);
  await app.register(templateRoutes, ordersDeps);
  await app.register(filesRoutes, ordersDeps);
};
