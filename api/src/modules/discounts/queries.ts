import { sql, type SQL } from 'drizzle-orm';
import type { ClientDiscount, Discount, DiscountListItem, DiscountType, TaskDiscount } from '@zalik/contract';
import { row, rows, type Executor } from '../../db/client.js';
import { inBatches } from '../../db/batches.js';
import { containsText, foldedContains } from '../../db/search.js';
import { appliesSql } from './resolve.js';

/** A discounts row as the reads here select it (`d`, with `u` the LOCAL user). */
export interface DiscountRow {
  id: number;
  type: DiscountType;
  percent: number;
  uses_left: number | null;
  telegram_id: number | null;
  task_id: number;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
}

interface ListedRow extends DiscountRow {
  username: string;
  user_photo: string | null;
  active: boolean;
  task_title: string;
  task_price: number;
  subject_name: string;
  teacher_name: string;
  course_number: number;
}

export const DISCOUNT_COLUMNS = sql`d.id, d.type, d.percent, d.uses_left, d.telegram_id, d.task_id, d.valid_from, d.valid_to`;

const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export const toDiscount = (r: DiscountRow): Discount => ({
  id: String(r.id),
  type: r.type,
  discountValue: Number(r.percent),
  availableValue: r.uses_left === null ? null : Number(r.uses_left),
  telegramId: r.telegram_id === null ? null : String(r.telegram_id),
  taskId: String(r.task_id),
  validFrom: isoOrNull(r.valid_from),
  validTo: isoOrNull(r.valid_to),
});

const toListed = (r: ListedRow): DiscountListItem => ({
  ...toDiscount(r),
  username: r.username,
  active: Boolean(r.active),
  taskTitle: r.task_title,
  taskPrice: Number(r.task_price),
  subjectName: r.subject_name,
  teacherName: r.teacher_name,
  courseNumber: Number(r.course_number),
});

/** Not deleted and not used up: what the lists show and what an edit may change. */
export const HAS_USES = sql`(d.uses_left IS NULL OR d.uses_left > 0)`;

export interface ListFilter {
  type?: DiscountType;
  /** A task title or a username. */
  search?: string;
  task?: string;
  username?: string;
  page: number;
  limit: number;
}

/**
 * The discounts of the live catalogue that still have uses left, newest first, with their task
 * and user, and whether each applies at `at`.
 */
function selectListed(at: Date, where: SQL[]): SQL {
  return sql`
    SELECT ${DISCOUNT_COLUMNS}, COALESCE(u.username, '') AS username, u.photo AS user_photo, (${appliesSql(at)}) AS active,
           t.title AS task_title, t.price AS task_price, s.name AS subject_name, te.name AS teacher_name, s.course_number
    FROM discounts d
    JOIN tasks t ON t.id = d.task_id
    JOIN teachers te ON te.id = t.teacher_id
    JOIN subjects s ON s.id = te.subject_id
    LEFT JOIN users u ON u.telegram_id = d.telegram_id
    WHERE ${HAS_USES} AND t.deleted_at IS NULL AND te.deleted_at IS NULL AND s.deleted_at IS NULL
      AND ${sql.join(where, sql` AND `)}`;
}

export async function listDiscounts(ex: Executor, f: ListFilter, at: Date): Promise<DiscountListItem[]> {
  const where = [sql`TRUE`];
  if (f.type) where.push(sql`d.type = ${f.type}`);
  const title = (text: string) => foldedContains(sql`t.search_title`, text);
  const username = (text: string) => containsText(sql`u.username`, text.replace(/^@/, ''));
  // Each side through its own table, so both trigram indexes serve it, and the discounts found
  // from the matching tasks and users (discounts_task, discounts_user): an OR across the joined
  // tasks and users, or over the discounts, could only filter every listed discount's row.
  if (f.search) {
    where.push(sql`d.id IN (SELECT m.id FROM discounts m WHERE m.task_id IN (SELECT t.id FROM tasks t WHERE ${title(f.search)})
                            UNION ALL
                            SELECT m.id FROM discounts m WHERE m.telegram_id IN (SELECT u.telegram_id FROM users u WHERE ${username(f.search)}))`);
  }
  if (f.task) where.push(title(f.task));
  if (f.username) where.push(username(f.username));
  const found = await rows<ListedRow>(ex, sql`${selectListed(at, where)} ORDER BY d.id DESC LIMIT ${f.limit} OFFSET ${f.page * f.limit}`);
  return found.map(toListed);
}

/** A listed discount as the newest client's discount list reads it. */
const toClient = (r: ListedRow): ClientDiscount => ({
  id: String(r.id),
  type: r.type,
  value: Number(r.percent),
  activationLimits: r.uses_left === null ? null : Number(r.uses_left),
  validFrom: isoOrNull(r.valid_from),
  validTo: isoOrNull(r.valid_to),
  active: Boolean(r.active),
  task: { id: String(r.task_id), title: r.task_title, price: Number(r.task_price), teacher: { name: r.teacher_name, subject: { name: r.subject_name } } },
  user: r.telegram_id === null ? null : { telegramId: String(r.telegram_id), username: r.username, photo: r.user_photo ?? '' },
});

/** One window of a type's listed discounts, newest first, for the newest client's list (one row more than asked: `last`). */
export async function listClientDiscounts(ex: Executor, type: DiscountType, window: { limit: number; offset: number }, at: Date): Promise<ClientDiscount[]> {
  const found = await rows<ListedRow>(ex, sql`${selectListed(at, [sql`d.type = ${type}`])} ORDER BY d.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`);
  return found.map(toClient);
}

/** One discount as the list shows it; undefined once deleted, used up or its task archived. */
export async function findListed(ex: Executor, id: number, at: Date): Promise<DiscountListItem | undefined> {
  const found = await row<ListedRow>(ex, selectListed(at, [sql`d.id = ${id}`]));
  return found && toListed(found);
}

type TaskDiscountRow = DiscountRow & { username: string; active: boolean };

/**
 * A task's discounts with uses left, in their window at `at` or not: GLOBAL first, then LOCAL by
 * username, `size` at a time (a task may carry a LOCAL discount for each of thousands of students).
 */
export async function* discountsOfTask(ex: Executor, taskId: number, at: Date, size: number): AsyncGenerator<TaskDiscount[]> {
  const batches = inBatches<TaskDiscountRow>((last) => {
    const after = last ? sql`((d.type = 'LOCAL'), COALESCE(u.username, ''), d.id) > (${last.type === 'LOCAL'}, ${last.username}, ${last.id})` : sql`TRUE`;
    return rows<TaskDiscountRow>(
      ex,
      sql`SELECT ${DISCOUNT_COLUMNS}, COALESCE(u.username, '') AS username, (${appliesSql(at)}) AS active
          FROM discounts d LEFT JOIN users u ON u.telegram_id = d.telegram_id
          WHERE d.task_id = ${taskId} AND ${HAS_USES} AND ${after}
          ORDER BY (d.type = 'LOCAL'), COALESCE(u.username, ''), d.id LIMIT ${size}`,
    );
  }, size);
  for await (const found of batches) yield found.map((r) => ({ ...toDiscount(r), username: r.username, active: Boolean(r.active) }));
}
