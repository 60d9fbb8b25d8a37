-- Each dashboard panel's latest answer (issue 30, docs/DASHBOARD.md "Snapshots"): the recurring
-- job `dashboard.refresh` recomputes every panel and period through the analytics pool and
-- stores it here, so an admin reads one row instead of waiting seconds for months of rows to be
-- counted. `key` is the panel and its period ('figures:7d', 'daily'); `computed_at` is the moment
-- the answer describes (its `to` / `at`), so an older answer never replaces a newer one.
CREATE TABLE dashboard_snapshots (
  key text PRIMARY KEY,
  answer jsonb NOT NULL,
  computed_at timestamptz NOT NULL
);
