import { z } from 'zod';
import {
  MSG,
  THREAD_MAX_FILES,
  THREAD_MAX_FILE_BYTES,
  THREAD_TEXT_MAX,
  ThreadHideBody,
  ThreadMessage,
  ThreadMessageParams,
  ThreadPage,
  ThreadParams,
  ThreadQuery,
  ThreadReadAnswer,
  ThreadReadBody,
  ThreadStreamQuery,
  ThreadUnread,
  ORDER_FILE_EXTENSIONS,
  endpoints as ep,
} from '@zalik/contract';
import type { FastifyRequest } from 'fastify';
import { route, type Route } from '../../http/route.js';
import { currentUser } from '../../http/auth.js';
import { binaryFile } from '../../http/multipart-doc.js';
import { badRequest } from '../../lib/errors.js';
import { detectFileType, receiveFiles, removeBlobs, type StoredUpload } from '../files/index.js';
import { unreadTotals } from './queries.js';
import { assertWritable, hide, messageText, postMessage, read, readPage, type ThreadsDeps } from './service.js';
import { openStream, type StreamDeps } from './stream.js';

const MB = 1024 * 1024;

/** A message's parts: `text` and up to 5 `files`, under the same rules as a delivery's files. */
function receiveMessage(request: FastifyRequest, deps: Pick<ThreadsDeps, 'blobs'>) {
  return receiveFiles(request, deps.blobs, {
    fileFields: ['files', 'file'],
    minFiles: 0,
    maxFiles: THREAD_MAX_FILES,
    maxFileBytes: THREAD_MAX_FILE_BYTES,
    // Trimmed later: room for whitespace around 4000 characters.
    textFields: { text: THREAD_TEXT_MAX * 2 },
    messages: {
      required: MSG.threadTextEmpty,
      tooMany: MSG.threadTooManyFiles(THREAD_MAX_FILES),
      tooBig: MSG.threadFileTooBig(THREAD_MAX_FILE_BYTES / MB),
      textTooLong: MSG.threadTextTooLong(THREAD_TEXT_MAX),
    },
    accept: (fileName, bytes) => detectFileType(fileName, bytes) ?? badRequest(MSG.fileTypeUnsupported(fileName, ORDER_FILE_EXTENSIONS)),
  });
}

/** Runs `work` with the stored files; if it refuses, the files go (nothing refers to them). */
async function withFiles<T>(deps: Pick<ThreadsDeps, 'blobs'>, files: StoredUpload[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await removeBlobs(
      deps.blobs,
      files.map((f) => f.blobId),
    );
    throw err;
  }
}

const messageParts = z.object({ text: z.string().max(THREAD_TEXT_MAX).optional(), files: z.array(binaryFile('A file (up to 20 MB)')).max(THREAD_MAX_FILES).optional() });

/** The thread of an order (docs/ENDPOINTS.md "Order threads"): its buyer, the task's developer and admins; anyone else 404. */
export const threadRoutes = (deps: ThreadsDeps & StreamDeps): Route[] => {
  const { db } = deps;
  return [
    route(ep.threadMessages, { params: ThreadParams, query: ThreadQuery, answer: ThreadPage }, (request) =>
      readPage(deps, currentUser(request), Number(request.params.id), {
        before: request.query.before === undefined ? null : Number(request.query.before),
        limit: request.query.limit,
      }),
    ),

    route(
      ep.postThreadMessage,
      { params: ThreadParams, body: 'multipart', answer: ThreadMessage },
      async (request) => {
        const viewer = currentUser(request);
        const orderId = Number(request.params.id);
        // Refuse before reading a byte of the upload: nothing is stored for a refused message.
        const check = await assertWritable(db, orderId, viewer);
        const { files, fields } = await receiveMessage(request, deps);
        return withFiles(deps, files, () => postMessage(deps, viewer, orderId, check, { ...messageText(fields.text, files.length), files }));
      },
      {
        multipartDoc: messageParts,
        description:
          'multipart/form-data: a `text` part (trimmed, up to 4000 characters; may be empty when files come) and up to 5 `files` parts ' +
          '(20 MB each; the types a delivery accepts). Phone and card numbers, e-mails, @usernames and links are masked ' +
          '(`masked: true`). At most 30 messages per person and order in 10 minutes (429); read-only 30 days after the order ends (409).',
      },
    ),

    route(ep.readThread, { params: ThreadParams, body: ThreadReadBody, answer: ThreadReadAnswer }, (request) =>
      read(db, currentUser(request), Number(request.params.id), Number(request.body.upTo)),
    ),

    route(
      ep.threadStream,
      { params: ThreadParams, query: ThreadStreamQuery, answer: 'file' },
      (request, reply) =>
        openStream(
          deps,
          currentUser(request),
          Number(request.params.id),
          { after: request.query.after === undefined ? null : Number(request.query.after), wait: request.query.wait },
          reply,
          request.log,
        ),
      {
        description:
          'text/event-stream. `event: message` (`{type, message}`: a line new since `after`, or hidden since it was sent) and ' +
          '`event: read` (`{type, telegramId, upTo}`: the other side read up to a line); `: ping` comments keep it open. ' +
          'It ends after `wait` seconds (0: once the lines after `after` are sent); the client opens the next one from its last line. ' +
          'Send the bearer token as a header (fetch, not EventSource).',
      },
    ),

    route(ep.hideThreadMessage, { params: ThreadMessageParams, body: ThreadHideBody, answer: ThreadMessage }, (request) =>
      hide(deps, currentUser(request), { orderId: Number(request.params.id), messageId: Number(request.params.messageId), reason: request.body.reason }),
    ),

    route(ep.threadUnread, { answer: ThreadUnread }, (request) => unreadTotals(db, currentUser(request).telegramId)),
  ];
};
