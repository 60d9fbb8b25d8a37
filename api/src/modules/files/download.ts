import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@zalik/contract';
import { row, type Db } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { isMissingBlob, type BlobStore } from '../../ports/blob-store.js';

interface OrderFileRow {
  blob_id: string;
  file_name: string;
  mime: string;
}

export const findOrderFile = (db: Db, id: number) => row<OrderFileRow>(db, sql`SELECT blob_id, file_name, mime FROM order_files WHERE id = ${id}`);

/** An order file's name, type and bytes (streamed); a missing one is a 404, an unreachable store a 503. */
export async function openOrderFile({ db, blobs }: { db: Db; blobs: BlobStore }, id: number, log: FastifyBaseLogger) {
  const file = await findOrderFile(db, id);
  if (!file) throw notFound(MSG.fileNotFound);
  try {
    const stored = await blobs.stream(file.blob_id);
    return { fileName: file.file_name, mime: file.mime, ...stored };
  } catch (err) {
    // A store that cannot be reached is not a missing file: the user may try again soon.
    if (isMissingBlob(err)) throw notFound(MSG.fileNotFound);
    log.error({ err }, 'file store unavailable');
    throw new HttpError(503, MSG.unavailable);
  }
}
