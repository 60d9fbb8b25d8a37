-- A developer's request to be paid out to a card. Creating it moves the amount from the
-- developer's dev wallet to 'pending:withdrawals' (so it can be neither spent nor withdrawn
-- twice); an admin then pays it by hand and marks it PAID (pending -> external:payout for
-- payout, pending -> income:fees for fee) or REJECTED (pending -> dev wallet, whole amount).
-- Amounts are kopecks. See docs/LEDGER.md.
CREATE TABLE withdrawals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (telegram_id),
  -- the client's Idempotency-Key, or a server-made one: a retried request creates one withdrawal
  idempotency_key text NOT NULL,
  -- the full number only while PENDING (the admin needs it to pay); masked once resolved
  card_number text NOT NULL,
  card_last4 text NOT NULL CHECK (card_last4 ~ '^[0-9]{4}$'),
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  payout bigint NOT NULL CHECK (payout > 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'REJECTED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by bigint REFERENCES users (telegram_id),
  CHECK (fee + payout = amount),
  CHECK ((status = 'PENDING') = (resolved_at IS NULL)),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX withdrawals_status ON withdrawals (status, created_at DESC, id DESC);
CREATE INDEX withdrawals_user ON withdrawals (user_id, created_at DESC, id DESC);
-- History reads walk a wallet's transfers newest first.
CREATE INDEX transfers_debit_time ON transfers (debit_account_id, created_at DESC, id DESC);
CREATE INDEX transfers_credit_time ON transfers (credit_account_id, created_at DESC, id DESC);
