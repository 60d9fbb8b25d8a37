-- Double-entry ledger. Balances are integer kopecks. A transfer moves money from its debit
-- account to its credit account and is never edited; a correction is a new transfer.
-- Invariants (npm run ledger:check): the balances sum to zero, every balance equals the sum
-- of its transfers, and no user account is ever below zero.
CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 'user:<telegramId>:general', 'user:<telegramId>:dev', or a system code such as 'escrow:orders'
  code text NOT NULL UNIQUE,
  owner_id bigint REFERENCES users (telegram_id),
  kind text NOT NULL CHECK (kind IN ('general', 'dev', 'system')),
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT accounts_owner_kind CHECK ((owner_id IS NULL) = (kind = 'system')),
  -- the backstop behind the conditional UPDATE that debits
  CONSTRAINT accounts_user_not_negative CHECK (owner_id IS NULL OR balance >= 0)
);
CREATE UNIQUE INDEX accounts_owner ON accounts (owner_id, kind) WHERE owner_id IS NOT NULL;

CREATE TABLE transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  debit_account_id bigint NOT NULL REFERENCES accounts (id),
  credit_account_id bigint NOT NULL REFERENCES accounts (id),
  amount bigint NOT NULL CHECK (amount > 0),
  kind text NOT NULL,
  -- what the money was for, e.g. 'order:42' or 'withdrawal:7'
  reference text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX transfers_debit ON transfers (debit_account_id, id);
CREATE INDEX transfers_credit ON transfers (credit_account_id, id);
CREATE INDEX transfers_reference ON transfers (reference);

-- Transfers are immutable: refuse UPDATE and DELETE at the database itself.
CREATE FUNCTION transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transfers are immutable';
END $$;
CREATE TRIGGER transfers_no_update BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION transfers_immutable();

INSERT INTO accounts (code, kind) VALUES
  ('external:topup', 'system'),
  ('external:payout', 'system'),
  ('pending:withdrawals', 'system'),
  ('escrow:orders', 'system'),
  ('income:fees', 'system'),
  ('expense:referral', 'system');
