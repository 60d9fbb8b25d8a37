-- The ledger check's verified point (docs/LEDGER.md, "Invariants and npm run ledger:check"). A
-- check that found the ledger clean stores the transfer id W through which it verified every
-- account, and each account's net through W (credits - debits of transfers with id <= W).
-- Transfers are immutable, so these nets never change: the next check reads only transfers with
-- id > W (a range of the primary key) and adds them. `npm run ledger:check -- --full` ignores
-- the point and writes a new one.
CREATE TABLE ledger_points (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- W: no transfer with id <= W can commit after the check that wrote it (the barrier in
  -- modules/ledger/check.queries.ts).
  through_id bigint NOT NULL CHECK (through_id >= 0),
  -- how many transfers have id <= W, so a check reports the total without counting them again
  transfers bigint NOT NULL CHECK (transfers >= 0),
  -- the key of the newest transfer through W: a check whose transfers no longer hold it (the
  -- table emptied or restored from elsewhere) refuses the point instead of trusting it
  last_key text,
  mode text NOT NULL CHECK (mode IN ('FULL', 'INCREMENTAL')),
  verified_at timestamptz NOT NULL DEFAULT now()
);

-- The nets through the newest point only (each check that writes a point moves them to its W in
-- the same transaction). An account absent here had no transfer through W. No foreign key:
-- accounts are never deleted, and a full check rewrites every row.
CREATE TABLE ledger_point_nets (
  account_id bigint PRIMARY KEY,
  net bigint NOT NULL
);
