-- Trigram search (issue 29's student search, issue 30's admin searches). pg_trgm is a trusted
-- extension: the database's owner may create it; PGlite loads it where it is created
-- (db/pglite.ts, docs/DECISIONS.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The one folding every search compares through, on both sides (the query is folded alike in
-- contract's foldSearch): lower case whatever the locale (under the C locale, PGlite's,
-- lower() folds only ASCII, so Cyrillic capitals are mapped explicitly) and every apostrophe
-- Ukrainian text uses as '. IMMUTABLE so expression indexes can hold it; it lives here, not in
-- functions/, because replacing it would silently stale those indexes.
CREATE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT translate(lower(t), 'АБВГҐДЕЄЁЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ’ʼ‘`', 'абвгґдеєёжзиіїйклмнопрстуфхцчшщъыьэюя''''''''') $$;

-- The catalogue's names folded once, when written: a search rechecks and ranks thousands of
-- candidate titles, and folding each (translate over Cyrillic) cost more than the match itself.
-- Users keep an expression index instead: a stored column would rewrite a million rows.
ALTER TABLE subjects ADD COLUMN search_name text GENERATED ALWAYS AS (search_fold(name)) STORED;
ALTER TABLE teachers ADD COLUMN search_name text GENERATED ALWAYS AS (search_fold(name)) STORED;
ALTER TABLE tasks ADD COLUMN search_title text GENERATED ALWAYS AS (search_fold(title)) STORED;

-- Student search (LIKE and word similarity), the admin task picker and discount search by title.
CREATE INDEX subjects_name_trgm ON subjects USING gin (search_name gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX teachers_name_trgm ON teachers USING gin (search_name gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX tasks_title_trgm ON tasks USING gin (search_title gin_trgm_ops);
-- The admin user search and the discount search by username (a million users).
CREATE INDEX users_username_trgm ON users USING gin (search_fold(username) gin_trgm_ops);
