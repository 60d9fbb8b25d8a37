import { sql } from 'drizzle-orm';
import type { TaskType } from '@zalik/contract';
import { rows, type Executor } from '../../db/client.js';
import type { TaskTemplateRef } from '../../ports/generator.js';
import { selectTasks, taskArguments, type TaskRow } from '../catalogue/tasks/read.js';
import { bestDiscountSql, type AppliedDiscount } from '../discounts/resolve.js';
import { templateRefSql, toTemplateRef } from '../generators/queries.js';
import { nextOrderIdSql } from './queries.js';

/** A task as a purchase or a template upload needs it. */
export interface TaskForOrder {
  id: number;
  title: string;
  type: TaskType;
  /** Whole UAH, as the admin entered it. */
  price: number;
  visible: boolean;
  autoGenerate: boolean;
  identifier: string;
  developerId: number;
  developerName: string;
  teacherName: string;
  subjectName: string;
  /** The task, its teacher or its subject was deleted (archived). */
  archived: boolean;
  argumentNames: string[];
  /** The task's own deadline for manual orders, in hours; null: ORDER_DEADLINE_HOURS. */
  deadlineHours: number | null;
}

/** A task read for a purchase or a template upload, hidden or archived ones included. */
export async function loadTask(ex: Executor, taskId: number): Promise<TaskForOrder | null> {
  return (await loadTasks(ex, [taskId])).get(taskId) ?? null;
}

/** Tasks by id in one query (those that exist), hidden or archived ones included. */
export async function loadTasks(ex: Executor, taskIds: number[]): Promise<Map<number, TaskForOrder>> {
  if (taskIds.length === 0) return new Map();
  const ids = sql.join(
    taskIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await rows<TaskRow>(ex, selectTasks(null, sql`t.id IN (${ids})`));
  return new Map(found.map((r) => [Number(r.id), toTaskForOrder(r)]));
}

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
  type Row = TaskRow & {
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
        FROM (${selectTasks(null, sql`t.id = ${taskId}`)}) t`,
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

function toTaskForOrder(r: TaskRow): TaskForOrder {
  return {
    id: Number(r.id),
    title: r.title,
    type: r.type,
    price: Number(r.price),
    visible: r.visible,
    autoGenerate: r.auto_generate,
    identifier: r.identifier,
    developerId: Number(r.developer_id),
    // What the buyer saw on the card: the creator's username; a name only if there is none.
    developerName: r.developer_username || r.developer_full_name || 'Unknown',
    teacherName: r.teacher_name,
    subjectName: r.subject_name,
    archived: r.archived,
    argumentNames: taskArguments(r).map((a) => a.name),
    deadlineHours: r.deadline_hours === null ? null : Number(r.deadline_hours),
  };
}
