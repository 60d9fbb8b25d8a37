import { sql, type SQL } from 'drizzle-orm';
import { row, type Executor } from '../../db/client.js';

/**
 * ESCROW PLUG: what the dashboard reads about an order's delivery, deadline and dispute.
 *
 * The order escrow (migration `0016_order_escrow.sql`) adds `orders.deadline_at`,
 * `delivered_at` and `disputed_at` and the DELIVERED / DISPUTED states. The dashboard reads
 * those columns when the database has them and what every order has recorded before
 * otherwise, so it works on either schema. Once every database has them, `ESCROW` is the only
 * shape left: `orderClock` can return it without asking, and the partial index on
 * `delivered_at` the leaderboard would like (like `orders_delivered_time` on `completed_at`)
 * can be added.
 *
 * Every fragment reads an order aliased `o`.
 */
export interface OrderClock {
  /** True when orders have deadlines, deliveries held for acceptance, and disputes. */
  escrow: boolean;
  /** When a manual order was delivered to its buyer (NULL: not yet). */
  deliveredAt: SQL;
  /** When a manual order stopped waiting for its delivery: delivered or refunded (NULL: it still waits). */
  leftQueueAt: SQL;
  /** When a manual order is overdue. */
  dueAt: SQL;
  /** The deadline an on-time delivery is measured against; null while orders have none. */
  deadline: SQL | null;
  /** Disputes open now, and open at moment `t`; null while orders have no disputes. */
  disputes: { now: SQL; at: (t: SQL) => SQL } | null;
}

/** How long a manual order may wait when it records no deadline of its own (the escrow's default span). */
const OVERDUE_AFTER = sql`interval '24 hours'`;

/** Before escrow a manual order turns DONE (completed_at) the moment its developer delivers it. */
const BEFORE_ESCROW: OrderClock = {
  escrow: false,
  deliveredAt: sql`o.completed_at`,
  leftQueueAt: sql`LEAST(o.completed_at, o.refunded_at)`,
  dueAt: sql`(o.created_at + ${OVERDUE_AFTER})`,
  deadline: null,
  disputes: null,
};

const ESCROW: OrderClock = {
  escrow: true,
  deliveredAt: sql`o.delivered_at`,
  leftQueueAt: sql`LEAST(o.delivered_at, o.completed_at, o.refunded_at)`,
  dueAt: sql`COALESCE(o.deadline_at, o.created_at + ${OVERDUE_AFTER})`,
  deadline: sql`o.deadline_at`,
  disputes: {
    now: sql`o.status = 'DISPUTED'`,
    at: (t) => sql`o.disputed_at <= ${t} AND COALESCE(LEAST(o.completed_at, o.refunded_at) > ${t}, true)`,
  },
};

// A database's columns change only by a migration, which runs before the server serves.
const known = new WeakMap<object, Promise<OrderClock>>();

export function orderClock(ex: Executor): Promise<OrderClock> {
  let clock = known.get(ex);
  if (!clock) {
    clock = row<{ n: number | string }>(
      ex,
      sql`SELECT count(*) AS n FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name IN ('deadline_at', 'delivered_at', 'disputed_at')`,
    ).then((r) => (Number(r?.n) === 3 ? ESCROW : BEFORE_ESCROW));
    known.set(ex, clock);
    clock.catch(() => known.delete(ex));
  }
  return clock;
}
