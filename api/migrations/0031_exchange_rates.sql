-- Monobank's public rates (GET /bank/currency), shared by every instance because the bank
-- answers that call rarely: one row per pair as the bank gives it, and one row that says when
-- the bank was last asked (a conditional UPDATE of it lets one instance ask at a time).
CREATE TABLE exchange_rates (
  currency_a integer NOT NULL,
  currency_b integer NOT NULL,
  rate_buy numeric,
  rate_sell numeric,
  rate_cross numeric,
  bank_time timestamptz NOT NULL,
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (currency_a, currency_b)
);
CREATE TABLE exchange_rate_reads (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  asked_at timestamptz NOT NULL DEFAULT '-infinity',
  fetched_at timestamptz
);
INSERT INTO exchange_rate_reads DEFAULT VALUES;
