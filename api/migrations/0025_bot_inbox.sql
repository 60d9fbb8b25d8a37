-- Every update from Telegram is written here before Telegram is told it arrived (the next
-- getUpdates offset, or the webhook's 200), then handled by the bot from here, with retries:
-- a database or Bot API failure while handling delays an update (a Stars payment) but cannot
-- lose it. docs/BOT.md "Receiving updates".
CREATE TABLE bot_inbox (
  update_id bigint PRIMARY KEY,
  "update" jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  -- Counted at each claim, so a process dying mid-update uses up an attempt too.
  attempts integer NOT NULL DEFAULT 0,
  -- A claim moves it on by the lease; a failure by the backoff.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_id uuid,
  processed_at timestamptz,
  -- Given up after the last attempt; kept for someone to look at (clear it to retry).
  failed_at timestamptz,
  last_error text
);
CREATE INDEX bot_inbox_due ON bot_inbox (next_attempt_at, update_id) WHERE processed_at IS NULL AND failed_at IS NULL;
CREATE INDEX bot_inbox_processed ON bot_inbox (processed_at) WHERE processed_at IS NOT NULL;
CREATE INDEX bot_inbox_failed ON bot_inbox (failed_at) WHERE failed_at IS NOT NULL;
