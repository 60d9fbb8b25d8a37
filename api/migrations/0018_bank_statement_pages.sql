-- The jar's statement reader (api/src/modules/deposits/monobank.ts, docs/LEDGER.md "Monobank jar").
-- cursor_at is the upper bound of the last read that came back whole: the next read starts a
-- little before it. The bank answers at most 500 items per read, newest first; when a read
-- comes back full, what is left of its window, [page_from, page_to], is read (a minute later,
-- the bank's limit) before anything newer.
ALTER TABLE bank_statement_reads
  ADD COLUMN page_from timestamptz,
  ADD COLUMN page_to timestamptz,
  ADD CONSTRAINT bank_statement_reads_page CHECK ((page_from IS NULL) = (page_to IS NULL) AND (page_to IS NULL OR page_from < page_to));

-- The admins' list of bank payments, newest first.
CREATE INDEX bank_payments_occurred ON bank_payments (occurred_at DESC, id DESC);
