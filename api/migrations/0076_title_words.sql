-- The words the tasks' titles are made of, each with how many titles use it. A misspelt search
-- ("лабараторна оптики") was answered by a GiST walk ranking titles by word similarity, which
-- reads most of the index for a typo: 29-37 ms alone on 20 000 tasks, 64 ms p99. The catalogue
-- has a few thousand distinct words, so each word of the query is corrected against them (a
-- trigram GiST on a small table) and the titles holding every corrected word come from the
-- title's trigram index (modules/catalogue/search.queries.ts). Hidden and deleted tasks count
-- too: the list only spells the catalogue, the search itself filters what a student may find.
--
-- A word is a run of the folded title's letters, digits and apostrophes (search_fold, 0062, so
-- lower case only); the query is split by the same class in contract's searchWords. C-collated
-- so the primary key also serves "a word starting with what is typed" as a range.
CREATE TABLE title_words (
  word text COLLATE "C" PRIMARY KEY,
  uses integer NOT NULL
);
CREATE INDEX title_words_trgm ON title_words USING gist (word gist_trgm_ops);

CREATE FUNCTION title_words_of(title text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT DISTINCT w FROM regexp_split_to_table(title, '[^a-z0-9а-яёіїєґ'']+') w WHERE char_length(w) >= 3 $$;

-- Titles `gone` no longer count, titles `came` do. Words are written in one order, so two
-- transactions editing titles that share words lock them in the same order and wait rather than
-- deadlock; a word no title uses any more is removed.
CREATE FUNCTION title_words_change(gone text[], came text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO title_words (word, uses)
    SELECT w, sum(n) FROM (
      SELECT w, -1 AS n FROM unnest(gone) t, title_words_of(t) w
      UNION ALL SELECT w, 1 FROM unnest(came) t, title_words_of(t) w
    ) d GROUP BY w HAVING sum(n) <> 0 ORDER BY w
    ON CONFLICT (word) DO UPDATE SET uses = title_words.uses + EXCLUDED.uses;
  DELETE FROM title_words WHERE uses <= 0 AND word IN (SELECT title_words_of(t) FROM unnest(gone) t);
$$;

-- Statement-level with transition tables: a bulk insert or a catalogue import changes each word
-- once, not once per task. An update counts only the tasks whose title changed (a soft delete or
-- a price change leaves the words alone).
CREATE FUNCTION title_words_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM title_words_change('{}', ARRAY(SELECT search_title FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM title_words_change(ARRAY(SELECT search_title FROM old_rows), '{}');
  ELSE
    PERFORM title_words_change(
      ARRAY(SELECT o.search_title FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.search_title IS DISTINCT FROM n.search_title),
      ARRAY(SELECT n.search_title FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.search_title IS DISTINCT FROM n.search_title));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER title_words_inserted AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION title_words_count();
CREATE TRIGGER title_words_updated AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION title_words_count();
CREATE TRIGGER title_words_deleted AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION title_words_count();

INSERT INTO title_words (word, uses)
  SELECT w, count(*) FROM tasks, title_words_of(tasks.search_title) w GROUP BY w;
