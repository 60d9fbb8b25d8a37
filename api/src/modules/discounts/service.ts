import { sql } from 'drizzle-orm';
import { MSG, type Discount, type DiscountBulkResult, type DiscountListItem, type DiscountType, type TaskDiscount } from '@zalik/contract';
import { row, rows, type Db, type Executor } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { DISCOUNT_COLUMNS, HAS_USES, discountsOfTask, findListed, listDiscounts, toDiscount, type DiscountRow, type ListFilter } from './queries.js';

/** A window bound as the contract passes it: an ISO time, null (no bound) or absent. */
type Bound = string | null | undefined;

export interface DiscountInput {
  type: DiscountType;
  /** 0 removes the discount; 1-100 sets it. */
  discountValue: number;
  /** Purchases it may serve; null/undefined for a GLOBAL discount means unlimited. */
  availableValue?: number | null;
  telegramId?: string | null;
  taskId: string;
  validFrom?: Bound;
  validTo?: Bound;
}

export interface DiscountChange {
  discountValue?: number;
  availableValue?: number | null;
  validFrom?: Bound;
  validTo?: Bound;
}

export interface BulkInput {
  type: DiscountType;
  discountValue: number;
  availableValue?: number | null;
  taskIds: string[];
  telegramIds?: string[] | null;
  validFrom?: Bound;
  validTo?: Bound;
}

/** The spec's rule: the count must be positive; only a GLOBAL discount may be unlimited. */
function checkCount(type: DiscountType, count: number | null): void {
  if (count === null ? type === 'LOCAL' : count <= 0) throw badRequest(MSG.discountCount);
}

const toTime = (v: Bound): Date | null => (v ? new Date(v) : null);
const stored = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/**
 * The window must open before it closes, and a newly set end must still be ahead: a discount
 * that ended before it was saved would only look like a mistake in the list.
 */
function checkWindow(from: Date | null, to: Date | null, endSet: boolean): void {
  if (from && to && from.getTime() >= to.getTime()) throw badRequest(MSG.discountWindowOrder);
  if (endSet && to && to.getTime() <= clock.now().getTime()) throw badRequest(MSG.discountWindowPast);
}

const bind = (t: Date | null) => (t === null ? null : t.toISOString());
/** A PostgreSQL array literal of ids, bound as one parameter (both drivers take it as text). */
const idArray = (ids: number[]) => `{${ids.join(',')}}`;
const unique = (ids: string[]) => [...new Set(ids.map(Number))];

/** Ids of `wanted` that `found` lacks, for the refusal's message. */
const missing = (wanted: number[], found: { id: number }[]) => {
  const have = new Set(found.map((r) => Number(r.id)));
  return wanted.filter((id) => !have.has(id)).map(String);
};

export function createDiscountsService(db: Db) {
  /** Upserts one discount per task (GLOBAL) or per task and user (LOCAL) for every pair; answers how many rows were new. */
  async function upsert(
    tx: Executor,
    d: { type: DiscountType; taskIds: number[]; userIds: number[]; percent: number; count: number | null; from: Date | null; to: Date | null },
  ): Promise<{ created: number; updated: number; rows: DiscountRow[] }> {
    const set = sql`percent = EXCLUDED.percent, uses_left = EXCLUDED.uses_left, valid_from = EXCLUDED.valid_from, valid_to = EXCLUDED.valid_to`;
    const values = sql`${d.percent}::smallint, ${d.count}::integer, ${bind(d.from)}::timestamptz, ${bind(d.to)}::timestamptz`;
    const saved = await rows<DiscountRow & { inserted: boolean }>(
      tx,
      d.type === 'LOCAL'
        ? sql`INSERT INTO discounts AS d (task_id, type, telegram_id, percent, uses_left, valid_from, valid_to)
              SELECT t.id, 'LOCAL', u.id, ${values}
              FROM unnest(${idArray(d.taskIds)}::bigint[]) AS t (id) CROSS JOIN unnest(${idArray(d.userIds)}::bigint[]) AS u (id)
              ON CONFLICT (task_id, telegram_id) WHERE type = 'LOCAL' DO UPDATE SET ${set}
              RETURNING ${DISCOUNT_COLUMNS}, (xmax = 0) AS inserted`
        : sql`INSERT INTO discounts AS d (task_id, type, telegram_id, percent, uses_left, valid_from, valid_to)
              SELECT t.id, 'GLOBAL', NULL, ${values} FROM unnest(${idArray(d.taskIds)}::bigint[]) AS t (id)
              ON CONFLICT (task_id) WHERE type = 'GLOBAL' DO UPDATE SET ${set}
              RETURNING ${DISCOUNT_COLUMNS}, (xmax = 0) AS inserted`,
    );
    const created = saved.filter((r) => r.inserted).length;
    return { created, updated: saved.length - created, rows: saved };
  }

  /** Refuses (404, naming them) tasks that are not in the catalogue and users who never signed in. */
  async function assertExist(tx: Executor, taskIds: number[], userIds: number[]): Promise<void> {
    const tasks = await rows<{ id: number }>(tx, sql`SELECT id FROM tasks WHERE id = ANY(${idArray(taskIds)}::bigint[]) AND deleted_at IS NULL`);
    const noTask = missing(taskIds, tasks);
    if (noTask.length) throw notFound(taskIds.length === 1 ? MSG.taskNotFound : MSG.discountTasksMissing(noTask));
    if (!userIds.length) return;
    const users = await rows<{ id: number }>(tx, sql`SELECT telegram_id AS id FROM users WHERE telegram_id = ANY(${idArray(userIds)}::bigint[])`);
    const noUser = missing(userIds, users);
    if (noUser.length) throw notFound(userIds.length === 1 ? MSG.userNotFound : MSG.discountUsersMissing(noUser));
  }

  return {
    /**
     * `POST /discounts/discount`: sets (upserts) or removes one discount: a task has at most one
     * GLOBAL discount and one LOCAL discount per user. Setting replaces the whole discount,
     * window included (a bound not sent is no bound). Removing keeps the row with no uses left,
     * because past orders point at it; a discount with no uses left is never applied or listed.
     * Returns the discount as it now is, or null when it was removed.
     */
    async set(input: DiscountInput): Promise<Discount | null> {
      const taskId = Number(input.taskId);
      const local = input.type === 'LOCAL';
      const userId = local ? Number(input.telegramId ?? 0) || null : null;
      if (local && userId === null) throw badRequest(MSG.discountUserRequired);
      const removing = input.discountValue === 0;
      const count = input.availableValue ?? null;
      const from = toTime(input.validFrom);
      const to = toTime(input.validTo);
      if (!removing) {
        checkCount(input.type, count);
        checkWindow(from, to, true);
      }

      return db.transaction(async (tx) => {
        await assertExist(tx, [taskId], userId === null ? [] : [userId]);
        if (removing) {
          await tx.execute(sql`UPDATE discounts SET uses_left = 0
            WHERE task_id = ${taskId} AND type = ${input.type}
              AND ${local ? sql`telegram_id = ${userId}` : sql`TRUE`}`);
          return null;
        }
        const saved = await upsert(tx, { type: input.type, taskIds: [taskId], userIds: userId === null ? [] : [userId], percent: input.discountValue, count, from, to });
        return toDiscount(saved.rows[0]!);
      });
    },

    /**
     * `POST /discounts/bulk`: the same discount on every task, for everyone or for every user
     * named, each set as `set` sets it, in one transaction: a refusal writes nothing.
     */
    async bulk(input: BulkInput): Promise<DiscountBulkResult> {
      const taskIds = unique(input.taskIds);
      const userIds = unique(input.telegramIds ?? []);
      const local = input.type === 'LOCAL';
      if (local && userIds.length === 0) throw badRequest(MSG.discountUserRequired);
      if (!local && userIds.length > 0) throw badRequest(MSG.discountGlobalWithUsers);
      const count = input.availableValue ?? null;
      checkCount(input.type, count);
      const from = toTime(input.validFrom);
      const to = toTime(input.validTo);
      checkWindow(from, to, true);
      return db.transaction(async (tx) => {
        await assertExist(tx, taskIds, userIds);
        const { created, updated } = await upsert(tx, { type: input.type, taskIds, userIds, percent: input.discountValue, count, from, to });
        return { created, updated };
      });
    },

    /**
     * `PATCH /discounts/{id}`: changes what is sent of a discount that is still listed. The
     * row is locked while the new values are checked against the old, so two admins' edits
     * take turns instead of mixing.
     */
    async update(id: number, change: DiscountChange): Promise<DiscountListItem> {
      if (Object.values(change).every((v) => v === undefined)) throw badRequest(MSG.discountPatchEmpty);
      await db.transaction(async (tx) => {
        const current = await row<DiscountRow>(tx, sql`SELECT ${DISCOUNT_COLUMNS} FROM discounts d WHERE d.id = ${id} AND ${HAS_USES} FOR UPDATE`);
        if (!current || !(await findListed(tx, id, clock.now()))) throw notFound(MSG.discountNotFound);
        const count = change.availableValue === undefined ? current.uses_left : change.availableValue;
        if (change.availableValue !== undefined) checkCount(current.type, count);
        const from = change.validFrom === undefined ? stored(current.valid_from) : toTime(change.validFrom);
        const to = change.validTo === undefined ? stored(current.valid_to) : toTime(change.validTo);
        checkWindow(from, to, Boolean(change.validTo));
        await tx.execute(sql`UPDATE discounts SET percent = ${change.discountValue ?? current.percent}, uses_left = ${count},
                               valid_from = ${bind(from)}::timestamptz, valid_to = ${bind(to)}::timestamptz
                             WHERE id = ${id}`);
      });
      return (await findListed(db, id, clock.now()))!;
    },

    /** `DELETE /discounts/{id}`: no uses left, so it never applies again and leaves the lists; past orders keep pointing at it. */
    async remove(id: number): Promise<void> {
      const ended = await row(db, sql`UPDATE discounts d SET uses_left = 0 WHERE d.id = ${id} AND ${HAS_USES} RETURNING d.id`);
      if (!ended) throw notFound(MSG.discountNotFound);
    },

    async get(id: number): Promise<DiscountListItem> {
      const found = await findListed(db, id, clock.now());
      if (!found) throw notFound(MSG.discountNotFound);
      return found;
    },

    list: (filter: ListFilter) => listDiscounts(db, filter, clock.now()),

    /** A task's discounts that can still be used, each with whether its window is open now. */
    async listForTask(taskIdText: string): Promise<TaskDiscount[]> {
      const taskId = Number(taskIdText);
      if (!(await row(db, sql`SELECT 1 FROM tasks WHERE id = ${taskId} AND deleted_at IS NULL`))) {
        throw notFound(MSG.taskNotFound);
      }
      return discountsOfTask(db, taskId, clock.now());
    },
  };
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
