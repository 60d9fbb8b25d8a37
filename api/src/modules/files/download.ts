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
  /** The order's status for a delivery's file; null for a file of a thread message. */
  status: string | null;
  /** A thread message's file whose message an admin hid. */
  hidden: boolean;
}

/**
 * A delivery's file or a thread message's file: both take their ids from one sequence
 * (migration 0046), so an id names one file whichever table holds it.
 */
export const findOrderFile = (db: Db, id: number) =>
  row<OrderFileRow>(
    db,
    sql`SELECT f.blob_id, f.file_name, f.mime, o.status, FALSE AS hidden FROM order_files f JOIN orders o ON o.id = f.order_id WHERE f.id = ${id}
        UNION ALL
        SELECT f.blob_id, f.file_name, f.mime, NULL, EXISTS (SELECT 1 FROM order_message_hides h WHERE h.message_id = f.message_id)
        FROM order_message_files f WHERE f.id = ${id}`,
  );

/**
 * An order file's name, type and bytes (streamed); a missing one is a 404, an unreachable store a 503.
 * Once the order is refunded (a dispute or a cancellation) the buyer has their money back, so
 * only a staff link (an admin's, the developer's) still opens its delivered files. A file of a
 * thread message stays with the thread; once an admin hid the message, only staff links open it.
 */
export async function openOrderFile({ db, blobs }: { db: Db; blobs: BlobStore }, id: number, log: FastifyBaseLogger, staff = false) {
  const file = await findOrderFile(db, id);
  if (!file) throw notFound(MSG.fileNotFound);
  if (file.status === 'REFUNDED' && !staff) throw forbidden(MSG.fileOrderRefunded);
  if (file.hidden && !staff) throw notFound(MSG.fileNotFound);
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
