import { sql } from 'drizzle-orm';
import { KYIV_DAY_START } from '../../db/kyiv.js';
import { row, rows, type Db, type Executor } from '../../db/client.js';


export interface SessionOrder {
  id: number;
  buyerId: number;
  taskId: number;
  status: string;
  autoGenerate: boolean;
  taskTitle: string;
  subjectName: string;
  arguments: string[];
}

interface OrderRow {
  id: number | string;
  buyer_id: number | string;
  task_id: number | string;
  status: string;
  auto_generate: boolean;
  task_title: string;
  subject_name: string;
  arguments: string[] | string;
}

const toSessionOrder = (r: OrderRow): SessionOrder => ({
  id: Number(r.id),
  buyerId: Number(r.buyer_id),
  taskId: Number(r.task_id),
  status: r.status,
  autoGenerate: r.auto_generate,
  taskTitle: r.task_title,
  subjectName: r.subject_name,
  arguments: typeof r.arguments === 'string' ? (JSON.parse(r.arguments) as string[]) : r.arguments,
});

/**
 * The order behind a session. `lock`: its row is locked until the transaction ends, so two
 * questions to one order count the day's questions one after the other.
 */
export async function sessionOrder(ex: Executor, orderId: number, lock = false): Promise<SessionOrder | null> {
  const r = await row<OrderRow>(
    ex,
    sql`SELECT id, buyer_id, task_id, status, auto_generate, task_title, subject_name, arguments
        FROM orders WHERE id = ${orderId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return r ? toSessionOrder(r) : null;
}

export type QuestionStatus = 'PENDING' | 'ANSWERED' | 'REFUNDED';

export interface Question {
  id: number;
  orderId: number;
  userId: number;
  question: string;
  answer: string | null;
  status: QuestionStatus;
  price: number;
  failure: string | null;
}

interface QuestionRow {
  id: number | string;
  order_id: number | string;
  user_id: number | string;
  question: string;
  answer: string | null;
  status: QuestionStatus;
  price: number | string;
  failure: string | null;
}

const toQuestion = (r: QuestionRow): Question => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  userId: Number(r.user_id),
  question: r.question,
  answer: r.answer,
  status: r.status,
  price: Number(r.price),
  failure: r.failure,
});

const QUESTION_COLUMNS = sql`id, order_id, user_id, question, answer, status, price, failure`;

export async function questionByKey(ex: Executor, userId: number, key: string): Promise<Question | null> {
  const r = await row<QuestionRow>(ex, sql`SELECT ${QUESTION_COLUMNS} FROM explanation_questions WHERE user_id = ${userId} AND idempotency_key = ${key}`);
  return r ? toQuestion(r) : null;
}

/** Questions asked to this order since midnight in Kyiv, refunded ones left out. */
export async function questionsToday(ex: Executor, orderId: number): Promise<number> {
  const r = await row<{ n: number | string }>(
    ex,
    sql`SELECT count(*) AS n FROM explanation_questions
        WHERE order_id = ${orderId} AND status <> 'REFUNDED' AND created_at >= ${KYIV_DAY_START}`,
  );
  return Number(r?.n ?? 0);
}

/** Tokens all answers used since midnight in Kyiv. */
export async function tokensToday(ex: Executor): Promise<number> {
  const r = await row<{ n: number | string | null }>(
    ex,
    sql`SELECT COALESCE(sum(total_tokens), 0) AS n FROM explanation_questions WHERE created_at >= ${KYIV_DAY_START}`,
  );
  return Number(r?.n ?? 0);
}

export async function insertQuestion(ex: Executor, q: { orderId: number; userId: number; key: string; question: string; price: number }): Promise<number> {
  const r = await row<{ id: number | string }>(
    ex,
    sql`INSERT INTO explanation_questions (order_id, user_id, idempotency_key, question, price)
        VALUES (${q.orderId}, ${q.userId}, ${q.key}, ${q.question}, ${q.price}) RETURNING id`,
  );
  return Number(r!.id);
}

export interface Usage {
  prompt: number;
  completion: number;
  total: number;
  estimated: boolean;
}

/** Stores the answer of a question still PENDING; false when it is not (the recovery job refunded it meanwhile). */
export async function markAnswered(ex: Executor, id: number, answer: string, model: string, usage: Usage): Promise<boolean> {
  const r = await row<{ id: number }>(
    ex,
    sql`UPDATE explanation_questions
        SET status = 'ANSWERED', answer = ${answer}, model = ${model}, prompt_tokens = ${usage.prompt},
            completion_tokens = ${usage.completion}, total_tokens = ${usage.total}, usage_estimated = ${usage.estimated}, finished_at = now()
        WHERE id = ${id} AND status = 'PENDING' RETURNING id`,
  );
  return r !== undefined;
}

/** PENDING -> REFUNDED, once: the caller posts the refund only when this answers the question. */
export async function markRefunded(ex: Executor, id: number, failure: string): Promise<Question | null> {
  const r = await row<QuestionRow>(
    ex,
    sql`UPDATE explanation_questions SET status = 'REFUNDED', failure = ${failure}, finished_at = now()
        WHERE id = ${id} AND status = 'PENDING' RETURNING ${QUESTION_COLUMNS}`,
  );
  return r ? toQuestion(r) : null;
}

/** Questions still PENDING long after any answer could have come (their process died), for the recovery job. */
export async function staleQuestionIds(ex: Executor, olderThanMs: number, limit: number): Promise<number[]> {
  const found = await rows<{ id: number | string }>(
    ex,
    sql`SELECT id FROM explanation_questions
        WHERE status = 'PENDING' AND created_at < now() - make_interval(secs => ${olderThanMs / 1000}::double precision)
        ORDER BY created_at LIMIT ${limit}`,
  );
  return found.map((r) => Number(r.id));
}

/** A session's answered questions, oldest first; `last` keeps only the latest few (the prompt's turns). */
export async function answered(ex: Executor, orderId: number, last?: number): Promise<{ question: string; answer: string }[]> {
  const found = await rows<{ question: string; answer: string }>(
    ex,
    last === undefined
      ? sql`SELECT question, answer FROM explanation_questions WHERE order_id = ${orderId} AND status = 'ANSWERED' ORDER BY created_at, id`
      : sql`SELECT * FROM (SELECT question, answer, created_at, id FROM explanation_questions
              WHERE order_id = ${orderId} AND status = 'ANSWERED' ORDER BY created_at DESC, id DESC LIMIT ${last}) t
            ORDER BY created_at, id`,
  );
  return found.map((r) => ({ question: r.question, answer: r.answer }));
}

export interface TaskContext {
  title: string;
  description: string;
  subjectId: number;
  subjectName: string;
  argumentNames: string[];
}

export async function taskContext(ex: Executor, taskId: number): Promise<TaskContext | null> {
  const r = await row<{ title: string; description: string; subject_id: number | string; subject_name: string; argument_names: string[] | null }>(
    ex,
    sql`SELECT t.title, t.description, s.id AS subject_id, s.name AS subject_name,
               (SELECT array_agg(a.name ORDER BY ta.position) FROM task_arguments ta JOIN arguments a ON a.id = ta.argument_id
                WHERE ta.task_id = t.id) AS argument_names
        FROM tasks t JOIN teachers te ON te.id = t.teacher_id JOIN subjects s ON s.id = te.subject_id
        WHERE t.id = ${taskId}`,
  );
  return r
    ? { title: r.title, description: r.description, subjectId: Number(r.subject_id), subjectName: r.subject_name, argumentNames: r.argument_names ?? [] }
    : null;
}

export interface FoundChunk {
  /** The admin's document, or the order's own file, it comes from. */
  source: 'document' | 'order';
  fileName: string;
  content: string;
}

/**
 * The best pieces for a question: of the documents this order may draw on (its task's, its
 * subject's, and those attached to neither) and of the order's own files, ranked together.
 */
export async function searchChunks(ex: Executor, scope: { taskId: number; subjectId: number; orderId: number }, query: string, limit: number): Promise<FoundChunk[]> {
  if (!query) return [];
  const found = await rows<{ source: 'document' | 'order'; file_name: string; content: string }>(
    ex,
    sql`SELECT source, file_name, content FROM (
          SELECT 'document' AS source, d.file_name, c.content, ts_rank_cd(c.tsv, q) AS rank, c.id
          FROM explanation_chunks c JOIN explanation_documents d ON d.id = c.document_id, to_tsquery('simple', ${query}) q
          WHERE c.tsv @@ q
            AND (d.task_id = ${scope.taskId} OR d.subject_id = ${scope.subjectId} OR (d.task_id IS NULL AND d.subject_id IS NULL))
          UNION ALL
          SELECT 'order', f.file_name, c.content, ts_rank_cd(c.tsv, q), c.id
          FROM order_file_chunks c JOIN order_files f ON f.id = c.order_file_id, to_tsquery('simple', ${query}) q
          WHERE c.order_id = ${scope.orderId} AND c.tsv @@ q
        ) found
        ORDER BY rank DESC, source DESC, id
        LIMIT ${limit}`,
  );
  return found.map((r) => ({ source: r.source, fileName: r.file_name, content: r.content }));
}

export interface UnreadFile {
  id: number;
  blobId: string;
  fileName: string;
  size: number;
}

/** The order's files whose text was never read (at most `limit`, in their order). */
export async function unreadOrderFiles(ex: Executor, orderId: number, limit: number): Promise<UnreadFile[]> {
  const found = await rows<{ id: number | string; blob_id: string; file_name: string; size: number | string }>(
    ex,
    sql`SELECT f.id, f.blob_id, f.file_name, f.size FROM order_files f LEFT JOIN order_file_texts t ON t.order_file_id = f.id
        WHERE f.order_id = ${orderId} AND t.order_file_id IS NULL ORDER BY f.position, f.id LIMIT ${limit}`,
  );
  return found.map((r) => ({ id: Number(r.id), blobId: r.blob_id, fileName: r.file_name, size: Number(r.size) }));
}

/**
 * Stores what one file gave, once: of two questions reading it at the same time, the first to
 * commit writes its pieces and the other writes nothing. A file replaced meanwhile is skipped.
 */
export async function storeOrderFileText(db: Db, orderId: number, fileId: number, read: { chunks: string[] } | { failure: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const first = await row(
      tx,
      sql`INSERT INTO order_file_texts (order_file_id, order_id, failure)
          SELECT id, order_id, ${'failure' in read ? read.failure : null} FROM order_files WHERE id = ${fileId} AND order_id = ${orderId}
          ON CONFLICT (order_file_id) DO NOTHING RETURNING order_file_id`,
    );
    if (!first || !('chunks' in read) || read.chunks.length === 0) return;
    const values = read.chunks.map((content, position) => sql`(${fileId}, ${orderId}, ${position}, ${content})`);
    await tx.execute(sql`INSERT INTO order_file_chunks (order_file_id, order_id, position, content) VALUES ${sql.join(values, sql`, `)}`);
  });
}
