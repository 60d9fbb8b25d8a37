-- The admin's task picker lists the live tasks whose title holds the text, by lower(title), id,
-- one page at a time. A common text ("робота №1") is in half the catalogue, and ranking every
-- title holding it was a scan, a join and a sort per page (20 ms on 20 000 tasks). This btree
-- hands the titles over in the picker's order, so the scan stops once the page is full (0.2 ms);
-- a rare text is still answered by the trigram index and a sort of its few titles. Same order
-- as the query by construction: an index never changes which rows match or how they sort.
-- modules/catalogue/tasks/search.ts.
CREATE INDEX tasks_title_lower ON tasks (lower(title), id) WHERE deleted_at IS NULL;
