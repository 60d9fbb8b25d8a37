import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { IdParam, MSG, News, NewsBody, NewsPatch, Ok } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { row, rows } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { adminOnly, errors, idOut, renderJson, sendJson } from './common.js';

const NewsList = z.array(News);

interface NewsRow {
  id: number;
  title: string;
  text: string;
  animation: string;
}

const toNews = (r: NewsRow): News => ({ id: idOut(r.id), title: r.title, text: r.text, animation: r.animation });

/** /api/v1/news: the slides above the subject list. `animation` names a Lottie file the web app ships. */
export const newsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, catalogue }) => {
  app.get(
    '/',
    { schema: { tags: ['news'], summary: 'News slides in display order', response: { 200: NewsList, ...errors } } },
    async (_request, reply) => {
      const body = await catalogue.read('news', ['news'], async () =>
        renderJson(NewsList, (await rows<NewsRow>(db, sql`SELECT id, title, text, animation FROM news ORDER BY position, id`)).map(toNews)),
      );
      return sendJson(reply, body);
    },
  );

  app.post(
    '/news',
    { config: adminOnly, schema: { tags: ['news'], summary: 'Adds a slide at the end', body: NewsBody, response: { 201: News, ...errors } } },
    async (request, reply) => {
      const { title, text, animation } = request.body;
      const created = await row<NewsRow>(
        db,
        sql`INSERT INTO news (title, text, animation, position)
            VALUES (${title}, ${text}, ${animation}, (SELECT COALESCE(MAX(position), 0) + 1 FROM news))
            RETURNING id, title, text, animation`,
      );
      return reply.status(201).send(toNews(created!));
    },
  );

  app.patch(
    '/:id',
    { config: adminOnly, schema: { tags: ['news'], params: IdParam, body: NewsPatch, response: { 200: News, ...errors } } },
    async (request) => {
      const { title, text, animation } = request.body;
      const updated = await row<NewsRow>(
        db,
        sql`UPDATE news SET title = COALESCE(${title ?? null}::text, title), text = COALESCE(${text ?? null}::text, text),
                            animation = COALESCE(${animation ?? null}::text, animation)
            WHERE id = ${Number(request.params.id)}
            RETURNING id, title, text, animation`,
      );
      if (!updated) throw notFound(MSG.newsNotFound);
      return toNews(updated);
    },
  );

  // News is not referred to by anything, so it is really deleted.
  app.delete(
    '/:id',
    { config: adminOnly, schema: { tags: ['news'], params: IdParam, response: { 200: Ok, ...errors } } },
    async (request) => {
      const deleted = await row(db, sql`DELETE FROM news WHERE id = ${Number(request.params.id)} RETURNING id`);
      if (!deleted) throw notFound(MSG.newsNotFound);
      return { ok: true as const };
    },
  );
};
