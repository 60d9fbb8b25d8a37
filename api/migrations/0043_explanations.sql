-- The AI tutor of an order (docs/EXPLANATIONS.md). A session is its order, so no row is written
-- at purchase; a question is charged when accepted and refunded once if no answer is stored.
INSERT INTO accounts (code, kind) VALUES ('income:explanations', 'system');

CREATE TABLE explanation_questions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  user_id bigint NOT NULL REFERENCES users (telegram_id),
  -- the client's Idempotency-Key (or one the server made up): a retry never pays twice
  idempotency_key text NOT NULL,
  question text NOT NULL,
  answer text,
  -- PENDING: charged, no answer stored yet; ANSWERED; REFUNDED: its money went back
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ANSWERED', 'REFUNDED')),
  -- kopecks taken (0 for an admin)
  price bigint NOT NULL CHECK (price >= 0),
  failure text,
  model text,
  prompt_tokens integer NOT NULL DEFAULT 0,
  completion_tokens integer NOT NULL DEFAULT 0,
  total_tokens integer NOT NULL DEFAULT 0,
  -- the provider sent no usage: the counts are estimated from the text's length
  usage_estimated boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (user_id, idempotency_key),
  CHECK ((status = 'ANSWERED') = (answer IS NOT NULL))
);
CREATE INDEX explanation_questions_order ON explanation_questions (order_id, created_at, id);
CREATE INDEX explanation_questions_pending ON explanation_questions (created_at) WHERE status = 'PENDING';
CREATE INDEX explanation_questions_created ON explanation_questions (created_at);

-- What admins upload for the answers to draw on: a task's, a subject's, or (neither) any order's.
CREATE TABLE explanation_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id bigint REFERENCES tasks (id),
  subject_id bigint REFERENCES subjects (id),
  file_name text NOT NULL,
  description text NOT NULL,
  blob_id uuid NOT NULL,
  mime text NOT NULL,
  size bigint NOT NULL,
  created_by bigint NOT NULL REFERENCES users (telegram_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (task_id IS NULL OR subject_id IS NULL)
);
CREATE INDEX explanation_documents_list ON explanation_documents (created_at DESC, id DESC);

-- The documents' text in pieces, found per question by full-text search ('simple': no
-- dictionary, so Ukrainian words match as written; no extension needed on PGlite or PostgreSQL).
CREATE TABLE explanation_chunks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id bigint NOT NULL REFERENCES explanation_documents (id) ON DELETE CASCADE,
  position integer NOT NULL,
  content text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED
);
CREATE INDEX explanation_chunks_tsv ON explanation_chunks USING gin (tsv);
CREATE INDEX explanation_chunks_document ON explanation_chunks (document_id, position);
