-- The admin dashboard (docs/DASHBOARD.md) reads periods of days out of the ledger and the
-- orders, and the accountant's CSV exports page through them by time. Without these indexes
-- each figure scans every transfer or order ever made.

-- Sums of one kind of transfer over a span of time (sales, refunds, fees, top-ups, earnings);
-- the included columns let the sums come from the index alone.
CREATE INDEX transfers_kind_time ON transfers (kind, created_at) INCLUDE (amount, debit_account_id, credit_account_id);
-- The transfers export walks (created_at, id) pages.
CREATE INDEX transfers_time ON transfers (created_at, id);
-- Purchases per day, the top lists and the orders export.
CREATE INDEX orders_time ON orders (created_at, id);
-- Deliveries of manual orders in a span (the developer leaderboard).
CREATE INDEX orders_delivered_time ON orders (delivered_at) WHERE delivered_at IS NOT NULL;
-- New users, and users who signed in, in a span.
CREATE INDEX users_created ON users (created_at);
CREATE INDEX users_updated ON users (updated_at);
