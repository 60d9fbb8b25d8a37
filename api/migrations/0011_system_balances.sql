-- System accounts (escrow, fees, top-ups, payouts...) no longer keep a cached balance.
-- Every purchase touched 'escrow:orders', and updating that one row held its lock until
-- commit, so all purchases of the platform queued behind each other. A system account is
-- never debited conditionally (it may go negative), so nothing needs its balance at write
-- time: it is derived from its transfers when read. User accounts keep the cached balance,
-- debited by a conditional UPDATE with the CHECK as backstop. See docs/LEDGER.md.
UPDATE accounts SET balance = 0 WHERE owner_id IS NULL;
ALTER TABLE accounts ADD CONSTRAINT accounts_system_uncached CHECK (owner_id IS NOT NULL OR balance = 0);

-- Every account's balance: the cached one of a user wallet, the sum of transfers of a system account.
CREATE VIEW account_balances AS
SELECT a.id, a.code, a.owner_id, a.kind,
       CASE WHEN a.owner_id IS NOT NULL THEN a.balance
            ELSE COALESCE((SELECT SUM(t.amount) FROM transfers t WHERE t.credit_account_id = a.id), 0)
               - COALESCE((SELECT SUM(t.amount) FROM transfers t WHERE t.debit_account_id = a.id), 0)
       END::bigint AS balance
FROM accounts a;
