-- A purchase. What the buyer saw (title, subject, teacher, developer, price) is copied here
-- at purchase time, so later edits or deletions in the catalogue never change a history.
CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  buyer_id bigint NOT NULL REFERENCES users (telegram_id),
  task_id bigint NOT NULL REFERENCES tasks (id),
  developer_id bigint NOT NULL REFERENCES users (telegram_id),
  -- the client's Idempotency-Key (or one the server made up when none was sent)
  idempotency_key text NOT NULL,
  arguments jsonb NOT NULL DEFAULT '[]',
  task_title text NOT NULL,
  subject_name text NOT NULL,
  teacher_name text NOT NULL,
  developer_name text NOT NULL,
  auto_generate boolean NOT NULL,
  full_price bigint NOT NULL CHECK (full_price > 0),
  discount_percent smallint NOT NULL DEFAULT 0,
  discount_id bigint REFERENCES discounts (id),
  -- kopecks actually charged
  price bigint NOT NULL CHECK (price >= 0),
  status text NOT NULL CHECK (status IN ('IN_PROGRESS', 'DONE', 'REFUNDED')),
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  refunded_at timestamptz,
  UNIQUE (buyer_id, idempotency_key)
);
CREATE INDEX orders_buyer ON orders (buyer_id, created_at DESC, id DESC);
CREATE INDEX orders_developer_open ON orders (developer_id, created_at) WHERE status = 'IN_PROGRESS';

-- Files of an order (the generated answer, or what the developer sent). The bytes live in the
-- BlobStore under blob_id; file_name is only shown, never used as a path.
CREATE TABLE order_files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  blob_id uuid NOT NULL,
  file_name text NOT NULL,
  mime text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  position smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_files_order ON order_files (order_id, position);
