/** The payout desk's one-off jobs (registered in jobs.ts, scheduled by withdrawals.ts). */
export const TIMEOUT_JOB = 'wallets.withdraw-timeout';
export const WARN_JOB = 'wallets.withdraw-warn';
/** Keyed 'next': every request made while one is pending joins that one notice. */
export const ANNOUNCE_JOB = 'wallets.announce';
/** Seals the cards of requests made before sealing (scheduled by the payout desk's migration). */
export const SEAL_JOB = 'wallets.seal-cards';
/** Gives requests made before the payout desk their deadline (scheduled by migration 0044). */
export const LEGACY_DEADLINES_JOB = 'wallets.legacy-deadlines';
