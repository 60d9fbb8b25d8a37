import { sql, type SQL } from 'drizzle-orm';
import { HOUR_MS, discountedPriceKopecks, uahToKopecks } from '@zalik/contract';
import type { OrdersConfig } from '../../config.js';
import { row, type Executor } from '../../db/client.js';
import { SQL_STATES, sqlState } from '../../db/errors.js';
import { takeDiscountUseSql } from '../discounts/index.js';
import { ledgerFailure, postSql } from '../ledger/index.js';
import { orderCreatedText } from '../outbox/index.js';
import { enqueueSql } from '../outbox/index.js';
import type { PurchaseFacts } from './tasks.js';
import { paymentLeg, payoutLegs } from './money.js';
import { addEventSql, insertFilesSql, insertOrderSql } from './queries.js';
import { toOrder, type FileRow, type Order, type OrderRow } from './rows.js';
import { remindPending } from './timers.js';

/** Another request with the same Idempotency-Key committed first; its order is the answer. */
export class DuplicatePurchase extends Error {}

/** The limited discount the price was worked out with lost its last use to another buyer meanwhile: price the purchase again. */
export class DiscountUsedUp extends Error {}

export interface PurchaseRecord {
  facts: PurchaseFacts;
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
 * Everything a purchase writes, as one statement, so it all happens or none of it and costs one
 * round trip (docs/PERFORMANCE.md, "Purchases"): the order, its first event, one use of the
 * buyer's discount, the money, and the file or the developer's notification. Each part is its area's own SQL (`...Sql`), joined as data-modifying CTEs; the last
 * SELECT refuses (and so undoes everything) when the order row was not written, a duplicate
 * whose first request committed meanwhile (its UNIQUE (buyer_id, idempotency_key) made this one
 * wait), or when the discount's last use went to another buyer. `post`'s rules hold as in every
 * money path: the buyer's wallet is locked and debited conditionally, InsufficientFunds undoes it all.
 *
 * Money: the buyer pays into escrow; an auto task is paid out at once (developer's share and
 * platform fee), a manual one when the buyer accepts the delivery or its window ends (escrow.ts);
 * a manual order gets its deadline, which its timers read from the row (timers.ts). A free take has price 0: escrow
 * holds nothing for it, so neither now nor at delivery does any leg exist.
 */
export async function recordPurchase(ex: Executor, p: PurchaseRecord): Promise<Order> {
  const { task, orderId } = p.facts;
  const discount = p.free ? null : p.facts.discount;
  const price = p.free ? 0 : discountedPriceKopecks(task.price, discount?.percent ?? 0);
  // The terms of the sale: the task's own span or today's default, kept for the revisions too.
  const deadlineHours = p.file ? null : (task.deadlineHours ?? p.orders.deadlineHours);
  const deadlineAt = deadlineHours === null ? null : new Date(p.facts.now.getTime() + deadlineHours * HOUR_MS);
  const parts: SQL[] = [
    sql`o AS (${insertOrderSql({
      id: orderId,
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
      deadlineHours,
      deadlineAt,
      remindPending: deadlineHours !== null && remindPending(p.orders, deadlineHours),
    })})`,
  ];
  /** Rows written before the money moves (see `written` below); each returns a row so it can be counted. */
  const before: string[] = [];
  const add = (name: string, statement: SQL) => {
    parts.push(sql`${sql.raw(name)} AS (${statement} RETURNING 1)`);
    before.push(name);
  };
  add('event', addEventSql(orderId, null, p.file ? 'DONE' : 'IN_PROGRESS', { kind: 'PURCHASE', actor: 'STUDENT', actorId: p.buyerId }));
  if (discount?.limited) parts.push(sql`discount_use AS (${takeDiscountUseSql(discount.id)})`);
  if (p.file) {
    // An auto order is DONE at once, so the statement ends by adding to the buyer's done_spend
    // (migration 0063's trigger). Its row is locked here, before `ledger_post` takes a
    // stripe of the developer's wallet: an accept holds that row from its own status change
    // until its payout takes a stripe, and the other order deadlocked (PostgreSQL, 1 in ~10
    // rounds of 20 purchases beside 12 accepts).
    parts.push(sql`buyer_row AS (SELECT 1 FROM users WHERE telegram_id = ${p.buyerId} FOR NO KEY UPDATE)`);
    before.push('buyer_row');
    parts.push(sql`files AS (${insertFilesSql(orderId, [p.file])})`);
  } else {
    add(
      'notice',
      enqueueSql({
        kind: 'order_created',
        chatId: task.developerId,
        text: orderCreatedText({ orderId, taskTitle: task.title, subjectName: task.subjectName, buyerUsername: p.buyerUsername, deadlineAt }),
        openApp: true,
        dedupeKey: `order_created:${orderId}`,
      }),
    );
  }
  // Money last: `post` locks the buyer's wallet until commit; the developer's dev wallet (an
  // auto task's payout) is credited through a stripe and escrow is a system account, so
  // neither is locked.
  const legs = p.file ? [...paymentLeg(orderId, p.buyerId, price), ...payoutLegs(orderId, task.developerId, price, p.feePercent, 'SALE')] : paymentLeg(orderId, p.buyerId, price);
  const checks: SQL[] = [sql`zalik_require(o.id IS NOT NULL, ${SQL_STATES.purchaseDuplicate}, 'the Idempotency-Key is taken')`];
  if (discount?.limited) checks.push(sql`zalik_require(EXISTS (SELECT 1 FROM discount_use), ${SQL_STATES.discountUsedUp}, 'the discount was used up')`);
  if (legs.length > 0) checks.push(postSql(legs));
  // `written` is read first so those rows are written before `ledger_post` takes the buyer's
  // wallet lock: a CTE nobody reads runs only after the main query, which would hold the lock
  // (every other purchase of this buyer waits on it) through all of their inserts.
  const written = sql.join(
    before.map((name) => sql`(SELECT count(*) FROM ${sql.raw(name)})`),
    sql` + `,
  );
  const statement = sql`WITH ${sql.join(parts, sql`, `)}
    SELECT o.*, ${written} AS written, ${p.file ? sql`(SELECT json_agg(files) FROM files)` : sql`NULL`} AS inserted_files,
           ${sql.join(checks, sql`, `)}
    FROM (SELECT 1) AS one LEFT JOIN o ON true`;
  try {
    const r = (await row<OrderRow & { inserted_files: FileRow[] | string | null }>(ex, statement))!;
    const files = typeof r.inserted_files === 'string' ? (JSON.parse(r.inserted_files) as FileRow[]) : (r.inserted_files ?? []);
    return toOrder(r, files);
  } catch (err) {
    const state = sqlState(err)?.code;
    if (state === SQL_STATES.purchaseDuplicate) throw new DuplicatePurchase();
    if (state === SQL_STATES.discountUsedUp) throw new DiscountUsedUp();
    throw ledgerFailure(err) ?? err;
  }
}
