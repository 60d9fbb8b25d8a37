-- A referral bonus whose qualifying spending was refunded afterwards is taken back once
-- (docs/LEDGER.md, "Referral bonus"). One row per inviter: the bonus can be paid once, so it
-- can be taken back once. `taken` grows by each REFERRAL_CLAWBACK transfer (key
-- `referral-clawback:<inviter>:<taken before>`); what is still missing is a debt that later
-- credits to the inviter's general wallet settle.
CREATE TABLE referral_clawbacks (
  inviter_id bigint PRIMARY KEY REFERENCES users (telegram_id),
  amount bigint NOT NULL CHECK (amount > 0),
  taken bigint NOT NULL DEFAULT 0 CHECK (taken >= 0 AND taken <= amount),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CHECK ((settled_at IS NOT NULL) = (taken = amount))
);
CREATE INDEX referral_clawbacks_open ON referral_clawbacks (inviter_id) WHERE taken < amount;
