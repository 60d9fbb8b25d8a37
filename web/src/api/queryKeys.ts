import type { HistoryType, WalletKind, WithdrawalStatus } from '@zalik/contract';
import { baseKeys } from './baseKeys';

/**
 * Every TanStack Query key of the app, built here and nowhere else. Keys are `[area, ...params]`,
 * so one invalidation can name a whole area (`qk.wallet.all`) or one resource
 * (`qk.wallet.wallets(id)`): a prefix invalidates everything under it.
 *
 * Two modules, so that the first screen carries only its own keys: api/baseKeys.ts (the course
 * and the catalogue, which the first screen's graph imports) and every other area's below.
 * Screens import `qk` from here; check:bundle fails if this module reaches the first screen.
 */
export const qk = {
  ...baseKeys,

  /** Balances, transactions and withdrawals: `all` refreshes every one of them. */
  wallet: {
    all: ['wallet'] as const,
    wallets: (telegramId: string) => ['wallet', 'wallets', telegramId] as const,
    /** A user's rows in every wallet view (a prefix of `transactions(id, kind)`). */
    transactionsOf: (telegramId: string) => ['wallet', 'transactions', telegramId] as const,
    /** `kind` undefined: both wallets' rows (students, the admin's view of a user). */
    transactions: (telegramId: string, kind?: WalletKind) => ['wallet', 'transactions', telegramId, kind ?? 'all'] as const,
    myWithdrawals: () => ['wallet', 'withdrawals', 'my'] as const,
    withdrawals: (status: WithdrawalStatus) => ['wallet', 'withdrawals', 'all', status] as const,
    /** The newest client's wallet list: ids and masked payout details. */
    entries: (telegramId: string) => ['wallet', 'entries', telegramId] as const,
    payoutRules: () => ['wallet', 'payout-rules'] as const,
    /** The admins' payout queue (pending, oldest first). */
    queue: () => ['wallet', 'withdrawals', 'queue'] as const,
  },

  /** The template library (admins): entries and how many tasks use each. */
  templates: {
    all: ['templates'] as const,
    list: () => ['templates', 'list'] as const,
  },

  /** Exchange rates (Monobank's, cached by the server). */
  rates: (from: number, to: number) => ['rates', from, to] as const,
  /** An order's tutor: what the chat shows above the questions, and the conversation. */
  explanations: {
    session: (sessionId: string) => ['explanations', 'session', sessionId] as const,
    messages: (sessionId: string) => ['explanations', 'messages', sessionId] as const,
    documents: () => ['explanations', 'documents'] as const,
  },

  /** Reviews: a task's pages and an author's profile; `all` after any review changes. */
  reviews: {
    all: ['reviews'] as const,
    task: (taskId: string) => ['reviews', 'task', taskId] as const,
    author: (telegramId: string) => ['reviews', 'author', telegramId] as const,
  },

  /** Purchase histories and the developer's queue of orders. */
  history: {
    all: ['history'] as const,
    user: (telegramId: string) => ['history', 'user', telegramId] as const,
    /** One filter of a user's history (`type`); `user(telegramId)` is its prefix. */
    userOfType: (telegramId: string, type: HistoryType) => ['history', 'user', telegramId, type] as const,
    developerQueue: () => ['history', 'developer', 'in-progress'] as const,
    developerCompleted: () => ['history', 'developer', 'completed'] as const,
    disputes: () => ['history', 'disputes'] as const,
  },

  /** Order threads: the pages of one thread (live events are merged into them), and the caller's unread totals. */
  threads: {
    all: ['threads'] as const,
    thread: (orderId: string) => ['threads', 'thread', orderId] as const,
    unread: () => ['threads', 'unread'] as const,
  },

  invites: {
    all: ['invites'] as const,
    friends: () => ['invites', 'friends'] as const,
    progress: () => ['invites', 'progress'] as const,
    claimable: () => ['invites', 'isAvailableClaim'] as const,
  },

  /** The admin discount list: `all` refreshes every page and every single discount. */
  discounts: {
    all: ['discounts'] as const,
    list: (type: string, search: string) => ['discounts', 'list', type, search] as const,
    one: (id: string) => ['discounts', 'one', id] as const,
  },

  faq: () => ['faq'] as const,
  broadcasts: {
    all: ['broadcasts'] as const,
    one: (id: string) => ['broadcasts', 'one', id] as const,
    recipients: (audience: string) => ['broadcasts', 'recipients', audience] as const,
  },

  /** User administration and the user pickers of the admin catalogue. */
  users: {
    all: ['users'] as const,
    /** The admin's paged list, for what was typed (ID prefix or username). */
    list: (search: string) => ['users', 'list', search] as const,
    one: (telegramId: string) => ['users', 'one', telegramId] as const,
    search: (text: string) => ['users', 'search', text] as const,
    developers: () => ['users', 'role', 'ROLE_DEVELOPER'] as const,
    admins: () => ['users', 'role', 'ROLE_ADMIN'] as const,
  },

  /** The admin actions' trail, read afresh on each visit; a change made on the user screen refreshes `all`. */
  audit: {
    all: ['audit'] as const,
    list: (filter: object) => ['audit', 'list', filter] as const,
  },
} as const;

