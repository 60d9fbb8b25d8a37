import { HOUR_MS, MSG } from '@zalik/contract';
import type { Db } from '../../db/client.js';
import { isConnectionLost } from '../../db/errors.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { generate, normaliseArguments, type PurchaseContext } from './purchase.js';
import { addEvent, deleteFiles, findOrder, insertFiles, markReprocessed } from './queries.js';
import type { Order } from './rows.js';
import { loadTask } from '../catalogue/index.js';


function refusal(o: Order | null, buyerId: number, windowHours: number): HttpError | null {
  if (!o) return notFound(MSG.orderNotFound);
  if (o.buyerId !== buyerId) return forbidden(MSG.orderNotYourPurchase);
  if (!o.autoGenerate) return badRequest(MSG.reprocessNotAuto);
  if (o.reprocessedAt !== null) return conflict(MSG.reprocessUsed);
  if (o.status !== 'DONE') return conflict(MSG.orderClosed);
  if (Date.now() >= Date.parse(o.createdAt) + windowHours * HOUR_MS) return conflict(MSG.reprocessExpired);
  return null;
}

/**
 * The buyer of an auto-generated order regenerates it with corrected arguments (null: the ones
 * it was bought with, as the newest client asks after a template was fixed): free, once,
 * within REPROCESS_WINDOW_HOURS of the purchase. Generation runs first, outside any
 * transaction, in the same sandbox as a purchase; then one transaction marks the regeneration
 * used (a conditional UPDATE, so two racing requests cannot both replace the file) and puts
 * the new file in place of the old rows. No money moves. A refused or failed attempt removes
 * the new file and leaves the order as it was.
 */
export async function reprocess(ctx: PurchaseContext, db: Db, buyerId: number, orderId: number, raw: string[] | null): Promise<void> {
  const windowHours = ctx.orders.reprocessWindowHours;
  const order = await findOrder(db, orderId);
  const early = refusal(order, buyerId, windowHours);
  if (early) throw early;
  const task = await loadTask(db, order!.taskId);
  if (!task) throw notFound(MSG.taskNotFound);
  const values = normaliseArguments(task.type, task.argumentNames.length, raw ?? order!.arguments);
  const generated = await generate(ctx, task, values);
  const blobId = await ctx.blobs.put(generated.bytes);
  try {
    await db.transaction(async (tx) => {
      if (!(await markReprocessed(tx, orderId, buyerId, values, windowHours))) {
        throw refusal(await findOrder(tx, orderId), buyerId, windowHours) ?? conflict(MSG.reprocessUsed);
      }
      await deleteFiles(tx, orderId);
      await insertFiles(tx, orderId, [{ blobId, fileName: generated.fileName, mime: generated.mime, size: generated.bytes.length }]);
      await addEvent(tx, orderId, 'DONE', 'DONE', { kind: 'REPROCESS', actor: 'STUDENT', actorId: buyerId });
    });
  } catch (err) {
    // A lost connection may have lost only the answer to a COMMIT: keep the file its order may have.
    if (!isConnectionLost(err)) await ctx.blobs.remove(blobId).catch(() => undefined);
    throw err;
  }
}
