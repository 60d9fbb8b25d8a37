-- Escrow with rules (docs/LEDGER.md "Orders"): a manual order has a deadline, a delivery waits
-- in escrow for the buyer's acceptance (or the end of the window), the buyer may ask for
-- revisions or open a dispute, and an overdue order is refunded. Every change of state is a
-- conditional UPDATE of orders.status plus its ledger legs in one transaction, and a row in
-- order_events.

ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('IN_PROGRESS', 'DELIVERED', 'DISPUTED', 'DONE', 'REFUNDED'));

ALTER TABLE orders
  -- the span a delivery is due in, fixed at purchase (the task's own or ORDER_DEADLINE_HOURS);
  -- a revision's new deadline is counted with it too
  ADD COLUMN deadline_hours numeric CHECK (deadline_hours > 0),
  ADD COLUMN deadline_at timestamptz,
  ADD COLUMN delivered_at timestamptz,
  -- DELIVERED: escrow is released to the developer at this moment unless the buyer acts first
  ADD COLUMN accept_until timestamptz,
  ADD COLUMN revisions smallint NOT NULL DEFAULT 0 CHECK (revisions >= 0),
  ADD COLUMN revision_comment text,
  ADD COLUMN dispute_reason text,
  ADD COLUMN disputed_at timestamptz,
  ADD COLUMN dispute_outcome text CHECK (dispute_outcome IN ('RELEASE', 'REFUND')),
  ADD COLUMN resolved_by bigint REFERENCES users (telegram_id),
  ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('STUDENT', 'DEVELOPER', 'ADMIN', 'SYSTEM')),
  ADD COLUMN cancel_reason text,
  -- an auto-generated order's one free regeneration, when it was used
  ADD COLUMN reprocessed_at timestamptz;

-- Orders open before this migration: their developers never saw a deadline, so it runs from
-- now with the default span (24 h); the overdue timer is scheduled below like any other.
UPDATE orders SET deadline_hours = 24, deadline_at = now() + interval '24 hours' WHERE status = 'IN_PROGRESS';
-- A manual order that was DONE was delivered then (delivery paid at once before this migration).
UPDATE orders SET delivered_at = completed_at WHERE status = 'DONE' AND NOT auto_generate;
UPDATE orders SET cancelled_by = 'ADMIN' WHERE status = 'REFUNDED';

-- The new states carry what their rules read. (IN_PROGRESS without a deadline and REFUNDED
-- without cancelled_by stay allowed: rows written before, or straight by SQL, have none.)
ALTER TABLE orders ADD CONSTRAINT orders_delivered_has_window
  CHECK (status NOT IN ('DELIVERED', 'DISPUTED') OR (delivered_at IS NOT NULL AND accept_until IS NOT NULL));
ALTER TABLE orders ADD CONSTRAINT orders_disputed_has_reason CHECK (status <> 'DISPUTED' OR (dispute_reason IS NOT NULL AND disputed_at IS NOT NULL));

CREATE INDEX orders_disputed ON orders (disputed_at, id) WHERE status = 'DISPUTED';
CREATE INDEX orders_developer_closed ON orders (developer_id, created_at DESC, id DESC) WHERE status <> 'IN_PROGRESS';

-- Every change of an order's state, oldest first: what admins read to decide a dispute.
CREATE TABLE order_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  -- PURCHASE, DELIVERY, ACCEPT, AUTO_RELEASE, REVISION, DISPUTE, RESOLVE_RELEASE, RESOLVE_REFUND,
  -- STUDENT_CANCEL, DEVELOPER_CANCEL, AUTO_REFUND, ADMIN_REFUND, REPROCESS, FILES_REPLACED
  kind text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  actor text NOT NULL CHECK (actor IN ('STUDENT', 'DEVELOPER', 'ADMIN', 'SYSTEM')),
  actor_id bigint REFERENCES users (telegram_id),
  -- the revision comment, dispute reason, cancel reason or the developer's message
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order ON order_events (order_id, id);

-- The history so far, as far as the rows tell it.
INSERT INTO order_events (order_id, kind, from_status, to_status, actor, actor_id, created_at)
SELECT id, 'PURCHASE', NULL, CASE WHEN auto_generate THEN 'DONE' ELSE 'IN_PROGRESS' END, 'STUDENT', buyer_id, created_at FROM orders;
INSERT INTO order_events (order_id, kind, from_status, to_status, actor, actor_id, note, created_at)
SELECT id, 'DELIVERY', 'IN_PROGRESS', 'DONE', 'DEVELOPER', developer_id, message, completed_at
FROM orders WHERE status = 'DONE' AND NOT auto_generate AND completed_at IS NOT NULL;
INSERT INTO order_events (order_id, kind, from_status, to_status, actor, created_at)
SELECT id, 'ADMIN_REFUND', 'IN_PROGRESS', 'REFUNDED', 'ADMIN', COALESCE(refunded_at, created_at) FROM orders WHERE status = 'REFUNDED';

-- The overdue timer of the orders still open (48 h after the deadline: ORDER_AUTO_REFUND_HOURS's default).
INSERT INTO jobs (name, key, payload, run_at)
SELECT 'orders.overdue', id::text, json_build_object('orderId', id)::jsonb, deadline_at + interval '48 hours'
FROM orders WHERE status = 'IN_PROGRESS'
ON CONFLICT (name, key) WHERE status = 'pending' DO NOTHING;

-- A task's own deadline for its manual orders, in hours (fractions allowed); NULL: ORDER_DEADLINE_HOURS.
ALTER TABLE tasks ADD COLUMN deadline_hours numeric CHECK (deadline_hours > 0 AND deadline_hours <= 8760);
