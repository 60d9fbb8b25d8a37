-- Broadcasts: an admin's message (and files) to one course or to everyone, sent through the
-- outbox one message per recipient, after the messages of the users' own events (priority).
-- docs/BOT.md "Broadcasts".

-- Telegram said the user blocked the bot: broadcasts skip them until they write to the bot again.
ALTER TABLE users ADD COLUMN bot_blocked_at timestamptz;

CREATE TABLE broadcasts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_by bigint NOT NULL REFERENCES users (telegram_id),
  -- NULL: every user
  course_number smallint CHECK (course_number BETWEEN 1 AND 4),
  message text NOT NULL,
  -- messages queued, and users left out because they had blocked the bot
  recipients integer NOT NULL CHECK (recipients >= 0),
  skipped integer NOT NULL CHECK (skipped >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX broadcasts_time ON broadcasts (created_at DESC, id DESC);

CREATE TABLE broadcast_files (
  broadcast_id bigint NOT NULL REFERENCES broadcasts (id),
  position smallint NOT NULL,
  blob_id uuid NOT NULL,
  file_name text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  PRIMARY KEY (broadcast_id, position)
);

-- 0: a user's own event (an order, a payment); 1: a broadcast, sent when nothing else waits.
ALTER TABLE outbox ADD COLUMN priority smallint NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN broadcast_id bigint REFERENCES broadcasts (id);
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (priority, next_attempt_at, id) WHERE sent_at IS NULL AND gave_up_at IS NULL;
CREATE INDEX outbox_broadcast ON outbox (broadcast_id) WHERE broadcast_id IS NOT NULL;
