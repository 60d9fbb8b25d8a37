import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MSG, type Discount, type DiscountBulkResult, type DiscountCreateBody, type DiscountListItem, type DiscountType, type DiscountUpdateBody, type TaskDiscount,
} from '@zalik/contract';
import { row, rows, type Db, type Executor } from '../../db/client.js';
import { idArray } from '../../db/ids.js';
import { clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { DISCOUNT_COLUMNS, HAS_USES, discountsOfTask, findListed, listClientDiscounts, listDiscounts, toDiscount, type DiscountRow, type ListFilter } from './queries.js';
import { recordAudit } from '../audit/index.js';

/** A task's discounts read and sent per batch. */
const TASK_DISCOUNT_BATCH = 200;

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
/** A discount as the audit trail keeps it: its wire shape without the id (the target names it). */
const audited = (r: DiscountRow): Record<string, unknown> => {
  const { id: _id, ...rest } = toDiscount(r);
  return rest;
};
const userOf = (r: DiscountRow) => (r.telegram_id === null ? null : Number(r.telegram_id));
const unique = (ids: string[]) => [...new Set(ids.map(Number))];

/** Ids of `wanted` that `found` lacks, for the refusal's message. */
const missing = (wanted: number[], found: { id: number }[]) => {
  const have = new Set(found.map((r) => Number(r.id)));
  return wanted.filter((id) => !have.has(id)).map(String);
};

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

/**
 * `POST /discounts/discount`: sets (upserts) or removes one discount: a task has at most one
 * GLOBAL discount and one LOCAL discount per user. Setting replaces the whole discount,
 * window included (a bound not sent is no bound). Removing keeps the row with no uses left,
 * because past orders point at it; a discount with no uses left is never applied or listed.
 * Returns the discount as it now is, or null when it was removed.
 */
export async function setDiscount(db: Db, input: DiscountInput, adminId: number): Promise<Discount | null> {
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
    const audit = { adminId, target: `task:${taskId}`, userId };
    if (removing) {
      const ended = await rows<DiscountRow>(tx, sql`UPDATE discounts d SET uses_left = 0
        WHERE task_id = ${taskId} AND type = ${input.type} AND ${HAS_USES}
          AND ${local ? sql`telegram_id = ${userId}` : sql`TRUE`}
        RETURNING ${DISCOUNT_COLUMNS}`);
      for (const r of ended) await recordAudit(tx, { ...audit, action: 'discount.delete', target: `discount:${r.id}`, before: audited(r), after: null });
      return null;
    }
    const before = await row<DiscountRow>(tx, sql`SELECT ${DISCOUNT_COLUMNS} FROM discounts d
      WHERE task_id = ${taskId} AND type = ${input.type} AND ${local ? sql`telegram_id = ${userId}` : sql`TRUE`} AND ${HAS_USES}`);
    const saved = await upsert(tx, { type: input.type, taskIds: [taskId], userIds: userId === null ? [] : [userId], percent: input.discountValue, count, from, to });
    await recordAudit(tx, { ...audit, action: 'discount.set', before: before ? audited(before) : null, after: audited(saved.rows[0]!) });
    return toDiscount(saved.rows[0]!);
  });
}

/**
 * `POST /discounts/bulk`: the same discount on every task, for everyone or for every user
 * named, each set as `set` sets it, in one transaction: a refusal writes nothing.
 */
export async function setDiscounts(db: Db, input: BulkInput, adminId: number): Promise<DiscountBulkResult> {
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
    // One row for the whole bulk action, naming every task and user it set.
    await recordAudit(tx, {
      adminId,
      action: 'discount.set',
      target: `tasks:${taskIds.join(',')}`,
      userId: userIds.length === 1 ? userIds[0]! : null,
      after: { type: input.type, discountValue: input.discountValue, availableValue: count, validFrom: bind(from), validTo: bind(to), telegramIds: userIds.map(String), created, updated },
    });
    return { created, updated };
  });
}

/**
 * `PATCH /discounts/{id}`: changes what is sent of a discount that is still listed. The
 * row is locked while the new values are checked against the old, so two admins' edits
 * take turns instead of mixing.
 */
export async function updateDiscount(db: Db, id: number, change: DiscountChange, adminId: number): Promise<DiscountListItem> {
  if (Object.values(change).every((v) => v === undefined)) throw badRequest(MSG.discountPatchEmpty);
  await db.transaction(async (tx) => {
    const current = await row<DiscountRow>(tx, sql`SELECT ${DISCOUNT_COLUMNS} FROM discounts d WHERE d.id = ${id} AND ${HAS_USES} FOR UPDATE`);
    if (!current || !(await findListed(tx, id, clock.now()))) throw notFound(MSG.discountNotFound);
    const count = change.availableValue === undefined ? current.uses_left : change.availableValue;
    if (change.availableValue !== undefined) checkCount(current.type, count);
    const from = change.validFrom === undefined ? stored(current.valid_from) : toTime(change.validFrom);
    const to = change.validTo === undefined ? stored(current.valid_to) : toTime(change.validTo);
    checkWindow(from, to, Boolean(change.validTo));
    const changed = await row<DiscountRow>(tx, sql`UPDATE discounts d SET percent = ${change.discountValue ?? current.percent}, uses_left = ${count},
                           valid_from = ${bind(from)}::timestamptz, valid_to = ${bind(to)}::timestamptz
                         WHERE id = ${id} RETURNING ${DISCOUNT_COLUMNS}`);
    await recordAudit(tx, { adminId, action: 'discount.edit', target: `discount:${id}`, userId: userOf(current), before: audited(current), after: audited(changed!) });
  });
  return (await findListed(db, id, clock.now()))!;
}

/** `DELETE /discounts/{id}`: no uses left, so it never applies again and leaves the lists; past orders keep pointing at it. */
export async function removeDiscount(db: Db, id: number, adminId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The row as it was: RETURNING shows the new values, so read it locked first.
    const current = await row<DiscountRow>(tx, sql`SELECT ${DISCOUNT_COLUMNS} FROM discounts d WHERE d.id = ${id} AND ${HAS_USES} FOR UPDATE`);
    if (!current) throw notFound(MSG.discountNotFound);
    await tx.execute(sql`UPDATE discounts SET uses_left = 0 WHERE id = ${id}`);
    await recordAudit(tx, { adminId, action: 'discount.delete', target: `discount:${id}`, userId: userOf(current), before: audited(current), after: null });
  });
}

export async function getDiscount(db: Db, id: number): Promise<DiscountListItem> {
  const found = await findListed(db, id, clock.now());
  if (!found) throw notFound(MSG.discountNotFound);
  return found;
}

export const listDiscountsNow = (db: Db, filter: ListFilter) => listDiscounts(db, filter, clock.now());

/** A task's discounts that can still be used, each with whether its window is open now, in batches. */
export async function* discountsForTask(db: Db, taskIdText: string): AsyncGenerator<TaskDiscount[]> {
  const taskId = Number(taskIdText);
  if (!(await row(db, sql`SELECT 1 FROM tasks WHERE id = ${taskId} AND deleted_at IS NULL`))) {
    throw notFound(MSG.taskNotFound);
  }
  yield* discountsOfTask(db, taskId, clock.now(), TASK_DISCOUNT_BATCH);
}

/**
 * The newest client's `POST /discounts/discount {value, taskIds, telegramIds, activationLimit,
 * from, to}`: the bulk call's rules, for everyone when no user is named, else for each user.
 * No `activationLimit` (or 0) is no limit for everyone's discount and one use for a user's own
 * (Zalik's personal discounts always have a count).
 */
export function setClientDiscounts(db: Db, input: z.output<typeof DiscountCreateBody>, adminId: number): Promise<DiscountBulkResult> {
  const userIds = input.telegramIds ?? [];
  const type = userIds.length ? 'LOCAL' : 'GLOBAL';
  const limit = input.activationLimit || null;
  return setDiscounts(db, {
    type,
    discountValue: input.value,
    availableValue: limit ?? (type === 'LOCAL' ? 1 : null),
    taskIds: input.taskIds,
    telegramIds: userIds,
    validFrom: input.from ?? null,
    validTo: input.to ?? null,
  }, adminId);
}

/**
 * The newest client's `PUT /discounts/discount`: its edit form sends every field back, so a
 * bound equal to the stored one is left as it is (an end already past stays editable), and a
 * user other than the discount's own is refused (a personal discount keeps its user).
 */
export async function updateClientDiscount(db: Db, input: z.output<typeof DiscountUpdateBody>, adminId: number): Promise<DiscountListItem> {
  const id = Number(input.discountId);
  const current = await getDiscount(db, id);
  if (input.telegramId && current.telegramId !== null && input.telegramId !== current.telegramId) throw badRequest(MSG.discountUserFixed);
  const same = (sent: string | null | undefined, stored: string | null) =>
    (sent ?? null) === null ? stored === null : stored !== null && Date.parse(sent!) === Date.parse(stored);
  const limit = input.activationLimit || null;
  return updateDiscount(db, id, {
    discountValue: input.value,
    availableValue: limit ?? (current.type === 'GLOBAL' ? null : undefined),
    validFrom: same(input.from, current.validFrom) ? undefined : (input.from ?? null),
    validTo: same(input.to, current.validTo) ? undefined : (input.to ?? null),
  }, adminId);
}

export const clientDiscountsNow = (db: Db, type: DiscountType, window: { limit: number; offset: number }) => listClientDiscounts(db, type, window, clock.now());
