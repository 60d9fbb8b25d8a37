import { sql } from 'drizzle-orm';
import type { Faq, News } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';
import { idOut } from './common.js';

// News slides and FAQ entries: ordered lists nothing else refers to, so deletes are real.

interface NewsRow {
  id: number;
  title: string;
  text: string;
  animation: string;
}

interface FaqRow {
  id: number;
  question: string;
  answer: string;
}

const toNews = (r: NewsRow): News => ({ id: idOut(r.id), title: r.title, text: r.text, animation: r.animation });
const toFaq = (r: FaqRow): Faq => ({ id: idOut(r.id), question: r.question, answer: r.answer });

export const listNews = async (ex: Executor): Promise<News[]> =>
  (await rows<NewsRow>(ex, sql`SELECT id, title, text, animation FROM news ORDER BY position, id`)).map(toNews);

/** Appends a slide at the end. */
export async function insertNews(ex: Executor, n: Omit<News, 'id'>): Promise<News> {
  const created = await row<NewsRow>(
    ex,
    sql`INSERT INTO news (title, text, animation, position)
        VALUES (${n.title}, ${n.text}, ${n.animation}, (SELECT COALESCE(MAX(position), 0) + 1 FROM news))
        RETURNING id, title, text, animation`,
  );
  return toNews(created!);
}

/** Changes the given fields; undefined if there is no such slide. */
export async function updateNews(ex: Executor, id: number, n: Partial<Omit<News, 'id'>>): Promise<News | undefined> {
  const updated = await row<NewsRow>(
    ex,
    sql`UPDATE news SET title = COALESCE(${n.title ?? null}::text, title), text = COALESCE(${n.text ?? null}::text, text),
                        animation = COALESCE(${n.animation ?? null}::text, animation)
        WHERE id = ${id}
        RETURNING id, title, text, animation`,
  );
  return updated && toNews(updated);
}

/** Deletes a slide; answers what it was, or nothing when there was none. */
export const deleteNews = (ex: Executor, id: number) => row<{ title: string }>(ex, sql`DELETE FROM news WHERE id = ${id} RETURNING title`);

export const listFaq = async (ex: Executor): Promise<Faq[]> =>
  (await rows<FaqRow>(ex, sql`SELECT id, question, answer FROM faq ORDER BY position, id`)).map(toFaq);

/** A new question goes after the last one. */
const nextFaqPosition = sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM faq)`;

/** Appends a question at the end. */
export async function insertFaq(ex: Executor, f: Omit<Faq, 'id'>): Promise<Faq> {
  const created = await row<FaqRow>(
    ex,
    sql`INSERT INTO faq (question, answer, position)
        VALUES (${f.question}, ${f.answer}, ${nextFaqPosition})
        RETURNING id, question, answer`,
  );
  return toFaq(created!);
}

/** Changes the given fields; undefined if there is no such question. */
export async function updateFaq(ex: Executor, id: number, f: Partial<Omit<Faq, 'id'>>): Promise<Faq | undefined> {
  const updated = await row<FaqRow>(
    ex,
    sql`UPDATE faq SET question = COALESCE(${f.question ?? null}::text, question), answer = COALESCE(${f.answer ?? null}::text, answer)
        WHERE id = ${id}
        RETURNING id, question, answer`,
  );
  return updated && toFaq(updated);
}

/** Deletes a question; answers what it was, or nothing when there was none. */
export const deleteFaq = (ex: Executor, id: number) => row<{ question: string }>(ex, sql`DELETE FROM faq WHERE id = ${id} RETURNING question`);

/**
 * Appends, in the given order, the entries whose question the FAQ does not hold yet (an admin's
 * edited answer stays); answers how many were added. Locks the table's writers out meanwhile, so
 * two runs cannot both find a question missing.
 */
export async function addMissingFaq(ex: Executor, entries: readonly Omit<Faq, 'id'>[]): Promise<number> {
  await ex.execute(sql`LOCK TABLE faq IN SHARE ROW EXCLUSIVE MODE`);
  let added = 0;
  for (const f of entries) {
    const created = await row(
      ex,
      sql`INSERT INTO faq (question, answer, position)
          SELECT ${f.question}, ${f.answer}, ${nextFaqPosition}
          WHERE NOT EXISTS (SELECT 1 FROM faq WHERE question = ${f.question})
          RETURNING id`,
    );
    if (created) added++;
  }
  return added;
}
