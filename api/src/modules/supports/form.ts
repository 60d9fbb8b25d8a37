import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MSG, SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES, SUPPORT_MESSAGE_MAX } from '@zalik/contract';
import { badRequest } from '../../lib/errors.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { detectFileType } from '../files/index.js';
import { removeBlobs, type StoredFile } from './service.js';

/** The largest support form Fastify lets through (the parser's own limits stop each part sooner). */
export const SUPPORT_BODY_LIMIT = (SUPPORT_MAX_FILES + 1) * SUPPORT_MAX_FILE_BYTES + 1024 * 1024;

/**
 * Multipart for the support form, with the spec's limits; one file more than allowed is let
 * through the parser so the count check can answer with the spec's own message.
 */
export async function acceptSupportForm(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: SUPPORT_MAX_FILE_BYTES,
      files: SUPPORT_MAX_FILES + 1,
      fields: 4,
      fieldSize: 64 * 1024,
      parts: SUPPORT_MAX_FILES + 5,
    },
  });
}

/**
 * Reads `message` and up to three `files` parts. Each file (at most 5 MB, the parser stops
 * reading past that) goes to the BlobStore as it arrives; on any refusal, an empty or
 * too long message included, the ones already written are removed.
 */
export async function readSupportForm(request: FastifyRequest, blobs: BlobStore): Promise<{ text: string; files: StoredFile[] }> {
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
      const bytes = await part.toBuffer();
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
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(MSG.supportTooManyFiles);
    // Over a real connection the parser may report the cut file from the next part's read,
    // not from the file's own: both are the same refusal.
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MSG.supportFileTooBig);
    throw e;
  }
  const text = message.trim();
  const refusal = !text ? MSG.supportMessageEmpty : text.length > SUPPORT_MESSAGE_MAX ? MSG.supportMessageTooLong(SUPPORT_MESSAGE_MAX) : null;
  if (refusal) {
    await removeBlobs(blobs, files);
    throw badRequest(refusal);
  }
  return { text, files };
}
