import { discountedPriceKopecks, uahToKopecks } from '@zalik/contract';
import type { OrdersConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { consumeDiscount } from '../discounts/resolve.js';
import { post } from '../ledger/service.js';
import { orderCreatedText } from '../../bot/texts.js';
import { enqueue } from '../outbox/enqueue.js';
import type { TaskForOrder } from './tasks.js';
import { paymentLeg, payoutLegs } from './money.js';
import { addEvent, insertFiles, insertOrder } from './queries.js';
import { scheduleDeadline } from './timers.js';

/** Another request with the same Idempotency-Key committed first; its order is the answer. */
export class DuplicatePurchase extends Error {}

export interface PurchaseRecord {
  task: TaskForOrder;
  buyerId: number;
  buyerUsername: string;
  key: string;
  values: string[];
  feePercent: number;
  orders: OrdersConfig;
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
 * platform fee), a manual one when the buyer accepts the delivery or its window ends (escrow.ts);
 * a manual order gets its deadline and its timers (timers.ts). A free take has price 0: escrow
 * holds nothing for it, so neither now nor at delivery does any leg exist. Insufficient funds throws from
 * `post` and rolls back everything.
 */
export async function recordPurchase(tx: Executor, p: PurchaseRecord): Promise<number> {
  const { task } = p;
  const discount = p.free ? null : await consumeDiscount(tx, task.id, p.buyerId);
  const price = p.free ? 0 : discountedPriceKopecks(task.price, discount?.percent ?? 0);
  const inserted = await insertOrder(tx, {
    buyerId: p.buyerId,
    taskId: task.id,
    developerId: task.developerId,
    key: p.key,
    values: p.values,
    taskTitle: task.title,
    subjectName: task.subjectName,
    teacherName: task.teacherName,
    developerName: task.developerName,
    autoGenerate: task.autoGenerate,
    fullPriceKop: uahToKopecks(task.price),
    discountPercent: discount?.percent ?? 0,
    discountId: discount?.id ?? null,
    priceKop: price,
    feePercent: p.feePercent,
    freeTake: p.free,
    // The terms of the sale: the task's own span or today's default, kept for the revisions too.
    deadlineHours: p.file ? null : (task.deadlineHours ?? p.orders.deadlineHours),
  });
  if (!inserted) throw new DuplicatePurchase();
  const orderId = inserted.id;
  await addEvent(tx, orderId, null, p.file ? 'DONE' : 'IN_PROGRESS', { kind: 'PURCHASE', actor: 'STUDENT', actorId: p.buyerId });

  // Money last: `post` locks the buyer's wallet (and, for an auto task, the developer's dev
  // wallet, shared by all of that developer's sales) until commit; escrow is never locked.
  if (p.file) {
    await insertFiles(tx, orderId, [p.file]);
    await post(tx, [...paymentLeg(orderId, p.buyerId, price), ...payoutLegs(orderId, task.developerId, price, p.feePercent, 'SALE')]);
  } else {
    await scheduleDeadline(tx, p.orders, orderId, inserted.deadlineAt!);
    await enqueue(tx, {
      kind: 'order_created',
      chatId: task.developerId,
      text: orderCreatedText({ orderId, taskTitle: task.title, subjectName: task.subjectName, buyerUsername: p.buyerUsername, deadlineAt: inserted.deadlineAt }),
      openApp: true,
      dedupeKey: `order_created:${orderId}`,
    });
    await post(tx, paymentLeg(orderId, p.buyerId, price));
  }
  return orderId;
}
