CREATE TABLE users (
  telegram_id bigint PRIMARY KEY,
  username text NOT NULL DEFAULT '',
  photo text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  course_number smallint NOT NULL DEFAULT 0,
  is_banned boolean NOT NULL DEFAULT false,
  invited_by bigint REFERENCES users (telegram_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_course_number CHECK (course_number BETWEEN 0 AND 4),
  CONSTRAINT users_not_self_invited CHECK (invited_by IS NULL OR invited_by <> telegram_id)
);
CREATE INDEX users_invited_by ON users (invited_by) WHERE invited_by IS NOT NULL;
CREATE INDEX users_telegram_id_text ON users ((telegram_id::text) text_pattern_ops);

CREATE TABLE user_roles (
  telegram_id bigint NOT NULL REFERENCES users (telegram_id),
  role text NOT NULL CHECK (role IN ('ROLE_DEVELOPER', 'ROLE_ADMIN')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (telegram_id, role)
);

CREATE TABLE meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
