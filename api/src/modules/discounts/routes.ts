import { z } from 'zod';
import { Discount, DiscountBody, TaskDiscountList, TaskIdParam, endpoints as ep } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';

/** GLOBAL and LOCAL discounts of a task (admins). */
export const discountsRoutes = ({ discounts }: AppDeps): Route[] => [
  route(
    ep.setDiscount,
    { body: DiscountBody, answer: Discount },
    async (request, reply) => {
      const saved = await discounts.set(request.body);
      if (!saved) return reply.status(204).send(null);
      return saved;
    },
    { also: { 204: z.null() } },
  ),
  route(ep.discountsOfTask, { params: TaskIdParam, answer: TaskDiscountList }, (request) => discounts.listForTask(request.params.taskId)),
];
