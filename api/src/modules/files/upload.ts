import type { FastifyRequest } from 'fastify';
import { MSG } from '@zalik/contract';
import type { BlobStore } from '../../ports/blob-store.js';
import { HttpError, badRequest } from '../../lib/errors.js';
import { safeFileName } from './names.js';

export interface StoredUpload {
  blobId: string;
  fileName: string;
  mime: string;
  size: number;
}

export interface UploadRules {
  /** Names of the file parts accepted (the contract's is `file`). */
  fileFields: string[];
  minFiles: number;
  maxFiles: number;
  maxFileBytes: number;
  /** Text parts accepted, with their longest length in characters; others are ignored. */
  textFields: Record<string, number>;
  messages: { required: string; tooMany: string; tooBig: string; textTooLong: string };
}

/**
 * Walks a multipart request part by part under busboy limits, handing each file to `onFile`
 * as soon as it has fully arrived, so at most one file is held in memory at a time.
 * Limit errors become the rules' Ukrainian messages.
 */
async function readParts(
  request: FastifyRequest,
  rules: UploadRules,
  onFile: (fileName: string, bytes: Buffer) => Promise<void>,
): Promise<{ fileCount: number; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(415, MSG.badContentType);
  const fields: Record<string, string> = {};
  const textCount = Object.keys(rules.textFields).length;
  let fileCount = 0;
  try {
    const parts = request.parts({
      limits: {
        files: rules.maxFiles,
        fileSize: rules.maxFileBytes,
        fields: textCount + 5,
        parts: rules.maxFiles + textCount + 10,
        fieldSize: Math.max(1, ...Object.values(rules.textFields)) * 4 + 16,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const max = rules.textFields[part.fieldname];
        if (max === undefined) continue;
        const value = String(part.value ?? '');
        if (part.valueTruncated || value.length > max) throw badRequest(rules.messages.textTooLong);
        fields[part.fieldname] = value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (!rules.fileFields.includes(part.fieldname)) throw badRequest(MSG.badRequest);
      if (bytes.length > rules.maxFileBytes) throw new HttpError(413, rules.messages.tooBig);
      fileCount++;
      await onFile(safeFileName(part.filename || 'file'), bytes);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, rules.messages.tooMany);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, rules.messages.tooBig);
    if (code === 'FST_FIELDS_LIMIT') throw badRequest(MSG.badRequest);
    throw err;
  }
  if (fileCount < rules.minFiles) throw badRequest(rules.messages.required);
  return { fileCount, fields };
}

/**
 * Stores each accepted file in the BlobStore as it arrives. If anything is refused, every
 * blob this request stored is removed before the error goes out: a refused upload leaves
 * nothing behind. The caller owns the blobs once this returns (and removes them if its own
 * transaction fails).
 */
export async function receiveFiles(
  request: FastifyRequest,
  blobs: BlobStore,
  rules: UploadRules & { accept(fileName: string, bytes: Buffer): string | HttpError },
): Promise<{ files: StoredUpload[]; fields: Record<string, string> }> {
  const files: StoredUpload[] = [];
  try {
    const { fields } = await readParts(request, rules, async (fileName, bytes) => {
      const mime = rules.accept(fileName, bytes);
      if (mime instanceof HttpError) throw mime;
      files.push({ blobId: await blobs.put(bytes), fileName, mime, size: bytes.length });
    });
    return { files, fields };
  } catch (err) {
    await removeBlobs(blobs, files.map((f) => f.blobId));
    throw err;
  }
}

/** One file kept in memory (small uploads such as a template, checked before it is stored). */
export async function receiveOneFile(request: FastifyRequest, rules: Omit<UploadRules, 'minFiles' | 'maxFiles'>) {
  let file: { fileName: string; bytes: Buffer } | undefined;
  const { fields } = await readParts(request, { ...rules, minFiles: 1, maxFiles: 1 }, async (fileName, bytes) => {
    file = { fileName, bytes };
  });
  return { file: file!, fields };
}

/** At most one file kept in memory, and the text parts (a form whose file is optional). */
export async function receiveOptionalFile(request: FastifyRequest, rules: Omit<UploadRules, 'minFiles' | 'maxFiles'>) {
  let file: { fileName: string; bytes: Buffer } | undefined;
  const { fields } = await readParts(request, { ...rules, minFiles: 0, maxFiles: 1 }, async (fileName, bytes) => {
    file = { fileName, bytes };
  });
  return { file, fields };
}

/** Best effort: a blob left behind only costs disk, never money or correctness. */
export async function removeBlobs(blobs: BlobStore, ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => blobs.remove(id).catch(() => undefined)));
}
