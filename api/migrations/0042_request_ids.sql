-- The request that scheduled a job or queued a bot message, so their log lines can be joined
-- to the request's (lib/request-context.ts). NULL for work no request caused.
ALTER TABLE jobs ADD COLUMN request_id text;
ALTER TABLE outbox ADD COLUMN request_id text;
