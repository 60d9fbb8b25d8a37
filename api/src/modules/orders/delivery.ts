import { sql } from 'drizzle-orm';
import { MSG, type OrderStatus } from '@zalik/contract';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { orderDeliveredText } from '../outbox/index.js';
import { enqueue } from '../outbox/index.js';
import type { StoredUpload } from '../files/index.js';
import type { EscrowDeps } from './escrow.js';
import { notifyFilesReplaced } from './notify.js';
import { addEvent, deleteFiles, findOrder, hoursInterval, insertFiles, lockOrder, transition } from './queries.js';

/** Refuses before anything is read or stored: wrong order, someone else's, or not in progress. */
export async function assertDeliverable(ex: Executor, orderId: number, developerId: number): Promise<void> {
  const o = await findOrder(ex, orderId);
  if (!o) throw notFound(MSG.orderNotFound);
  if (o.developerId !== developerId) throw forbidden(MSG.orderNotYours);
  if (o.status !== 'IN_PROGRESS') throw conflict(MSG.orderClosed);
}

/**
 * The developer delivers: in one transaction the order turns DELIVERED (a conditional UPDATE,
 * so two racing deliveries, or a delivery racing a cancel, cannot both win), its files replace
 * any earlier delivery's, the acceptance window starts (its timer is `accept_until`, the
 * deadline's timers stop with IN_PROGRESS), and the buyer's bot message with the files is queued. No money moves: escrow keeps it until the
 * buyer accepts or the window ends.
 */
export async function deliver(
  deps: EscrowDeps,
  p: { orderId: number; developerId: number; message: string | null; files: StoredUpload[] },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const moved = await transition(tx, {
      orderId: p.orderId,
      from: ['IN_PROGRESS'],
      to: 'DELIVERED',
      where: sql`developer_id = ${p.developerId}`,
      set: sql`message = ${p.message}, delivered_at = now(), accept_until = now() + ${hoursInterval(deps.config.orders.acceptHours)}`,
      event: { kind: 'DELIVERY', actor: 'DEVELOPER', actorId: p.developerId, note: p.message },
    });
    if (!moved) throw conflict(MSG.orderClosed);
    const o = moved.order;
    await deleteFiles(tx, o.id);
    await insertFiles(tx, o.id, p.files);
    await enqueue(tx, {
      kind: 'order_delivered',
      chatId: o.buyerId,
      text: orderDeliveredText({ taskTitle: o.taskTitle, subjectName: o.subjectName, message: p.message, acceptUntil: o.acceptUntil }),
      files: p.files.map((f) => ({ blobId: f.blobId, fileName: f.fileName })),
      openApp: true,
      dedupeKey: o.revisions === 0 ? `order_delivered:${o.id}` : `order_delivered:${o.id}:${o.revisions}`,
    });
  });
}

/** Orders whose files an admin may replace: those that have an answer and are not refunded. */
const ANSWERED: readonly OrderStatus[] = ['DELIVERED', 'DISPUTED', 'DONE'];

function replaceRefusal(status: OrderStatus | undefined): Error {
  if (status === undefined) return notFound(MSG.orderNotFound);
  return status === 'IN_PROGRESS' ? conflict(MSG.orderHasNoFiles) : conflict(MSG.orderClosed);
}

/** Refuses before the upload is read: the order must exist and have an answer to replace. */
export async function assertReplaceable(ex: Executor, orderId: number): Promise<void> {
  const o = await findOrder(ex, orderId);
  if (!o || !ANSWERED.includes(o.status)) throw replaceRefusal(o?.status);
}

/**
 * An admin replaces an order's files: the old rows go in the same transaction (the orphan
 * sweep removes their bytes), the state stays, no money moves, and the buyer gets the new files.
 */
export async function replaceFiles(deps: EscrowDeps, orderId: number, adminId: number, files: StoredUpload[]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, ANSWERED);
    if (!o) throw replaceRefusal((await findOrder(tx, orderId))?.status);
    await deleteFiles(tx, orderId);
    await insertFiles(tx, orderId, files);
    await addEvent(tx, orderId, o.status, o.status, { kind: 'FILES_REPLACED', actor: 'ADMIN', actorId: adminId });
    await notifyFilesReplaced(
      tx,
      o,
      files.map((f) => ({ blobId: f.blobId, fileName: f.fileName })),
    );
  });
}
