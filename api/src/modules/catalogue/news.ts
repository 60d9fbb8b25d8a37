import { IdParam, MSG, News, NewsBody, NewsList, NewsPatch, Ok, endpoints as ep } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { renderJson, sendJson } from './common.js';
import * as q from './content.queries.js';

/** The slides as rendered JSON, from the catalogue cache (the route's answer, and the server-rendered first screen's). */
export const newsJson = ({ db, catalogue }: Pick<AppDeps, 'db' | 'catalogue'>): Promise<Buffer> =>
  catalogue.read('news', ['news'], async () => renderJson(NewsList, await q.listNews(db)));

/** The slides above the subject list. `animation` names a Lottie file the web app ships. */
export const newsRoutes = (deps: AppDeps): Route[] => {
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
      if (!(await q.deleteNews(db, Number(request.params.id)))) throw notFound(MSG.newsNotFound);
      return { ok: true as const };
    }),
  ];
};
