-- Each account's transfers were indexed twice per direction: (account, id) from 0003 and
-- (account, created_at DESC, id DESC) from 0008. Every read that filters on an account (a wallet's
-- pages, a system account's balance in `account_balances`, the foreign keys) is served by the
-- newer one, which also hands a wallet's pages over in their order; the older pair only cost
-- every transfer two more index entries (a purchase writes one to three transfers).
DROP INDEX transfers_debit;
DROP INDEX transfers_credit;
