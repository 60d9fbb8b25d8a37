import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { Unreadable, extractChunks, kindOf } from './extract.js';
import { storeOrderFileText, unreadOrderFiles } from './queries.js';

/** An order keeps at most a few files; a delivery's limit is 5. */
const FILES_PER_READ = 5;
/** Larger files are not read (a delivery's own limit is 20 MB). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Reads the text of the order's files that were never read (the generated DOCX, a developer's
 * delivery, a revision's new files) into pieces the search finds, once per file. It runs before
 * a question's answer, off the API's thread (the same worker and limits as admins' documents),
 * so the first question after a delivery waits for it and the later ones do not. It never fails
 * a question: a file that gives no text is recorded as such, and anything else only logged.
 */
export async function readOrderFiles(deps: { db: Db; blobs: BlobStore }, orderId: number, log: FastifyBaseLogger): Promise<void> {
  let files;
  try {
    files = await unreadOrderFiles(deps.db, orderId, FILES_PER_READ);
  } catch (err) {
    log.warn({ err, orderId }, 'could not list the order files to read');
    return;
  }
  for (const f of files) {
    try {
      const read = await readOne(deps.blobs, f);
      await storeOrderFileText(deps.db, orderId, f.id, read);
    } catch (err) {
      // Not recorded: a blob store or database hiccup is tried again at the next question.
      log.warn({ err, orderId, orderFileId: f.id }, 'could not read an order file for the tutor');
    }
  }
}

async function readOne(blobs: BlobStore, f: { blobId: string; fileName: string; size: number }): Promise<{ chunks: string[] } | { failure: string }> {
  if (f.size > MAX_FILE_BYTES) return { failure: 'too large' };
  const bytes = await blobs.get(f.blobId);
  const kind = kindOf(f.fileName, bytes);
  if (!kind) return { failure: 'not a document' };
  try {
    const chunks = await extractChunks(kind, bytes);
    return chunks.length ? { chunks } : { failure: 'empty' };
  } catch (err) {
    if (err instanceof Unreadable) return { failure: `unreadable: ${err.message}` };
    throw err;
  }
}
