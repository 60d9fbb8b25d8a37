import { sql } from 'drizzle-orm';
import { MSG, kopecksToUah } from '@zalik/contract';
import { row, type Db, type Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { SYSTEM, post } from '../ledger/service.js';
import { orderDeliveredText, orderRefundedText } from '../../bot/texts.js';
import { enqueue } from '../outbox/enqueue.js';
import type { StoredUpload } from '../files/upload.js';
import { payoutLegs } from './money.js';

interface OpenOrder {
  id: number;
  buyer_id: number;
  developer_id: number;
  status: string;
}

/** Refuses before anything is read or stored: wrong order, someone else's, or already closed. */
export async function assertDeliverable(ex: Executor, orderId: number, developerId: number): Promise<void> {
  const o = await row<OpenOrder>(ex, sql`SELECT id, buyer_id, developer_id, status FROM orders WHERE id = ${orderId}`);
  if (!o) throw notFound(MSG.orderNotFound);
  if (Number(o.developer_id) !== developerId) throw forbidden(MSG.orderNotYours);
  if (o.status !== 'IN_PROGRESS') throw conflict(MSG.orderClosed);
}

/**
 * The developer delivers: in one transaction the order closes (a conditional UPDATE, so two
 * racing deliveries cannot both win), its files are recorded, escrow pays the developer
 * (minus the platform fee fixed at purchase) and the buyer's bot message with the files is queued.
 */
export async function deliver(
  db: Db,
  p: { orderId: number; developerId: number; message: string | null; files: StoredUpload[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const o = await row<{ buyer_id: number; price: number; platform_fee_percent: number; task_title: string; subject_name: string }>(
      tx,
      sql`UPDATE orders SET status = 'DONE', message = ${p.message}, completed_at = now()
          WHERE id = ${p.orderId} AND developer_id = ${p.developerId} AND status = 'IN_PROGRESS'
          RETURNING buyer_id, price, platform_fee_percent, task_title, subject_name`,
    );
    if (!o) throw conflict(MSG.orderClosed);
    for (const [position, f] of p.files.entries()) {
      await tx.execute(sql`
        INSERT INTO order_files (order_id, blob_id, file_name, mime, size, position)
        VALUES (${p.orderId}, ${f.blobId}, ${f.fileName}, ${f.mime}, ${f.size}, ${position})`);
    }
    await enqueue(tx, {
      kind: 'order_delivered',
      chatId: Number(o.buyer_id),
      text: orderDeliveredText({ taskTitle: o.task_title, subjectName: o.subject_name, message: p.message }),
      files: p.files.map((f) => ({ blobId: f.blobId, fileName: f.fileName })),
      openApp: true,
      dedupeKey: `order_delivered:${p.orderId}`,
    });
    // Money last, so the developer's dev wallet stays locked only briefly.
    // The fee agreed when the order was placed.
    await post(tx, payoutLegs(p.orderId, p.developerId, Number(o.price), Number(o.platform_fee_percent), 'ESCROW_RELEASE'));
  });
}

/**
 * Admin: an undelivered order is cancelled and its escrowed money goes back to the buyer,
 * once. The buyer's bot message is queued in the same transaction.
 */
export async function refund(db: Db, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const o = await row<{ buyer_id: number; price: number; task_title: string; subject_name: string }>(
      tx,
      sql`UPDATE orders SET status = 'REFUNDED', refunded_at = now()
          WHERE id = ${orderId} AND status = 'IN_PROGRESS' RETURNING buyer_id, price, task_title, subject_name`,
    );
    if (!o) {
      const exists = await row(tx, sql`SELECT 1 FROM orders WHERE id = ${orderId}`);
      throw exists ? conflict(MSG.orderClosed) : notFound(MSG.orderNotFound);
    }
    const price = Number(o.price);
    await enqueue(tx, {
      kind: 'order_refunded',
      chatId: Number(o.buyer_id),
      text: orderRefundedText({ orderId, taskTitle: o.task_title, subjectName: o.subject_name, priceUah: kopecksToUah(price) }),
      openApp: true,
      dedupeKey: `order_refunded:${orderId}`,
    });
    if (price > 0) {
      const reference = `order:${orderId}`;
      await post(tx, [
        { from: { system: SYSTEM.escrow }, to: { user: Number(o.buyer_id), wallet: 'general' }, amount: price, kind: 'REFUND', key: `${reference}:refund`, reference },
      ]);
    }
  });
}
