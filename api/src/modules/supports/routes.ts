import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  ErrorBody,
  MSG,
  SUPPORT_MAX_FILE_BYTES,
  SUPPORT_MAX_FILES,
  SUPPORT_MESSAGE_MAX,
  SupportSent,
} from '@zalik/contract';
import type { AppDeps } from '../../app.js';
import { DEFAULT_RATE_LIMITS } from '../../config.js';
import { badRequest } from '../../lib/errors.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { currentUser } from '../../plugins/auth.js';
import { removeBlobs, storeSupportMessage, type StoredFile } from './service.js';
import { detectFileType } from '../files/types.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody };
/** Support messages one user may send per 10 minutes (RATE_LIMIT_SUPPORT overrides it). */
export const SUPPORT_MESSAGES_PER_WINDOW = DEFAULT_RATE_LIMITS.support.max;

/**
 * Reads `message` and up to three `files` parts. Each file (at most 5 MB, the parser stops
 * reading past that) goes to the BlobStore as it arrives; on any refusal the ones already
 * written are removed.
 */
async function readSupportForm(request: FastifyRequest, blobs: BlobStore): Promise<{ message: string; files: StoredFile[] }> {
  const files: StoredFile[] = [];
  let message = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'message') continue;
        if (part.valueTruncated) throw badRequest(MSG.supportMessageTooLong(SUPPORT_MESSAGE_MAX));
        message = String(part.value ?? '');
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MSG.supportFileTooBig);
        throw e;
      }
      // A form with no file chosen still sends an empty part; Telegram cannot send an empty file either.
      if (bytes.length === 0) continue;
      if (files.length === SUPPORT_MAX_FILES) throw badRequest(MSG.supportTooManyFiles);
      const fileName = part.filename || 'file';
      // Any kind of file may go to the support team; what is recorded is the type its bytes
      // show (or a neutral one), never the type the client claimed.
      const mime = detectFileType(fileName, bytes) ?? 'application/octet-stream';
      files.push({ blobId: await blobs.put(bytes), fileName, mime, size: bytes.length });
    }
  } catch (e) {
    await removeBlobs(blobs, files);
    if ((e as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(MSG.supportTooManyFiles);
    throw e;
  }
  return { message, files };
}

/** /api/v1/supports: a message (and files) for the support chat. */
export const supportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Every message lands in the support team's chat: the app-wide limiter (plugins/rate-limit.ts)
  // allows a user SUPPORT_MESSAGES_PER_WINDOW of them per 10 minutes by default.
  // Multipart only in this scope, with the spec's limits; one file more than allowed is let
  // through the parser so the count check can answer with the spec's own message.
  await app.register(multipart, {
    limits: {
      fileSize: SUPPORT_MAX_FILE_BYTES,
      files: SUPPORT_MAX_FILES + 1,
      fields: 4,
      fieldSize: 64 * 1024,
      parts: SUPPORT_MAX_FILES + 5,
    },
  });

  app.post(
    '/sent',
    {
      config: { limit: 'support' },
      bodyLimit: (SUPPORT_MAX_FILES + 1) * SUPPORT_MAX_FILE_BYTES + 1024 * 1024,
      schema: {
        tags: ['supports'],
        summary: 'Sends a support message: multipart `message` plus `files` repeated 0-3 times (5 MB each)',
        consumes: ['multipart/form-data'],
        response: { 200: SupportSent, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.username) throw badRequest(MSG.usernameRequired);
      const { message, files } = await readSupportForm(request, deps.blobs);
      const text = message.trim();
      const refusal = !text ? MSG.supportMessageEmpty : text.length > SUPPORT_MESSAGE_MAX ? MSG.supportMessageTooLong(SUPPORT_MESSAGE_MAX) : null;
      if (refusal) {
        await removeBlobs(deps.blobs, files);
        throw badRequest(refusal);
      }
      const saved = await storeSupportMessage(
        { db: deps.db, blobs: deps.blobs, supportChatId: deps.config.supportChatId },
        { telegramId: user.telegramId, username: user.username },
        text,
        files,
      );
      if (!deps.config.supportChatId) request.log.warn({ id: saved.id }, 'SUPPORT_CHAT_ID is not set: support message stored only');
      return { id: String(saved.id), files: files.length };
    },
  );
};
