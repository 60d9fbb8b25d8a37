import type { BANK_PAYMENT_STATUSES, DepositProvider, DepositStatus } from '@zalik/contract';
/**
 * The top-up keys (docs/WEB.md, TanStack Query conventions): under the wallet's prefix, so
 * `qk.wallet.all` refreshes them too, but in a module of their own beside queryKeys.ts: only the
 * top-up sheet and the admin lists ask for them, and the first screen must not carry them.
 */
export const qkDeposits = {
  /** What the top-up sheet offers (limits, providers, the Stars price settings). */
  options: () => ['wallet', 'deposits', 'options'] as const,
  /** One deposit request: its status, polled while it waits for the payment. */
  one: (id: string) => ['wallet', 'deposits', 'one', id] as const,
  /** The student's own top-ups still waiting for payment (the wallet lists them, reopenable). */
  minePending: () => ['wallet', 'deposits', 'mine', 'PENDING'] as const,
  /** Admins: deposit requests by status and provider ('all' for no filter). */
  list: (status: DepositStatus | 'all', provider: DepositProvider | 'all') => ['wallet', 'deposits', 'list', status, provider] as const,
  /** Admins: items of the jar's statement by status. */
  bankPayments: (status: (typeof BANK_PAYMENT_STATUSES)[number]) => ['wallet', 'bank-payments', status] as const,
} as const;
