-- What /metrics reads every scrape interval stays a small index read however many orders,
-- messages, users and finished jobs pile up.
CREATE INDEX orders_open ON orders (status) INCLUDE (price, deadline_at) WHERE status IN ('IN_PROGRESS', 'DELIVERED', 'DISPUTED');
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX users_bot_blocked ON users (telegram_id) WHERE bot_blocked_at IS NOT NULL;
CREATE INDEX jobs_open ON jobs (name, status) WHERE status IN ('pending', 'running', 'failed');
