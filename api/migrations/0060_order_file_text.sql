-- The text of an order's own files (the generated DOCX, a developer's delivery), read once when
-- a question first needs it, so the tutor's answers draw on what the student bought
-- (docs/EXPLANATIONS.md, "Retrieval"). Replaced files take their text with them.
CREATE TABLE order_file_texts (
  order_file_id bigint PRIMARY KEY REFERENCES order_files (id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders (id),
  -- null: its text is in order_file_chunks; else why it gave none (not a document, unreadable, empty)
  failure text,
  read_at timestamptz NOT NULL DEFAULT now()
);

-- An order has a handful of pieces: they are found by its id, then matched, with no GIN index.
CREATE TABLE order_file_chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_file_id bigint NOT NULL REFERENCES order_file_texts (order_file_id) ON DELETE CASCADE,
  order_id bigint NOT NULL,
  position integer NOT NULL,
  content text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED
);
CREATE INDEX order_file_chunks_order ON order_file_chunks (order_id, position);
