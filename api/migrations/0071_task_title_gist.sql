-- The student search's second pass (a misspelt query: names a stretch of whose words is close to
-- it) ranked every task title near the query by word similarity: on 20 000 tasks a typo read and
-- ranked ~2 500 titles, 114 ms. A GiST trigram index hands titles over closest first (`<<->`,
-- modules/catalogue/search.queries.ts), so the pass stops after the page: 29 ms. The GIN index
-- of 0062 stays for the first pass (names holding the query), which GiST serves worse.
CREATE INDEX tasks_title_gist ON tasks USING gist (search_title gist_trgm_ops);
