import { Faq, FaqBody, FaqList, FaqPatch, IdParam, MSG, Ok, endpoints as ep } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import * as q from './content.queries.js';

/** Questions and answers shown to every user. */
export const faqRoutes = ({ db }: AppDeps): Route[] => [
  route(ep.listFaq, { answer: FaqList }, () => q.listFaq(db)),

  route(ep.createFaq, { body: FaqBody, answer: Faq }, (request) => q.insertFaq(db, request.body)),

  route(ep.updateFaq, { params: IdParam, body: FaqPatch, answer: Faq }, async (request) => {
    const updated = await q.updateFaq(db, Number(request.params.id), request.body);
    if (!updated) throw notFound(MSG.faqNotFound);
    return updated;
  }),

  route(ep.deleteFaq, { params: IdParam, answer: Ok }, async (request) => {
    if (!(await q.deleteFaq(db, Number(request.params.id)))) throw notFound(MSG.faqNotFound);
    return { ok: true as const };
  }),
];
