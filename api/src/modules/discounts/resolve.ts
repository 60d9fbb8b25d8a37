import { sql, type SQL } from 'drizzle-orm';
import { row, rows, type Executor } from '../../db/client.js';

/**
 * The one rule for which discount a buyer gets on a task: their LOCAL discount wins over the
 * task's GLOBAL one; a discount with no uses left does not count. The task card and the
 * charge both use this, so the price shown is the price paid.
 *
 * `taskId` is an SQL expression (a column in a list query, or a bound value).
 */
export function discountPercentSql(taskId: SQL, viewerId: number | null): SQL {
  return sql`COALESCE((
    SELECT d.percent FROM discounts d
    WHERE d.task_id = ${taskId}
      AND (d.uses_left IS NULL OR d.uses_left > 0)
      AND (d.type = 'GLOBAL' OR d.telegram_id = ${viewerId})
    ORDER BY (d.type = 'LOCAL') DESC
    LIMIT 1), 0)`;
}

interface DiscountRow {
  task_id: number;
  type: 'GLOBAL' | 'LOCAL';
  telegram_id: number | null;
  percent: number;
}

/**
 * The same rule in memory, for every viewer at once: the live discounts of one teacher's tasks,
 * as the catalogue cache keeps them (a task list then needs no per-viewer query).
 */
export class DiscountRules {
  private readonly global = new Map<number, number>();
  private readonly local = new Map<string, number>();
  private readonly localViewers = new Set<number>();

  constructor(list: DiscountRow[]) {
    for (const d of list) {
      if (d.type === 'GLOBAL') this.global.set(Number(d.task_id), Number(d.percent));
      else {
        this.local.set(`${d.task_id}:${d.telegram_id}`, Number(d.percent));
        this.localViewers.add(Number(d.telegram_id));
      }
    }
  }

  /** The viewer's percent on a task: their LOCAL discount, else the task's GLOBAL one, else 0. */
  percent(taskId: number, viewerId: number): number {
    return this.local.get(`${taskId}:${viewerId}`) ?? this.globalPercent(taskId);
  }

  /** What everyone without a LOCAL discount on the task gets. */
  globalPercent(taskId: number): number {
    return this.global.get(taskId) ?? 0;
  }

  /** Whether the viewer has a LOCAL discount (with uses left) on any of these tasks. */
  hasLocal(viewerId: number): boolean {
    return this.localViewers.has(viewerId);
  }
}

/** Discounts with uses left on the live tasks of a teacher. */
export async function loadDiscountRules(ex: Executor, teacherId: number): Promise<DiscountRules> {
  return new DiscountRules(
    await rows<DiscountRow>(
      ex,
      sql`SELECT d.task_id, d.type, d.telegram_id, d.percent FROM discounts d JOIN tasks t ON t.id = d.task_id
          WHERE t.teacher_id = ${teacherId} AND t.deleted_at IS NULL AND (d.uses_left IS NULL OR d.uses_left > 0)`,
    ),
  );
}

export interface AppliedDiscount {
  id: number;
  percent: number;
}

/**
 * Takes one use of the buyer's best discount on a task, inside the purchase's transaction.
 * The conditional UPDATE takes the use atomically: two buyers racing for the last use
 * cannot both get it. Returns null when no discount applies (the full price is charged).
 */
export async function consumeDiscount(tx: Executor, taskId: number, buyerId: number): Promise<AppliedDiscount | null> {
  for (;;) {
    const best = await row<{ id: number; percent: number; limited: boolean }>(
      tx,
      sql`SELECT d.id, d.percent, d.uses_left IS NOT NULL AS limited FROM discounts d
          WHERE d.task_id = ${taskId} AND (d.uses_left IS NULL OR d.uses_left > 0)
            AND (d.type = 'GLOBAL' OR d.telegram_id = ${buyerId})
          ORDER BY (d.type = 'LOCAL') DESC LIMIT 1`,
    );
    if (!best) return null;
    if (!best.limited) return { id: best.id, percent: best.percent };
    const taken = await row<{ id: number }>(
      tx,
      sql`UPDATE discounts SET uses_left = uses_left - 1 WHERE id = ${best.id} AND uses_left > 0 RETURNING id`,
    );
    // Someone took the last use between our read and the update: look again.
    if (taken) return { id: best.id, percent: best.percent };
  }
}
