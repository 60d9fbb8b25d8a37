import type { WalletKind, WithdrawalStatus } from '@zalik/contract';

/**
 * Query keys of the wallet area (convention of api/queryKeys.ts). Everything lives under
 * ['wallet'], so one prefix invalidation refreshes balances, transactions and withdrawals.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  wallets: (telegramId: string) => ['wallet', 'wallets', telegramId] as const,
  /** `kind` undefined: both wallets' rows (students, the admin's view of a user). */
  transactions: (telegramId: string, kind?: WalletKind) => ['wallet', 'transactions', telegramId, kind ?? 'all'] as const,
  jar: () => ['wallet', 'jar'] as const,
  myWithdrawals: () => ['wallet', 'withdrawals', 'my'] as const,
  withdrawals: (status: WithdrawalStatus) => ['wallet', 'withdrawals', 'all', status] as const,
};
