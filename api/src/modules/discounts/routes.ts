import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Discount, DiscountBody, ErrorBody, IdInput, TaskDiscount } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { invalidateOnWrite } from '../catalogue/cache.js';
import { createDiscountsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** /api/v1/discounts (admins): GLOBAL and LOCAL discounts of a task. */
export const discountsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const discounts = createDiscountsService(deps.db);
  invalidateOnWrite(app, deps.catalogue, ['discounts']);

  app.post(
    '/discount',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['discounts'],
        summary: 'Sets a discount (upsert per task and type/user); discountValue 0 removes it (204)',
        body: DiscountBody,
        response: { 200: Discount, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const saved = await discounts.set(request.body);
      if (!saved) return reply.status(204).send(null);
      return saved;
    },
  );

  app.get(
    '/task/:taskId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['discounts'],
        summary: "A task's discounts that still have uses left (for the give-discount screen)",
        params: z.object({ taskId: IdInput }),
        response: { 200: z.array(TaskDiscount), ...errors },
      },
    },
    (request) => discounts.listForTask(request.params.taskId),
  );
};
