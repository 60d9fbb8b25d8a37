-- The maintenance switch: one row. While enabled, every call but the public ones and an
-- admin's answers 503 with the admin's message (docs/SECURITY.md "Maintenance mode").
CREATE TABLE maintenance (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT false,
  message text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (telegram_id)
);
INSERT INTO maintenance (id) VALUES (true);
