-- An author's profile reads three figures from the author's orders. With no index on them by
-- time, the median first answer (over the latest 100 answered manual, paid orders) walked every
-- order of the platform backwards by `orders_time` until it had found 100 (all of them when the
-- author answered fewer), and the two counts read each of the author's orders from the heap.
--
-- The author's manual, paid orders newest first, carrying what the deliveries count reads: the
-- first-answer walk reads only them, and the deliveries count is an index-only scan.
CREATE INDEX orders_developer_manual ON orders (developer_id, created_at DESC, id DESC)
  INCLUDE (status, delivered_at, deadline_at) WHERE NOT auto_generate AND NOT free_take;
-- The completed-orders count (the author's level): an index-only count rather than a counter on
-- the developer's row, which every purchase of their tasks would lock.
CREATE INDEX orders_developer_done ON orders (developer_id) WHERE status = 'DONE' AND NOT free_take;
