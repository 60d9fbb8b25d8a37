-- Catalogue. Rows that a purchase refers to are archived (deleted_at), never erased, so
-- every history stays readable after an admin deletes a subject, teacher, task or argument.
CREATE TABLE subjects (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  course_number smallint NOT NULL CHECK (course_number BETWEEN 1 AND 4),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX subjects_course ON subjects (course_number, id) WHERE deleted_at IS NULL;

CREATE TABLE teachers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject_id bigint NOT NULL REFERENCES subjects (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX teachers_subject ON teachers (subject_id, id) WHERE deleted_at IS NULL;

CREATE TABLE arguments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE tasks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  teacher_id bigint NOT NULL REFERENCES teachers (id),
  developer_id bigint NOT NULL REFERENCES users (telegram_id),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 255),
  description text NOT NULL DEFAULT '',
  identifier text NOT NULL DEFAULT '',
  -- whole UAH, as the admin enters it; the ledger works in kopecks
  price integer NOT NULL CHECK (price > 0),
  type text NOT NULL CHECK (type IN ('REGULAR', 'TEST')),
  visible boolean NOT NULL DEFAULT true,
  auto_generate boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX tasks_teacher ON tasks (teacher_id, id) WHERE deleted_at IS NULL;
CREATE INDEX tasks_developer ON tasks (developer_id);

-- The task's arguments in the order the admin gave them.
CREATE TABLE task_arguments (
  task_id bigint NOT NULL REFERENCES tasks (id),
  argument_id bigint NOT NULL REFERENCES arguments (id),
  position smallint NOT NULL,
  PRIMARY KEY (task_id, position)
);
CREATE INDEX task_arguments_argument ON task_arguments (argument_id);

-- GLOBAL: every buyer of the task; LOCAL: one user. uses_left NULL means unlimited.
CREATE TABLE discounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  task_id bigint NOT NULL REFERENCES tasks (id),
  type text NOT NULL CHECK (type IN ('GLOBAL', 'LOCAL')),
  telegram_id bigint REFERENCES users (telegram_id),
  percent smallint NOT NULL CHECK (percent BETWEEN 1 AND 100),
  uses_left integer CHECK (uses_left IS NULL OR uses_left >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'LOCAL') = (telegram_id IS NOT NULL))
);
-- at most one GLOBAL per task and one LOCAL per (task, user)
CREATE UNIQUE INDEX discounts_one_global ON discounts (task_id) WHERE type = 'GLOBAL';
CREATE UNIQUE INDEX discounts_one_local ON discounts (task_id, telegram_id) WHERE type = 'LOCAL';

CREATE TABLE news (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  text text NOT NULL,
  animation text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE faq (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  question text NOT NULL,
  answer text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
