-- The payout desk (docs/LEDGER.md "Withdrawals"): a developer's saved payout details, and what
-- a withdraw request now carries. Written to be renumbered freely: nothing refers to its number.

-- One row per developer: a card or a crypto address, sealed with PAYOUT_DETAILS_KEY
-- (AES-256-GCM, 'v1:<iv>:<tag>:<data>' in base64), so the database never holds it in clear.
CREATE TABLE payout_details (
  user_id bigint PRIMARY KEY REFERENCES users (telegram_id),
  type text NOT NULL CHECK (type IN ('CARD', 'CRYPTO')),
  sealed text NOT NULL CHECK (sealed LIKE 'v1:%'),
  -- what the developer and the lists show: '•••• 1111', 'TQn9…x7Ab'
  masked text NOT NULL,
  -- the crypto network the address was checked against (CRYPTO only)
  network text CHECK ((type = 'CRYPTO') = (network IS NOT NULL)),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A request is paid to a card or a crypto address; card_number holds it sealed while PENDING
-- and masked once resolved, card_last4 the last four characters of either.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_card_last4_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_last4 CHECK (card_last4 ~ '^[0-9A-Za-z]{4}$');
ALTER TABLE withdrawals ADD COLUMN details_type text NOT NULL DEFAULT 'CARD' CHECK (details_type IN ('CARD', 'CRYPTO'));
ALTER TABLE withdrawals ADD COLUMN details_masked text;
-- why it was rejected: the admin's words, or the timeout's
ALTER TABLE withdrawals ADD COLUMN reason text;
-- a PENDING request fails by itself then (WITHDRAW_TIMEOUT_HOURS); null for requests made before
ALTER TABLE withdrawals ADD COLUMN deadline_at timestamptz;
-- when the admins' batched notice named it; requests made before were announced one by one
ALTER TABLE withdrawals ADD COLUMN announced_at timestamptz;
UPDATE withdrawals SET announced_at = created_at;
CREATE INDEX withdrawals_unannounced ON withdrawals (id) WHERE announced_at IS NULL;

-- One open request per developer. Requests made before the rule may be several; they keep
-- `one_open = false` and are left out of the index, every new one is in it.
ALTER TABLE withdrawals ADD COLUMN one_open boolean NOT NULL DEFAULT false;
ALTER TABLE withdrawals ALTER COLUMN one_open SET DEFAULT true;
CREATE UNIQUE INDEX withdrawals_one_open ON withdrawals (user_id) WHERE status = 'PENDING' AND one_open;
-- The admins' queue reads pending requests oldest first.
CREATE INDEX withdrawals_queue ON withdrawals (created_at, id) WHERE status = 'PENDING';

-- Card numbers of requests still pending from before were stored in clear: the job seals them.
INSERT INTO jobs (name, key) VALUES ('wallets.seal-cards', 'after-payout-desk') ON CONFLICT DO NOTHING;
