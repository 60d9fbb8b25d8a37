-- The order timers are read from the orders themselves by three sweep jobs (docs/JOBS.md,
-- "The order timers") instead of 2-3 job rows per purchase. The due moments are the columns the
-- orders already have: the overdue refund is due ORDER_AUTO_REFUND_HOURS after `deadline_at`, the
-- reminder ORDER_REMIND_BEFORE_HOURS before it, the release at `accept_until`; the sweeps add the
-- hours, so each index below serves its sweep whatever the settings are.

-- The developer is still owed the reminder of this deadline (set by a purchase or a revision when
-- the reminder's moment is still ahead, cleared when it is sent).
ALTER TABLE orders ADD COLUMN remind_pending boolean NOT NULL DEFAULT false;
-- A sweep's handler failed on this order: the sweeps pass over it until then (NULL: never failed).
ALTER TABLE orders ADD COLUMN timer_retry_at timestamptz;

CREATE INDEX orders_refund_due ON orders (deadline_at, id) WHERE status = 'IN_PROGRESS';
CREATE INDEX orders_remind_due ON orders (deadline_at, id) WHERE status = 'IN_PROGRESS' AND remind_pending;
CREATE INDEX orders_release_due ON orders (accept_until, id) WHERE status = 'DELIVERED';

-- The reminders still owed by the job rows this replaces.
UPDATE orders o SET remind_pending = true
WHERE o.status = 'IN_PROGRESS'
  AND EXISTS (SELECT 1 FROM jobs j WHERE j.name = 'orders.remind' AND j.key = o.id::text AND j.status IN ('pending', 'running'));

-- Every row of the old timers: the pending ones are now the columns above, the finished ones
-- history nobody reads (a failed release or refund is picked up by its sweep instead).
DELETE FROM jobs WHERE name IN ('orders.release', 'orders.overdue', 'orders.remind');
