-- When each person last wrote in an order's thread (the rate window's posts), kept on their
-- read row so that a message is admitted under the rate by an upsert of that one row: two
-- posts racing at the limit queue on it and the second sees the first, where a count of the
-- messages in the statement's own snapshot let both through.
ALTER TABLE order_thread_reads ADD COLUMN posted_at timestamptz[] NOT NULL DEFAULT '{}';

-- The posts already written within any rate window, so the limit holds across the upgrade.
UPDATE order_thread_reads r SET posted_at = p.times
FROM (SELECT order_id, author_id, array_agg(created_at ORDER BY created_at) AS times
        FROM order_messages
       WHERE kind = 'MESSAGE' AND author_id IS NOT NULL AND created_at > now() - interval '1 day'
       GROUP BY order_id, author_id) p
WHERE r.order_id = p.order_id AND r.user_id = p.author_id;
