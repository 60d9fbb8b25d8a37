import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import type { TaskTemplateRef } from '../../ports/generator.js';
import { selectTasks, toTaskForOrder, type TaskForOrder, type TaskForOrderRow } from '../catalogue/index.js';
import { bestDiscountSql, type AppliedDiscount } from '../discounts/index.js';
import { templateRefSql, toTemplateRef } from '../generators/index.js';
import { nextOrderIdSql } from './queries.js';

/** Everything a purchase decides on, read in one round trip before its one writing statement. */
export interface PurchaseFacts {
  task: TaskForOrder;
  /** The buyer's order under the same Idempotency-Key, if there is one. */
  earlierId: number | null;
  /** The id the new order will have (taken from the sequence now; an unused one is a harmless gap). */
  orderId: number;
  /** The database's clock: a manual order's deadline counts from it. */
  now: Date;
  discount: AppliedDiscount | null;
  /** An auto task's template (null: it has none); always null for a manual task. */
  template: TaskTemplateRef | null;
}

/**
 * The task (hidden or archived too), the earlier order under `key`, a new order id, the time,
 * the buyer's discount at `at` and an auto task's template (so its generation reads no row).
 */
export async function loadPurchase(ex: Executor, taskId: number, buyerId: number, key: string, at: Date): Promise<PurchaseFacts | null> {
  type Row = TaskForOrderRow & {
    earlier_id: number | string | null;
    order_id: number | string;
    db_now: Date | string;
    best: AppliedDiscount | string | null;
    template: TaskTemplateRef | string | null;
  };
  const [r] = await rows<Row>(
    ex,
    sql`SELECT t.*, ${nextOrderIdSql} AS order_id, now() AS db_now,
               (SELECT o.id FROM orders o WHERE o.buyer_id = ${buyerId} AND o.idempotency_key = ${key}) AS earlier_id,
               ${bestDiscountSql(sql`t.id`, buyerId, at)} AS best,
               CASE WHEN t.auto_generate THEN ${templateRefSql(sql`t.id`)} END AS template
        FROM (${selectTasks(null, sql`t.id = ${taskId}`, { brief: true })}) t`,
  );
  if (!r) return null;
  const best = typeof r.best === 'string' ? (JSON.parse(r.best) as AppliedDiscount) : r.best;
  return {
    task: toTaskForOrder(r),
    earlierId: r.earlier_id === null ? null : Number(r.earlier_id),
    orderId: Number(r.order_id),
    now: new Date(r.db_now),
    discount: best && { id: Number(best.id), percent: Number(best.percent), limited: best.limited },
    template: toTemplateRef(r.template),
  };
}
