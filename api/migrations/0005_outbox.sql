-- Telegram notifications, written in the same transaction as the event that causes them and
-- sent later by the outbox worker, so a Telegram outage or a restart loses nothing.
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- what happened, e.g. 'order_delivered'; the worker only reads chat_id and payload
  kind text NOT NULL,
  chat_id bigint NOT NULL,
  -- { text, files: [{ blobId, fileName }], openApp?: boolean }
  payload jsonb NOT NULL,
  -- makes enqueueing idempotent: the same event never queues two messages
  dedupe_key text UNIQUE,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE sent_at IS NULL;
