import { Faq, FaqBody, FaqList, FaqPatch, IdParam, MSG, Ok, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import * as q from './content.queries.js';
import { deletedByAdmin } from './audited.js';
import { currentUser } from '../../http/auth.js';

/** Questions and answers shown to every user. */
export const faqRoutes = ({ db }: CoreDeps): Route[] => [
  route(ep.listFaq, { answer: FaqList }, () => q.listFaq(db)),

  route(ep.createFaq, { body: FaqBody, answer: Faq }, (request) => q.insertFaq(db, request.body)),

  route(ep.updateFaq, { params: IdParam, body: FaqPatch, answer: Faq }, async (request) => {
    const updated = await q.updateFaq(db, Number(request.params.id), request.body);
    if (!updated) throw notFound(MSG.faqNotFound);
    return updated;
  }),

  route(ep.deleteFaq, { params: IdParam, answer: Ok }, async (request) => {
    const id = Number(request.params.id);
    await deletedByAdmin(db, currentUser(request).telegramId, `faq:${id}`, async (tx) => {
      const deleted = await q.deleteFaq(tx, id);
      if (!deleted) throw notFound(MSG.faqNotFound);
      return deleted;
    });
    return { ok: true as const };
  }),
];
