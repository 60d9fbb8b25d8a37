import { sql } from 'drizzle-orm';

/**
 * What the dashboard reads of a manual order's course through the escrow (migration
 * `0016_order_escrow.sql`, docs/LEDGER.md "The escrow of a manual order"). Every fragment
 * reads an order aliased `o`.
 */

/** When the order's files last reached its buyer (NULL: never). A revision keeps it; the next delivery moves it. */
export const DELIVERED_AT = sql`o.delivered_at`;

/** When the order stopped waiting for its developer: delivered, or refunded before that (NULL: it still waits). */
export const LEFT_QUEUE_AT = sql`LEAST(o.delivered_at, o.completed_at, o.refunded_at)`;

/** When the order's delivery is due. Orders closed before deadlines existed have none and are never overdue. */
export const DEADLINE = sql`o.deadline_at`;

/** Open disputes, and disputes that were open at moment `t` (opened by then, resolved later or not yet). */
export const DISPUTED_NOW = sql`o.status = 'DISPUTED'`;
export const disputedAt = (t: ReturnType<typeof sql>) => sql`o.disputed_at <= ${t} AND COALESCE(LEAST(o.completed_at, o.refunded_at) > ${t}, true)`;
