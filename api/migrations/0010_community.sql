-- Support messages a user sent from /settings/support, with up to 3 files each. The bytes live
-- in the BlobStore under blob_id; file_name is only shown (and given to Telegram), never a path.
CREATE TABLE support_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  telegram_id bigint NOT NULL REFERENCES users (telegram_id),
  message text NOT NULL CHECK (char_length(message) >= 1),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_messages_user ON support_messages (telegram_id, created_at DESC);

CREATE TABLE support_files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  support_message_id bigint NOT NULL REFERENCES support_messages (id),
  blob_id uuid NOT NULL,
  file_name text NOT NULL,
  mime text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  position smallint NOT NULL DEFAULT 0
);
CREATE INDEX support_files_message ON support_files (support_message_id, position);

-- Outbox delivery state. A message is several Bot API calls (text, then files); steps_done
-- records how many succeeded, so a retry resumes instead of resending what arrived.
-- gave_up_at marks a message Telegram refuses for good (the user blocked the bot, no such
-- chat): it leaves the due queue but stays for inspection.
-- lease_id names the worker's claim that currently holds the row; every write of a send
-- checks it, so a worker whose lease ran out never overwrites another's progress.
ALTER TABLE outbox ADD COLUMN steps_done integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN gave_up_at timestamptz;
ALTER TABLE outbox ADD COLUMN lease_id uuid;
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE sent_at IS NULL AND gave_up_at IS NULL;

-- The invite list groups a referrer's friends' orders by buyer.
CREATE INDEX IF NOT EXISTS orders_buyer_status ON orders (buyer_id, status);
