import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@zalik/contract';
import { row, type Db } from '../../db/client.js';
import { HttpError, forbidden, notFound } from '../../lib/errors.js';
import { isMissingBlob, type BlobStore } from '../../ports/blob-store.js';

interface OrderFileRow {
  blob_id: string;
  file_name: string;
  mime: string;
  status: string;
}

export const findOrderFile = (db: Db, id: number) =>
  row<OrderFileRow>(db, sql`SELECT f.blob_id, f.file_name, f.mime, o.status FROM order_files f JOIN orders o ON o.id = f.order_id WHERE f.id = ${id}`);

/**
 * An order file's name, type and bytes (streamed); a missing one is a 404, an unreachable store a 503.
 * Once the order is refunded (a dispute or a cancellation) the buyer has their money back, so
 * only a staff link (an admin's, the developer's) still opens its files.
 */
export async function openOrderFile({ db, blobs }: { db: Db; blobs: BlobStore }, id: number, log: FastifyBaseLogger, staff = false) {
  const file = await findOrderFile(db, id);
  if (!file) throw notFound(MSG.fileNotFound);
  if (file.status === 'REFUNDED' && !staff) throw forbidden(MSG.fileOrderRefunded);
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
