import { z } from 'zod';
import {
  DocumentFields, DocumentPage, DocumentQuery, EXPLANATION_DOCUMENT_DESCRIPTION_MAX, EXPLANATION_DOCUMENT_MAX_BYTES,
  EXPLANATION_DOCUMENT_PAGE_SIZE, ExplanationDocument, IdParam, MSG, Ok, endpoints as ep,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { HttpError, badRequest, notFound } from '../../lib/errors.js';
import { isMissingBlob } from '../../ports/blob-store.js';
import { binaryFile } from '../../http/multipart-doc.js';
import { contentDisposition, receiveOneFile, removeBlobs } from '../files/index.js';
import { Unreadable, extractChunks, kindOf, type DocumentKind } from './extract.js';
import * as dq from './documents.queries.js';

const MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};

/** The kind by name and by first bytes together: a renamed file is refused, not guessed at. */
const toDocument = (r: dq.DocumentRow, publicUrl: string) => ({
  documentId: String(r.id),
  fileName: r.file_name,
  createdAt: new Date(r.created_at).toISOString(),
  description: r.description,
  link: `${publicUrl}/api/v1/rag/document/${r.id}/file`,
  createdBy: { username: r.username ?? '', photo: r.photo ?? '' },
  taskId: r.task_id === null ? null : String(r.task_id),
  subjectId: r.subject_id === null ? null : String(r.subject_id),
  taskTitle: r.task_title,
  subjectName: r.subject_name,
  chunks: Number(r.chunks),
});

/** Explanation documents: admins upload, list and delete what the answers draw on. */
export const documentRoutes = ({ db, blobs, config }: CoreDeps): Route[] => [
  route(ep.explanationDocuments, { query: DocumentQuery, answer: DocumentPage }, async (request) => {
    const page = request.query.page ?? 0;
    const limit = request.query.limit ?? EXPLANATION_DOCUMENT_PAGE_SIZE;
    const found = await dq.documentsPage(db, page, limit);
    return { content: found.slice(0, limit).map((r) => toDocument(r, config.publicUrl)), last: found.length <= limit };
  }),
  route(
    ep.uploadExplanationDocument,
    { body: 'multipart', answer: ExplanationDocument },
    async (request) => {
      const { file, fields } = await receiveOneFile(request, {
        fileFields: ['multipartFile'],
        maxFileBytes: EXPLANATION_DOCUMENT_MAX_BYTES,
        textFields: { description: EXPLANATION_DOCUMENT_DESCRIPTION_MAX * 4, taskId: 20, subjectId: 20 },
        messages: {
          required: MSG.explanationDocumentType,
          tooMany: MSG.explanationDocumentType,
          tooBig: MSG.explanationDocumentTooBig(EXPLANATION_DOCUMENT_MAX_BYTES / 1024 / 1024),
          textTooLong: MSG.explanationDocumentDescription(EXPLANATION_DOCUMENT_DESCRIPTION_MAX),
        },
      });
      const parsed = DocumentFields.safeParse(fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.badRequest);
      const { description, taskId, subjectId } = parsed.data;
      if (taskId && subjectId) throw badRequest(MSG.explanationDocumentTarget);
      if (taskId && !(await dq.taskExists(db, Number(taskId)))) throw notFound(MSG.taskNotFound);
      if (subjectId && !(await dq.subjectExists(db, Number(subjectId)))) throw notFound(MSG.subjectNotFound);
      const kind = kindOf(file.fileName, file.bytes);
      if (!kind) throw new HttpError(415, MSG.explanationDocumentType);
      let chunks: string[];
      try {
        chunks = await extractChunks(kind, file.bytes);
      } catch (err) {
        if (err instanceof Unreadable) {
          request.log.warn({ reason: err.message, fileName: file.fileName }, 'explanation document refused');
          throw badRequest(MSG.explanationDocumentUnreadable);
        }
        throw err;
      }
      if (chunks.length === 0) throw badRequest(MSG.explanationDocumentEmpty);
      const blobId = await blobs.put(file.bytes);
      try {
        const id = await dq.insertDocument(
          db,
          {
            taskId: taskId ? Number(taskId) : null,
            subjectId: subjectId ? Number(subjectId) : null,
            fileName: file.fileName,
            description,
            blobId,
            mime: MIME[kind],
            size: file.bytes.length,
            createdBy: currentUser(request).telegramId,
          },
          chunks,
        );
        return toDocument((await dq.findDocument(db, id))!, config.publicUrl);
      } catch (err) {
        await removeBlobs(blobs, [blobId]);
        throw err;
      }
    },
    {
      bodyLimit: EXPLANATION_DOCUMENT_MAX_BYTES + 64 * 1024,
      multipartDoc: z.object({
        description: z.string(),
        multipartFile: binaryFile('PDF, DOCX or TXT, up to 10 MB'),
        taskId: z.string().optional(),
        subjectId: z.string().optional(),
      }),
    },
  ),
  route(ep.deleteExplanationDocument, { params: IdParam, answer: Ok }, async (request) => {
    const blobId = await dq.deleteDocument(db, Number(request.params.id));
    if (!blobId) throw notFound(MSG.explanationDocumentNotFound);
    await removeBlobs(blobs, [blobId]);
    return { ok: true as const };
  }),
  route(ep.explanationDocumentFile, { params: IdParam, answer: 'file' }, async (request, reply) => {
    const d = await dq.findDocument(db, Number(request.params.id));
    if (!d) throw notFound(MSG.explanationDocumentNotFound);
    try {
      const { stream, size } = await blobs.stream(d.blob_id);
      return reply.header('content-type', d.mime).header('content-length', size).header('content-disposition', contentDisposition(d.file_name)).send(stream);
    } catch (err) {
      if (isMissingBlob(err)) throw notFound(MSG.explanationDocumentNotFound);
      throw err;
    }
  }),
];
