-- Background work (see docs/JOBS.md). Both tables are claimed with FOR UPDATE SKIP LOCKED
-- and a lease, so with several instances each due job runs on one of them, and a job whose
-- instance died is taken again once its lease runs out.

-- One-off jobs: run once at run_at (an order's deadline, a retry of a failed run).
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the handler's name, e.g. 'order.release'
  name text NOT NULL,
  -- with name, makes scheduling idempotent: one pending job per (name, key)
  key text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- pending -> running -> done | failed (gave up) | cancelled
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed', 'cancelled')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  -- the claim that holds a running job, and until when; renewed while the handler runs
  locked_by uuid,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX jobs_pending_key ON jobs (name, key) WHERE status = 'pending';
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE status = 'pending';
CREATE INDEX jobs_running ON jobs (locked_until) WHERE status = 'running';

-- Recurring jobs: one row each, next_run_at advanced by the claim itself, so each
-- occurrence runs on one instance.
CREATE TABLE recurring_jobs (
  name text PRIMARY KEY,
  interval_ms integer NOT NULL,
  next_run_at timestamptz NOT NULL DEFAULT now(),
  locked_by uuid,
  locked_until timestamptz,
  runs bigint NOT NULL DEFAULT 0,
  last_started_at timestamptz,
  last_error text
);
