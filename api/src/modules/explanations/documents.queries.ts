import { sql } from 'drizzle-orm';
import { row, rows, type Executor } from '../../db/client.js';

export interface DocumentRow {
  id: number | string;
  task_id: number | string | null;
  subject_id: number | string | null;
  file_name: string;
  description: string;
  blob_id: string;
  mime: string;
  created_at: Date | string;
  username: string | null;
  photo: string | null;
  chunks: number | string;
  task_title: string | null;
  subject_name: string | null;
}

/** A document attached to a task names the task's subject too (through its teacher), as it is now. */
const SELECT_DOCUMENT = sql`SELECT d.id, d.task_id, d.subject_id, d.file_name, d.description, d.blob_id::text AS blob_id, d.mime, d.created_at,
                                   u.username, u.photo, (SELECT count(*) FROM explanation_chunks c WHERE c.document_id = d.id) AS chunks,
                                   t.title AS task_title, s.name AS subject_name
                            FROM explanation_documents d LEFT JOIN users u ON u.telegram_id = d.created_by
                            LEFT JOIN tasks t ON t.id = d.task_id
                            LEFT JOIN teachers te ON te.id = t.teacher_id
                            LEFT JOIN subjects s ON s.id = COALESCE(d.subject_id, te.subject_id)`;

/** A page of documents, newest first, with one row more than asked so the caller knows whether it is the last. */
export async function documentsPage(ex: Executor, page: number, limit: number): Promise<DocumentRow[]> {
  return rows<DocumentRow>(ex, sql`${SELECT_DOCUMENT} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit + 1} OFFSET ${page * limit}`);
}

export async function findDocument(ex: Executor, id: number): Promise<DocumentRow | undefined> {
  return row<DocumentRow>(ex, sql`${SELECT_DOCUMENT} WHERE d.id = ${id}`);
}

export async function taskExists(ex: Executor, id: number): Promise<boolean> {
  return (await row(ex, sql`SELECT 1 FROM tasks WHERE id = ${id} AND deleted_at IS NULL`)) !== undefined;
}

export async function subjectExists(ex: Executor, id: number): Promise<boolean> {
  return (await row(ex, sql`SELECT 1 FROM subjects WHERE id = ${id} AND deleted_at IS NULL`)) !== undefined;
}

/** The document and its chunks, in one statement. */
export async function insertDocument(
  ex: Executor,
  d: { taskId: number | null; subjectId: number | null; fileName: string; description: string; blobId: string; mime: string; size: number; createdBy: number },
  chunks: string[],
): Promise<number> {
  const r = await row<{ id: number | string }>(
    ex,
    sql`WITH d AS (
          INSERT INTO explanation_documents (task_id, subject_id, file_name, description, blob_id, mime, size, created_by)
          VALUES (${d.taskId}, ${d.subjectId}, ${d.fileName}, ${d.description}, ${d.blobId}::uuid, ${d.mime}, ${d.size}, ${d.createdBy})
          RETURNING id
        ), c AS (
          INSERT INTO explanation_chunks (document_id, position, content)
          SELECT d.id, t.ord, t.value FROM d, jsonb_array_elements_text(${JSON.stringify(chunks)}::jsonb) WITH ORDINALITY AS t(value, ord)
        )
        SELECT id FROM d`,
  );
  return Number(r!.id);
}

/** Deletes a document and its chunks; answers its blob for removal (the sweep removes it otherwise). */
export async function deleteDocument(ex: Executor, id: number): Promise<string | null> {
  const r = await row<{ blob_id: string }>(ex, sql`DELETE FROM explanation_documents WHERE id = ${id} RETURNING blob_id::text AS blob_id`);
  return r?.blob_id ?? null;
}

/**
 * Makes a document one task's (the newest client's task form picks it): it then draws on that
 * task's orders only and shows as the task's `document`. Answers false when it does not exist.
 */
export async function setTaskDocument(tx: Executor, taskId: number, documentId: number): Promise<boolean> {
  return Boolean(await row(tx, sql`UPDATE explanation_documents SET task_id = ${taskId}, subject_id = NULL WHERE id = ${documentId} RETURNING id`));
}
