import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { Faq, FaqBody, FaqPatch, IdParam, MSG, Ok } from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { row, rows } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { adminOnly, errors, idOut } from './common.js';

interface FaqRow {
  id: number;
  question: string;
  answer: string;
}

const toFaq = (r: FaqRow): Faq => ({ id: idOut(r.id), question: r.question, answer: r.answer });

/** /api/v1/faq: questions and answers shown to every user. */
export const faqRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/',
    { schema: { tags: ['faq'], summary: 'Questions in display order', response: { 200: z.array(Faq), ...errors } } },
    async () => (await rows<FaqRow>(db, sql`SELECT id, question, answer FROM faq ORDER BY position, id`)).map(toFaq),
  );

  app.post(
    '/faq',
    { config: adminOnly, schema: { tags: ['faq'], summary: 'Adds a question at the end', body: FaqBody, response: { 201: Faq, ...errors } } },
    async (request, reply) => {
      const { question, answer } = request.body;
      const created = await row<FaqRow>(
        db,
        sql`INSERT INTO faq (question, answer, position)
            VALUES (${question}, ${answer}, (SELECT COALESCE(MAX(position), 0) + 1 FROM faq))
            RETURNING id, question, answer`,
      );
      return reply.status(201).send(toFaq(created!));
    },
  );

  app.patch(
    '/:id',
    { config: adminOnly, schema: { tags: ['faq'], params: IdParam, body: FaqPatch, response: { 200: Faq, ...errors } } },
    async (request) => {
      const { question, answer } = request.body;
      const updated = await row<FaqRow>(
        db,
        sql`UPDATE faq SET question = COALESCE(${question ?? null}::text, question), answer = COALESCE(${answer ?? null}::text, answer)
            WHERE id = ${Number(request.params.id)}
            RETURNING id, question, answer`,
      );
      if (!updated) throw notFound(MSG.faqNotFound);
      return toFaq(updated);
    },
  );

  // Nothing refers to a question, so it is really deleted.
  app.delete(
    '/:id',
    { config: adminOnly, schema: { tags: ['faq'], params: IdParam, response: { 200: Ok, ...errors } } },
    async (request) => {
      const deleted = await row(db, sql`DELETE FROM faq WHERE id = ${Number(request.params.id)} RETURNING id`);
      if (!deleted) throw notFound(MSG.faqNotFound);
      return { ok: true as const };
    },
  );
};
