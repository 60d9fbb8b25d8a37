-- Top-ups that credit themselves (docs/LEDGER.md "Deposits"). A deposit request is what a
-- student asked to pay; the provider's own transaction id (Telegram's charge id, the bank's
-- statement item id) is the ledger key of its credit, so a repeated update credits once.
INSERT INTO accounts (code, kind) VALUES
  ('external:stars', 'system'),
  ('external:monobank', 'system');

CREATE TABLE deposit_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (telegram_id),
  provider text NOT NULL CHECK (provider IN ('TELEGRAM_STARS', 'MONOBANK')),
  -- kopecks asked for; what was credited may differ for a bank payment (the money that came)
  amount bigint NOT NULL CHECK (amount > 0),
  -- the price in Stars (TELEGRAM_STARS only), fixed when the invoice is made
  stars integer CHECK (stars IS NULL OR stars > 0),
  -- the short code a bank payment's comment carries ('ZLK-7F3K2'); unique for all time
  code text NOT NULL UNIQUE,
  payment_link text,
  -- REFUNDING: a Stars refund debited the wallet and waits for Telegram's answer (docs/LEDGER.md);
  -- the API shows it as PAID until Telegram confirms.
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'EXPIRED', 'REFUNDING', 'REFUNDED')),
  credited bigint CHECK (credited IS NULL OR credited > 0),
  -- telegram_payment_charge_id or the bank statement item id that paid it
  charge_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  refunded_at timestamptz,
  refunded_by bigint REFERENCES users (telegram_id),
  -- refund attempts started; each debits under its own key, and one Telegram refused is undone
  refund_attempts integer NOT NULL DEFAULT 0,
  CHECK ((provider = 'TELEGRAM_STARS') = (stars IS NOT NULL)),
  CHECK ((status IN ('PAID', 'REFUNDING', 'REFUNDED')) = (paid_at IS NOT NULL AND credited IS NOT NULL AND charge_id IS NOT NULL)),
  CHECK ((status = 'REFUNDED') = (refunded_at IS NOT NULL))
);
CREATE INDEX deposit_requests_user ON deposit_requests (user_id, created_at DESC, id DESC);
CREATE INDEX deposit_requests_status ON deposit_requests (status, created_at DESC, id DESC);
CREATE INDEX deposit_requests_pending ON deposit_requests (expires_at) WHERE status = 'PENDING';

-- Every item of the jar's bank statement, recorded once by the bank's id. An item whose
-- comment names a request credits it; one that names none waits for an admin, who credits
-- it to a user (credited_user_id). Amounts are kopecks; only incoming items are kept.
CREATE TABLE bank_payments (
  id text PRIMARY KEY,
  amount bigint NOT NULL CHECK (amount > 0),
  comment text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  occurred_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  deposit_request_id bigint REFERENCES deposit_requests (id),
  credited_user_id bigint REFERENCES users (telegram_id),
  credited_by bigint REFERENCES users (telegram_id),
  credited_at timestamptz,
  CHECK (deposit_request_id IS NULL OR credited_user_id IS NULL),
  CHECK ((credited_user_id IS NULL) = (credited_at IS NULL))
);
CREATE INDEX bank_payments_unmatched ON bank_payments (occurred_at DESC) WHERE deposit_request_id IS NULL AND credited_user_id IS NULL;

-- When the jar's statement was last read (the bank allows one read a minute, for all instances together).
CREATE TABLE bank_statement_reads (
  account text PRIMARY KEY,
  read_at timestamptz NOT NULL,
  -- the newest item time seen: the next read starts a little before it
  cursor_at timestamptz
);
