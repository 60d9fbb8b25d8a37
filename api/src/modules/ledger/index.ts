// Other areas, plugins/ and bot/ import this area only through this file, so the rest of it can change freely.
export { settleNewReferralDebt } from './debts.js';
export { IdempotencyConflict, InsufficientFunds, SYSTEM, balances, ensureWallet, ledgerFailure, post, postSql, type Leg, type TransferKind, type WalletKind } from './service.js';
