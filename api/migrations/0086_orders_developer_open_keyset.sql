-- A developer's queue is read oldest first by (created_at, id), a batch or a page at a time,
-- each batch after the last one's key. The index stopped at created_at, so PostgreSQL could
-- not walk it in the list's order: for a developer with 700 open orders every batch of 100
-- read and sorted all 700 (7 ms a batch on the large dataset; 0.6 ms walking this one).
CREATE INDEX orders_developer_open_keyset ON orders (developer_id, created_at, id) WHERE status = 'IN_PROGRESS';
DROP INDEX orders_developer_open;
ALTER INDEX orders_developer_open_keyset RENAME TO orders_developer_open;
