import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { clock } from '../../lib/clock.js';

/**
 * The one rule for which discount a buyer gets on a task: their LOCAL discount wins over the
 * task's GLOBAL one; a discount counts only while it has uses left and `at` is inside its
 * window (`valid_from` inclusive, `valid_to` exclusive, NULL no bound). The task card, the
 * cached task list (DiscountRules below) and the charge all use this rule with the time of
 * `clock`, so the price shown is the price paid.
 */
export function appliesSql(at: Date): SQL {
  const t = at.toISOString();
  return sql`(d.uses_left IS NULL OR d.uses_left > 0)
    AND (d.valid_from IS NULL OR d.valid_from <= ${t}::timestamptz)
    AND (d.valid_to IS NULL OR d.valid_to > ${t}::timestamptz)`;
}

/** The viewer's percent on a task at `at`; `taskId` is an SQL expression (a column in a list query, or a bound value). */
export function discountPercentSql(taskId: SQL, viewerId: number | null, at: Date = clock.now()): SQL {
  return sql`COALESCE((
    SELECT d.percent FROM discounts d
    WHERE d.task_id = ${taskId} AND ${appliesSql(at)}
      AND (d.type = 'GLOBAL' OR d.telegram_id = ${viewerId})
    ORDER BY (d.type = 'LOCAL') DESC
    LIMIT 1), 0)`;
}

interface DiscountRow {
  task_id: number;
  type: 'GLOBAL' | 'LOCAL';
  telegram_id: number | null;
  percent: number;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
}

interface Rule {
  percent: number;
  /** Epoch ms; -Infinity / Infinity when the window has no bound on that side. */
  from: number;
  to: number;
}

const inside = (r: Rule | undefined, at: number): r is Rule => r !== undefined && r.from <= at && at < r.to;
const epoch = (v: Date | string | null, none: number) => (v === null ? none : new Date(v).getTime());

/**
 * The same rule in memory, for every viewer at once: the discounts with uses left of one
 * teacher's tasks, as the catalogue cache keeps them (a task list then needs no per-viewer
 * query). Windows are kept, not applied at load: the cache holds these until the discounts
 * change, while a window opens or closes on its own, so every answer reads the time it is
 * asked at.
 */
export class DiscountRules {
  private readonly global = new Map<number, Rule>();
  private readonly local = new Map<string, Rule>();
  private readonly localViewers = new Set<number>();
  /** Every time a window opens or closes, ascending. */
  private readonly boundaries: number[];

  constructor(list: DiscountRow[]) {
    const times = new Set<number>();
    for (const d of list) {
      const rule = { percent: Number(d.percent), from: epoch(d.valid_from, -Infinity), to: epoch(d.valid_to, Infinity) };
      for (const t of [rule.from, rule.to]) if (Number.isFinite(t)) times.add(t);
      if (d.type === 'GLOBAL') this.global.set(Number(d.task_id), rule);
      else {
        this.local.set(`${d.task_id}:${d.telegram_id}`, rule);
        this.localViewers.add(Number(d.telegram_id));
      }
    }
    this.boundaries = [...times].sort((a, b) => a - b);
  }

  /** The viewer's percent on a task at `at`: their LOCAL discount, else the task's GLOBAL one, else 0. */
  percent(taskId: number, viewerId: number, at: number): number {
    const mine = this.local.get(`${taskId}:${viewerId}`);
    return inside(mine, at) ? mine.percent : this.globalPercent(taskId, at);
  }

  /** What everyone without a LOCAL discount on the task gets at `at`. */
  globalPercent(taskId: number, at: number): number {
    const rule = this.global.get(taskId);
    return inside(rule, at) ? rule.percent : 0;
  }

  /** Whether the viewer has a LOCAL discount (with uses left, in its window or not) on any of these tasks. */
  hasLocal(viewerId: number): boolean {
    return this.localViewers.has(viewerId);
  }

  /**
   * The stretch of time around `at` in which no window opens or closes (`from` inclusive, `to`
   * exclusive): every percent read at `at` holds for all of it.
   */
  span(at: number): { from: number; to: number } {
    let from = -Infinity;
    for (const t of this.boundaries) {
      if (t > at) return { from, to: t };
      from = t;
    }
    return { from, to: Infinity };
  }
}

/** The discounts with uses left of a teacher's live tasks, windows and all. */
export async function loadDiscountRules(ex: Executor, teacherId: number): Promise<DiscountRules> {
  return new DiscountRules(
    await rows<DiscountRow>(
      ex,
      sql`SELECT d.task_id, d.type, d.telegram_id, d.percent, d.valid_from, d.valid_to FROM discounts d JOIN tasks t ON t.id = d.task_id
          WHERE t.teacher_id = ${teacherId} AND t.deleted_at IS NULL AND (d.uses_left IS NULL OR d.uses_left > 0)`,
    ),
  );
}

/** The discount a purchase is priced with, read with its task and taken by its statement. */
export interface AppliedDiscount {
  id: number;
  percent: number;
  /** It has a number of uses: the purchase takes one (`takeDiscountUseSql`). */
  limited: boolean;
}

/**
 * The buyer's best discount on a task at `at`, as JSON (`AppliedDiscount`) or NULL when none
 * applies. `taskId` is an SQL expression (the purchase reads it beside the task's columns).
 */
export function bestDiscountSql(taskId: SQL, buyerId: number, at: Date): SQL {
  return sql`(SELECT json_build_object('id', d.id, 'percent', d.percent, 'limited', d.uses_left IS NOT NULL) FROM discounts d
      WHERE d.task_id = ${taskId} AND ${appliesSql(at)}
        AND (d.type = 'GLOBAL' OR d.telegram_id = ${buyerId})
      ORDER BY (d.type = 'LOCAL') DESC LIMIT 1)`;
}

/**
 * Takes one use of a limited discount, in the purchase's own statement. The conditional
 * UPDATE takes the use atomically: of two buyers racing for the last use, one statement
 * returns no row, and that purchase starts again with what is left (modules/orders/record.ts).
 */
export function takeDiscountUseSql(id: number): SQL {
  return sql`UPDATE discounts SET uses_left = uses_left - 1 WHERE id = ${id} AND uses_left > 0 RETURNING id`;
}
