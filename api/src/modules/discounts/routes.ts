import { z } from 'zod';
import {
  Discount, DiscountBody, DiscountBulkBody, DiscountBulkResult, DiscountList, DiscountListItem, DiscountListQuery, DiscountPatch, IdParam, Ok,
  TaskDiscountList, TaskIdParam, endpoints as ep,
} from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';

/** GLOBAL and LOCAL discounts (admins): set one, set many, list, edit, delete. */
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
  route(ep.listDiscounts, { query: DiscountListQuery, answer: DiscountList }, (request) => discounts.list(request.query)),
  route(ep.getDiscount, { params: IdParam, answer: DiscountListItem }, (request) => discounts.get(Number(request.params.id))),
  route(ep.updateDiscount, { params: IdParam, body: DiscountPatch, answer: DiscountListItem }, (request) =>
    discounts.update(Number(request.params.id), request.body),
  ),
  route(ep.deleteDiscount, { params: IdParam, answer: Ok }, async (request) => {
    await discounts.remove(Number(request.params.id));
    return { ok: true as const };
  }),
  route(ep.bulkDiscounts, { body: DiscountBulkBody, answer: DiscountBulkResult }, (request) => discounts.bulk(request.body)),
];
