-- Reads that scanned whole tables on the large dataset (npm run bench:seed, 1 000 000 users;
-- EXPLAIN ANALYZE figures in docs/PERFORMANCE.md, "At a million users").

-- A purchase's discount ("GLOBAL, or this buyer's LOCAL one, of this task") matches neither
-- partial unique index (the OR's second arm does not say LOCAL), so every purchase walked all
-- live discounts: 42 ms on 42 000 rows.
CREATE INDEX discounts_task ON discounts (task_id, telegram_id);

-- The admins' unfiltered lists, newest first: a sort of every row (deposit requests 251 ms on
-- 500 000, withdrawals 28 ms on 20 000) where an index hands the first page over.
CREATE INDEX deposit_requests_time ON deposit_requests (created_at DESC, id DESC);
CREATE INDEX withdrawals_time ON withdrawals (created_at DESC, id DESC);

-- A worker that stops mid-batch hands its leased notices back by lease id; unsent rows only.
CREATE INDEX outbox_lease ON outbox (lease_id) WHERE lease_id IS NOT NULL AND sent_at IS NULL;

-- The hourly prune of finished jobs.
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE status IN ('done', 'cancelled');
