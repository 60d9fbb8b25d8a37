import { sql } from 'drizzle-orm';
import { discountedPriceKopecks, uahToKopecks } from '@zalik/contract';
import { row, type Executor } from '../../db/client.js';
import { consumeDiscount } from '../discounts/resolve.js';
import { post } from '../ledger/service.js';
import { orderCreatedText } from '../../bot/texts.js';
import { enqueue } from '../outbox/enqueue.js';
import type { TaskForOrder } from './tasks.js';
import { paymentLeg, payoutLegs } from './money.js';

/** Another request with the same Idempotency-Key committed first; its order is the answer. */
export class DuplicatePurchase extends Error {}

export interface PurchaseRecord {
  task: TaskForOrder;
  buyerId: number;
  buyerUsername: string;
  key: string;
  values: string[];
  feePercent: number;
  /** A free take (the task's developer or an admin): price 0, no discount used, no money moves. */
  free: boolean;
  /** The generated answer of an auto task, already in the BlobStore. */
  file?: { blobId: string; fileName: string; mime: string; size: number };
}

/**
 * Everything a purchase writes, in the caller's transaction, so it all happens or none of it:
 * one use of the buyer's discount, the order, the money, and the file or the developer's
 * notification. The order row comes first after the discount: its UNIQUE (buyer_id,
 * idempotency_key) makes a racing duplicate wait here for the first request to commit, then
 * find the key taken (DuplicatePurchase rolls the duplicate back, discount use included).
 *
 * Money: the buyer pays into escrow; an auto task is paid out at once (developer's share and
 * platform fee), a manual one when the developer delivers. A free take has price 0: escrow
 * holds nothing for it, so neither now nor at delivery does any leg exist. Insufficient funds throws from
 * `post` and rolls back everything.
 */
export async function recordPurchase(tx: Executor, p: PurchaseRecord): Promise<number> {
  const { task } = p;
  const discount = p.free ? null : await consumeDiscount(tx, task.id, p.buyerId);
  const price = p.free ? 0 : discountedPriceKopecks(task.price, discount?.percent ?? 0);
  const done = Boolean(p.file);
  const inserted = await row<{ id: number }>(
    tx,
    sql`INSERT INTO orders (buyer_id, task_id, developer_id, idempotency_key, arguments, task_title, subject_name, teacher_name,
                            developer_name, auto_generate, full_price, discount_percent, discount_id, price, platform_fee_percent,
                            status, completed_at, free_take)
        VALUES (${p.buyerId}, ${task.id}, ${task.developerId}, ${p.key}, ${JSON.stringify(p.values)}::jsonb, ${task.title},
                ${task.subjectName}, ${task.teacherName}, ${task.developerName}, ${task.autoGenerate}, ${uahToKopecks(task.price)},
                ${discount?.percent ?? 0}, ${discount?.id ?? null}, ${price}, ${p.feePercent}, ${done ? 'DONE' : 'IN_PROGRESS'},
                ${done ? sql`now()` : null}, ${p.free})
        ON CONFLICT (buyer_id, idempotency_key) DO NOTHING
        RETURNING id`,
  );
  if (!inserted) throw new DuplicatePurchase();
  const orderId = Number(inserted.id);

  // Money last: `post` locks the buyer's wallet (and, for an auto task, the developer's dev
  // wallet, shared by all of that developer's sales) until commit; escrow is never locked.
  if (p.file) {
    await tx.execute(sql`
      INSERT INTO order_files (order_id, blob_id, file_name, mime, size, position)
      VALUES (${orderId}, ${p.file.blobId}, ${p.file.fileName}, ${p.file.mime}, ${p.file.size}, 0)`);
    await post(tx, [...paymentLeg(orderId, p.buyerId, price), ...payoutLegs(orderId, task.developerId, price, p.feePercent, 'SALE')]);
  } else {
    await enqueue(tx, {
      kind: 'order_created',
      chatId: task.developerId,
      text: orderCreatedText({ orderId, taskTitle: task.title, subjectName: task.subjectName, buyerUsername: p.buyerUsername }),
      openApp: true,
      dedupeKey: `order_created:${orderId}`,
    });
    await post(tx, paymentLeg(orderId, p.buyerId, price));
  }
  return orderId;
}
