import { IdParam, MSG, News, NewsBody, NewsList, NewsPatch, Ok, endpoints as ep } from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { renderJson, sendJson } from './common.js';
import * as q from './content.queries.js';
import { deletedByAdmin } from './audited.js';
import { currentUser } from '../../http/auth.js';

/** The slides as rendered JSON, from the catalogue cache (the route's answer, and the server-rendered first screen's). */
export const newsJson = ({ db, catalogue }: Pick<CoreDeps, 'db' | 'catalogue'>): Promise<Buffer> =>
  catalogue.read('news', ['news'], async () => renderJson(NewsList, await q.listNews(db)));

/** The slides above the subject list. `animation` names a Lottie file the web app ships. */
export const newsRoutes = (deps: CoreDeps): Route[] => {
  const { db } = deps;
  return [
    route(ep.listNews, { answer: NewsList }, async (_request, reply) => sendJson(reply, await newsJson(deps))),

    route(ep.createNews, { body: NewsBody, answer: News }, (request) => q.insertNews(db, request.body)),

    route(ep.updateNews, { params: IdParam, body: NewsPatch, answer: News }, async (request) => {
      const updated = await q.updateNews(db, Number(request.params.id), request.body);
      if (!updated) throw notFound(MSG.newsNotFound);
      return updated;
    }),

    route(ep.deleteNews, { params: IdParam, answer: Ok }, async (request) => {
      const id = Number(request.params.id);
      await deletedByAdmin(db, currentUser(request).telegramId, `news:${id}`, async (tx) => {
        const deleted = await q.deleteNews(tx, id);
        if (!deleted) throw notFound(MSG.newsNotFound);
        return deleted;
      });
      return { ok: true as const };
    }),
  ];
};
