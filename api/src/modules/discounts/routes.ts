import { z } from 'zod';
import {
  ClientDiscountPage, DISCOUNT_PAGE_SIZE, DiscountBulkBody, DiscountBulkResult, DiscountList, DiscountListItem, DiscountListQuery, DiscountPatch,
  DiscountSetAnswer, DiscountSetBody, DiscountUpdateBody, IdParam, Ok, PageQuery, TaskDiscountList, TaskIdParam, endpoints as ep, type DiscountType,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import {
  clientDiscountsNow, discountsForTask, getDiscount, listDiscountsNow, removeDiscount, setClientDiscounts, setDiscount, setDiscounts, updateClientDiscount,
  updateDiscount,
} from './service.js';
import { pageFrom, windowOf } from '../../lib/page.js';
import { route, type Route } from '../../http/route.js';
import { sendJsonArray } from '../../http/json-stream.js';
import { currentUser } from '../../http/auth.js';

/** The newest client's list of one type: a page `{content, last}` (newest first). */
const clientList = (db: Pick<CoreDeps, 'db'>['db'], type: DiscountType) => async (request: { query: { page?: number; limit?: number } }) => {
  const page = { page: request.query.page ?? 0, limit: request.query.limit ?? DISCOUNT_PAGE_SIZE };
  return pageFrom(await clientDiscountsNow(db, type, windowOf(page)), page);
};

/** GLOBAL and LOCAL discounts (admins): set one, set many, list, edit, delete. */
export const discountsRoutes = ({ db }: Pick<CoreDeps, 'db'>): Route[] => [
  route(
    ep.setDiscount,
    { body: DiscountSetBody, answer: DiscountSetAnswer },
    async (request, reply) => {
      if (request.body.shape === 'new') return setClientDiscounts(db, request.body.body, currentUser(request).telegramId);
      const saved = await setDiscount(db, request.body.body, currentUser(request).telegramId);
      if (!saved) return reply.status(204).send(null);
      return saved;
    },
    { also: { 204: z.null() } },
  ),
  route(ep.putDiscount, { body: DiscountUpdateBody, answer: DiscountListItem }, (request) => updateClientDiscount(db, request.body, currentUser(request).telegramId)),
  route(ep.globalDiscounts, { query: PageQuery, answer: ClientDiscountPage }, clientList(db, 'GLOBAL')),
  route(ep.localDiscounts, { query: PageQuery, answer: ClientDiscountPage }, clientList(db, 'LOCAL')),
  route(ep.discountsOfTask, { params: TaskIdParam, answer: TaskDiscountList }, (request, reply) =>
    sendJsonArray(reply, discountsForTask(db, request.params.taskId)),
  ),
  route(ep.listDiscounts, { query: DiscountListQuery, answer: DiscountList }, (request) => listDiscountsNow(db, request.query)),
  route(ep.getDiscount, { params: IdParam, answer: DiscountListItem }, (request) => getDiscount(db, Number(request.params.id))),
  route(ep.updateDiscount, { params: IdParam, body: DiscountPatch, answer: DiscountListItem }, (request) =>
    updateDiscount(db, Number(request.params.id), request.body, currentUser(request).telegramId),
  ),
  route(ep.deleteDiscount, { params: IdParam, answer: Ok }, async (request) => {
    await removeDiscount(db, Number(request.params.id), currentUser(request).telegramId);
    return { ok: true as const };
  }),
  route(ep.bulkDiscounts, { body: DiscountBulkBody, answer: DiscountBulkResult }, (request) => setDiscounts(db, request.body, currentUser(request).telegramId)),
];
