import { sql } from 'drizzle-orm';
import { MSG, type Discount, type DiscountType, type TaskDiscount } from '@zalik/contract';
import { row, rows, type Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';

export interface DiscountInput {
  type: DiscountType;
  /** 0 removes the discount; 1-100 sets it. */
  discountValue: number;
  /** Purchases it may serve; null/undefined for a GLOBAL discount means unlimited. */
  availableValue?: number | null;
  telegramId?: string | null;
  taskId: string;
}

interface DiscountRow {
  id: number;
  type: DiscountType;
  percent: number;
  uses_left: number | null;
  telegram_id: number | null;
  task_id: number;
  username?: string | null;
}

const toDiscount = (r: DiscountRow): Discount => ({
  id: String(r.id),
  type: r.type,
  discountValue: r.percent,
  availableValue: r.uses_left,
  telegramId: r.telegram_id === null ? null : String(r.telegram_id),
  taskId: String(r.task_id),
});

const COLUMNS = sql`id, type, percent, uses_left, telegram_id, task_id`;

export function createDiscountsService(db: Db) {
  return {
    /**
     * Sets (upserts) or removes one discount: a task has at most one GLOBAL discount and one
     * LOCAL discount per user. Removing keeps the row with no uses left, because past orders
     * point at it; a discount with no uses left is never applied or listed.
     * Returns the discount as it now is, or null when it was removed.
     */
    async set(input: DiscountInput): Promise<Discount | null> {
      const taskId = Number(input.taskId);
      const local = input.type === 'LOCAL';
      const userId = local ? Number(input.telegramId ?? 0) || null : null;
      if (local && userId === null) throw badRequest(MSG.discountUserRequired);
      const removing = input.discountValue === 0;
      const count = input.availableValue ?? null;
      if (!removing) {
        // The spec's rule: the count must be positive; only a GLOBAL discount may be unlimited.
        if (count === null ? local : count <= 0) throw badRequest(MSG.discountCount);
      }

      return db.transaction(async (tx) => {
        const task = await row<{ id: number }>(tx, sql`SELECT id FROM tasks WHERE id = ${taskId} AND deleted_at IS NULL`);
        if (!task) throw notFound(MSG.taskNotFound);
        if (userId !== null && !(await row(tx, sql`SELECT 1 FROM users WHERE telegram_id = ${userId}`))) {
          throw notFound(MSG.userNotFound);
        }
        if (removing) {
          await tx.execute(sql`UPDATE discounts SET uses_left = 0
            WHERE task_id = ${taskId} AND type = ${input.type}
              AND ${local ? sql`telegram_id = ${userId}` : sql`TRUE`}`);
          return null;
        }
        const saved = local
          ? await row<DiscountRow>(
              tx,
              sql`INSERT INTO discounts (task_id, type, telegram_id, percent, uses_left)
                  VALUES (${taskId}, 'LOCAL', ${userId}, ${input.discountValue}, ${count})
                  ON CONFLICT (task_id, telegram_id) WHERE type = 'LOCAL'
                  DO UPDATE SET percent = EXCLUDED.percent, uses_left = EXCLUDED.uses_left
                  RETURNING ${COLUMNS}`,
            )
          : await row<DiscountRow>(
              tx,
              sql`INSERT INTO discounts (task_id, type, telegram_id, percent, uses_left)
                  VALUES (${taskId}, 'GLOBAL', NULL, ${input.discountValue}, ${count})
                  ON CONFLICT (task_id) WHERE type = 'GLOBAL'
                  DO UPDATE SET percent = EXCLUDED.percent, uses_left = EXCLUDED.uses_left
                  RETURNING ${COLUMNS}`,
            );
        return toDiscount(saved!);
      });
    },

    /** A task's discounts that can still be used: GLOBAL first, then LOCAL by username. */
    async listForTask(taskIdText: string): Promise<TaskDiscount[]> {
      const taskId = Number(taskIdText);
      if (!(await row(db, sql`SELECT 1 FROM tasks WHERE id = ${taskId} AND deleted_at IS NULL`))) {
        throw notFound(MSG.taskNotFound);
      }
      const found = await rows<DiscountRow>(
        db,
        sql`SELECT d.id, d.type, d.percent, d.uses_left, d.telegram_id, d.task_id, u.username
            FROM discounts d LEFT JOIN users u ON u.telegram_id = d.telegram_id
            WHERE d.task_id = ${taskId} AND (d.uses_left IS NULL OR d.uses_left > 0)
            ORDER BY (d.type = 'LOCAL'), u.username, d.id`,
      );
      return found.map((r) => ({ ...toDiscount(r), username: r.username ?? '' }));
    },
  };
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
