-- A discount may apply only inside a window: from valid_from (inclusive) until valid_to
-- (exclusive); NULL is no bound on that side, so every existing discount keeps applying.
-- Both are compared with the application's clock (bound as a parameter), never the database's,
-- so the cached price list and the charge read the same time (modules/discounts/resolve.ts).
ALTER TABLE discounts ADD COLUMN valid_from timestamptz;
ALTER TABLE discounts ADD COLUMN valid_to timestamptz;
ALTER TABLE discounts ADD CONSTRAINT discounts_window CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from < valid_to);

-- The admin list pages through the discounts that still have uses left, newest first.
CREATE INDEX discounts_listed ON discounts (id DESC) WHERE uses_left IS NULL OR uses_left > 0;
