-- Statement items the reader cannot credit by itself wait for an admin with the reason why
-- (docs/LEDGER.md, "Monobank jar"), instead of stopping the reader or being credited wrongly:
--   QUARANTINED       the item could not be read or stored (its raw JSON kept, cleaned; amount may be unknown)
--   FOREIGN_CURRENCY  not in the jar's currency (980, UAH): never credited as hryvnias
--   SEVERAL_CODES     its comment names more than one top-up code
ALTER TABLE bank_payments
  ADD COLUMN currency_code integer NOT NULL DEFAULT 980,
  ADD COLUMN hold text CHECK (hold IN ('QUARANTINED', 'FOREIGN_CURRENCY', 'SEVERAL_CODES')),
  ADD COLUMN raw text,
  ALTER COLUMN amount DROP NOT NULL,
  ADD CONSTRAINT bank_payments_amount_known CHECK (amount IS NOT NULL OR hold = 'QUARANTINED');

-- A look-back read now and then records items that showed up dated before the overlap of the
-- minute's reads. `since`: the reader never reads before it started (earlier payments were
-- recorded by hand); `swept_at`: the last look-back read.
ALTER TABLE bank_statement_reads
  ADD COLUMN since timestamptz,
  ADD COLUMN swept_at timestamptz;
UPDATE bank_statement_reads SET since = now() - interval '15 minutes', swept_at = now();
ALTER TABLE bank_statement_reads ALTER COLUMN since SET DEFAULT now(), ALTER COLUMN since SET NOT NULL;
