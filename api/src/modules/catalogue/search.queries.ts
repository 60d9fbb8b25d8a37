import { sql, type SQL } from 'drizzle-orm';
import { foldSearch, type CatalogueSearchResults } from '@zalik/contract';
import { rows, type Db, type Executor } from '../../db/client.js';
import { likeLiteral, searchWords } from '../../db/search.js';
import { idOut } from './common.js';

/**
 * How close a misspelt query must come to a word of a name (pg_trgm's word similarity, 0-1).
 * The default 0.6 misses one wrong letter in a six-letter word ("фізіка" is 0.43 from
 * "фізика"); below 0.4 short queries start matching unrelated words.
 */
export const WORD_SIMILARITY = 0.4;

/** Whether the name in `column` starts with `literal` (a LIKE-escaped text) or has a word that does. */
const startsAWord = (column: SQL, literal: string): SQL => sql`(${column} LIKE ${`${literal}%`} OR ${column} LIKE ${`% ${literal}%`})`;

/**
 * Up to four passes over `folded`, a column holding `search_fold` of the name, each run only
 * while the ones before found fewer than `limit`:
 * 1. where the name has a C-collated prefix index (`prefixIndexed`, the tasks' titles, migration
 *    0072): names starting with the query, in that index's order. A student types the start of a
 *    title ("лабораторна", "курсова") and thousands of tasks start so: the index hands over the
 *    first `limit` and stops, where ranking every match cost a scan and a sort (12.6 → 0.2 ms on
 *    20 000 tasks, docs/PERFORMANCE.md);
 * 2. names holding the query (any case, any apostrophe; the trigram GIN index of migration 0062),
 *    those starting with it or with a word starting with it first, then shorter ones;
 * 3. where the caller can correct the query's words (`words`, tasks only): names holding every
 *    one of them, ranked as in 2 by the first. A typo in a word the catalogue uses, or words not
 *    side by side ("лабараторна оптики" for "Лабораторна робота з оптики"), is answered by the
 *    trigram GIN index ANDing the words (11 ms on 20 000 tasks where the GiST walk below took
 *    29-86 ms);
 * 4. names a stretch of whose words is close to the query (`<%`: typos, words out of order),
 *    closest first. It computes a similarity per candidate, which a query spelt right never has
 *    to pay for. Where a name has a GiST trigram index (`byIndex`, the tasks' titles, migration
 *    0071), it is ordered by the word-similarity distance alone (`<<->`), which that index hands
 *    over closest first, so it stops after `limit` names instead of ranking every one near the
 *    query: a typo on 20 000 tasks, 114 → 29 ms; ties in distance keep the index's order.
 * Lists 2, 3 and 4 break ties by `tie`.
 */
async function passes<R>(
  ex: Executor,
  column: SQL,
  q: string,
  limit: number,
  order: { tie: SQL; byIndex?: boolean; prefixIndexed?: SQL; words?: () => Promise<string[]> },
  select: (where: SQL, order: SQL, limit: number) => SQL,
): Promise<R[]> {
  const literal = likeLiteral(q);
  const found: R[] = [];
  let seen = sql`FALSE`;
  const run = async (where: SQL, by: SQL) => {
    if (found.length < limit) found.push(...(await rows<R>(ex, select(sql`${where} AND NOT (${seen})`, by, limit - found.length))));
    seen = sql`${seen} OR ${where}`;
  };
  if (order.prefixIndexed) await run(sql`(${column} COLLATE "C") LIKE ${`${literal}%`}`, order.prefixIndexed);
  const contains = sql`${column} LIKE ${`%${literal}%`}`;
  await run(contains, sql`${startsAWord(column, literal)} DESC, char_length(${column}), ${order.tie}`);
  const words = order.words && found.length < limit ? await order.words() : [];
  if (words.length > 1 || (words.length === 1 && words[0] !== q)) {
    const every = sql.join(words.map((w) => sql`${column} LIKE ${`%${likeLiteral(w)}%`}`), sql` AND `);
    await run(every, sql`${startsAWord(column, likeLiteral(words[0]!))} DESC, char_length(${column}), ${order.tie}`);
  }
  const distance = sql`${q} <<-> ${column}`;
  await run(sql`${q} <% ${column}`, order.byIndex ? distance : sql`${distance}, ${order.tie}`);
  return found;
}

interface SubjectRow {
  id: number;
  name: string;
  course_number: number;
}
interface TeacherRow extends SubjectRow {
  subject_id: number;
  subject_name: string;
}
interface TaskRow {
  id: number;
  title: string;
  type: 'REGULAR' | 'TEST';
  price: number;
  teacher_id: number;
  teacher_name: string;
  subject_id: number;
  subject_name: string;
  course_number: number;
}

async function subjects(ex: Executor, q: string, limit: number) {
  const found = await passes<SubjectRow>(
    ex,
    sql`s.search_name`,
    q,
    limit,
    { tie: sql`s.course_number, s.name, s.id` },
    (where, order, n) => sql`SELECT s.id, s.name, s.course_number FROM subjects s
        WHERE s.deleted_at IS NULL AND ${where}
        ORDER BY ${order} LIMIT ${n}`,
  );
  return found.map((r) => ({ id: idOut(r.id), name: r.name, courseNumber: Number(r.course_number) }));
}

async function teachers(ex: Executor, q: string, limit: number) {
  const found = await passes<TeacherRow>(
    ex,
    sql`te.search_name`,
    q,
    limit,
    { tie: sql`s.course_number, te.name, te.id` },
    (where, order, n) => sql`SELECT te.id, te.name, te.subject_id, s.name AS subject_name, s.course_number
        FROM teachers te JOIN subjects s ON s.id = te.subject_id
        WHERE te.deleted_at IS NULL AND s.deleted_at IS NULL AND ${where}
        ORDER BY ${order} LIMIT ${n}`,
  );
  return found.map((r) => ({
    id: idOut(r.id),
    name: r.name,
    subjectId: idOut(r.subject_id),
    subjectName: r.subject_name,
    courseNumber: Number(r.course_number),
  }));
}

/**
 * The query's words as the tasks' titles spell them (table `title_words`, migration 0076): a word
 * some title word starts with is kept (it is being typed), else the title word most similar to
 * it (pg_trgm's similarity over the threshold, closest first), else it stays as typed. A word
 * with a digit is never replaced: "№1740" is a number the student means, and the numbered titles'
 * numbers would all be "similar" to it.
 */
async function correctedWords(ex: Executor, q: string): Promise<string[]> {
  const words = searchWords(q);
  if (words.length === 0) return [];
  const typed = sql.join(words.map((w) => sql`${w}`), sql`, `);
  const found = await rows<{ w: string }>(
    ex,
    sql`SELECT COALESCE(
          (SELECT x.w FROM title_words v WHERE v.word >= x.w AND v.word < x.w || chr(1114111) LIMIT 1),
          (SELECT v.word FROM title_words v WHERE x.w !~ '[0-9]' AND v.word % x.w ORDER BY v.word <-> x.w LIMIT 1),
          x.w) AS w
        FROM unnest(ARRAY[${typed}]::text[]) WITH ORDINALITY AS u(typed, i), LATERAL (SELECT u.typed COLLATE "C" AS w) x
        ORDER BY u.i`,
  );
  return [...new Set(found.map((r) => r.w))];
}

async function tasks(ex: Executor, q: string, limit: number) {
  const found = await passes<TaskRow>(
    ex,
    sql`t.search_title`,
    q,
    limit,
    {
      tie: sql`t.title, t.id`,
      byIndex: true,
      prefixIndexed: sql`(t.search_title COLLATE "C"), t.id`,
      words: () => correctedWords(ex, q),
    },
    (where, order, n) => sql`SELECT t.id, t.title, t.type, t.price, t.teacher_id, te.name AS teacher_name, s.id AS subject_id, s.name AS subject_name, s.course_number
        FROM tasks t JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id
        WHERE t.visible AND t.deleted_at IS NULL AND te.deleted_at IS NULL AND s.deleted_at IS NULL AND ${where}
        ORDER BY ${order} LIMIT ${n}`,
  );
  return found.map((r) => ({
    id: idOut(r.id),
    title: r.title,
    type: r.type,
    price: Number(r.price),
    teacherId: idOut(r.teacher_id),
    teacherName: r.teacher_name,
    subjectId: idOut(r.subject_id),
    subjectName: r.subject_name,
    courseNumber: Number(r.course_number),
  }));
}

/**
 * The student's search over the live catalogue of every course: subjects, teachers and visible
 * tasks, `limit` of each. One transaction, so the similarity threshold is set for these
 * statements only (a pooled connection keeps no setting of ours).
 */
export async function searchCatalogue(db: Db, text: string, limit: number): Promise<CatalogueSearchResults> {
  const q = foldSearch(text);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true),
                 set_config('pg_trgm.similarity_threshold', ${String(WORD_SIMILARITY)}, true)`,
    );
    return { subjects: await subjects(tx, q, limit), teachers: await teachers(tx, q, limit), tasks: await tasks(tx, q, limit) };
  });
}
