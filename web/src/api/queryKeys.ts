import type { WalletKind, WithdrawalStatus } from '@zalik/contract';

/**
 * Every TanStack Query key of the app, built here and nowhere else. Keys are `[area, ...params]`,
 * so one invalidation can name a whole area (`qk.wallet.all`) or one resource
 * (`qk.wallet.wallets(id)`): a prefix invalidates everything under it.
 */
export const qk = {
  course: () => ['me', 'course'] as const,

  /** The catalogue: what students browse and admins edit. Any admin change invalidates `all`. */
  catalogue: {
    all: ['catalogue'] as const,
    news: () => ['catalogue', 'news'] as const,
    /** Every course's subject list (a prefix of `subjects(course)`). */
    allSubjects: () => ['catalogue', 'subjects'] as const,
    subjects: (course: number) => ['catalogue', 'subjects', course] as const,
    teachers: (subjectId: string) => ['catalogue', 'teachers', subjectId] as const,
    creators: (subjectId: string) => ['catalogue', 'creators', subjectId] as const,
    /** Every task list and lookup (a purchase may use up a personal discount). */
    tasks: () => ['catalogue', 'tasks'] as const,
    tasksOfTeacher: (teacherId: string) => ['catalogue', 'tasks', 'teacher', teacherId] as const,
    /** One task found without navigation state (buying screens after a reload). */
    taskLookup: (subjectId: string, taskId: string | null, teacherId: string | null) =>
      ['catalogue', 'tasks', 'lookup', subjectId, taskId, teacherId] as const,
    arguments: () => ['catalogue', 'arguments'] as const,
    discounts: (taskId: string) => ['catalogue', 'discounts', taskId] as const,
    /** The admin's task picker (tasks whose title holds `title`). */
    taskSearch: (title: string) => ['catalogue', 'tasks', 'search', title] as const,
    template: (taskId: string) => ['catalogue', 'template', taskId] as const,
  },

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
  },

  /** Purchase histories and the developer's queue of orders. */
  history: {
    all: ['history'] as const,
    user: (telegramId: string) => ['history', 'user', telegramId] as const,
    developerQueue: () => ['history', 'developer', 'in-progress'] as const,
    developerCompleted: () => ['history', 'developer', 'completed'] as const,
    disputes: () => ['history', 'disputes'] as const,
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
  maintenance: () => ['maintenance'] as const,
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
  },
} as const;

