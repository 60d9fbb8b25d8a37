/**
 * The calls `bench:scale` times: issue 30's table, then other lists that grow with the data.
 * Paths come from the contract's endpoint table, queries as the clients send them (1.8.7's
 * unpaged lists, Zalik's app's page sizes). Each call checks its answer against the contract's
 * schema and against the data (`expect`): a broken or empty answer where data exists fails the
 * run; a slow one never does.
 */
import type { z } from 'zod';
import {
  AuthorProfile, CatalogueSearchResults, ClientDiscountPage, DISCOUNT_PAGE_SIZE, DashboardBacklog, DashboardDaily, DashboardDevelopers, DashboardFigures,
  DashboardTop, DepositRequestList, DiscountList, DeveloperOrderList, DISPUTE_PAGE_SIZE, Dispute, DisputeList, FeedPage, HISTORY_PAGE_SIZE, HistoryList, HistoryPage, InProgressListOrPage, InviteList,
  InviteProgress, TaskPickList, TransactionList, USER_PAGE_SIZE, UserList, UserListOrPage, WithdrawQueue, WithdrawalList, endpoints as ep, pageOf, pathOf,
} from '@zalik/contract';
import type { Picks } from './scale-data.js';

export type Who = 'admin' | 'heavyStudent' | 'inviter' | 'developer';

export interface Call {
  name: string;
  path: string;
  who: Who;
  schema: z.ZodType;
  /** What the answer must hold given the data: undefined when right, else what is wrong. */
  expect?: (answer: never, listLimit: number) => string | undefined;
  /** A dashboard panel: its first (uncached) request is printed apart. */
  panel?: boolean;
}

const q = (params: Record<string, string | number>) => '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const rowsIn = (a: unknown): unknown[] => (Array.isArray(a) ? a : (a as { content: unknown[] }).content);
/** At least `n` rows (capped by the list's `x-list-limit` when it has one). */
const atLeast = (n: number) => (a: never, cap: number) => {
  const want = Math.min(n, cap);
  return rowsIn(a).length >= want ? undefined : `${rowsIn(a).length} rows, the data holds at least ${want}`;
};
/** Page `page` of a list of `total` rows, all of them listed: exactly the rows left for it, and `last` when none follow. */
const exactPage = (total: number, page: number, limit: number) => (a: { content: unknown[]; last: boolean }) => {
  const want = Math.min(limit, Math.max(0, total - page * limit));
  const last = total <= (page + 1) * limit;
  return a.content.length === want && a.last === last ? undefined : `${a.content.length} rows, last ${a.last}; the data holds ${total}, so ${want} rows, last ${last}`;
};
/** A page `page` of `limit` rows: full when the data holds twice what comes before it (a margin for rows the list leaves out). */
const deepPage = (total: number, page: number, limit: number) => (a: never) =>
  total >= 2 * (page + 1) * limit && rowsIn(a).length === 0 ? `page ${page} is empty, the data holds ${total} rows` : undefined;

export function scaleCalls(p: Picks): Call[] {
  const dashboard = (name: string, path: string, schema: z.ZodType): Call => ({ name, path, who: 'admin', schema, panel: true });
  return [
    // Issue 30's table, in its order.
    {
      name: 'admin user search, a rare username',
      path: pathOf(ep.searchUsers) + q({ username: p.rareUsername, page: 0, limit: USER_PAGE_SIZE }),
      who: 'admin',
      schema: UserListOrPage,
      expect: (a: { username: string }[]) => (rowsIn(a).some((u) => (u as { username: string }).username === p.rareUsername) ? undefined : `${p.rareUsername} not found`),
    },
    {
      name: 'admin discount search (a username)',
      path: pathOf(ep.listDiscounts) + q({ search: p.discountUsername, page: 0, limit: DISCOUNT_PAGE_SIZE }),
      who: 'admin',
      schema: DiscountList,
      expect: atLeast(1),
    },
    {
      name: "heavy student's whole history (unpaged, as 1.8.7)",
      path: pathOf(ep.historyOfUser, { telegramId: p.heavyStudent }),
      who: 'heavyStudent',
      schema: HistoryList,
      expect: atLeast(p.heavyOrders),
    },
    { name: 'invites of the biggest inviter', path: pathOf(ep.invitedFriends), who: 'inviter', schema: InviteList, expect: atLeast(p.invited) },
    {
      name: 'their invite link (progress)',
      path: pathOf(ep.inviteLink),
      who: 'inviter',
      schema: InviteProgress,
      expect: (a: { invitedCount: number }) => (a.invitedCount === p.invited ? undefined : `invitedCount ${a.invitedCount}, the data holds ${p.invited}`),
    },
    {
      name: "top developer's transactions, page 0",
      path: pathOf(ep.transactionsOfUser, { telegramId: p.developer }) + q({ page: 0, limit: HISTORY_PAGE_SIZE }),
      who: 'developer',
      schema: TransactionList,
      expect: atLeast(Math.min(HISTORY_PAGE_SIZE, p.developerTransfers)),
    },
    {
      name: "top developer's transactions, page 500",
      path: pathOf(ep.transactionsOfUser, { telegramId: p.developer }) + q({ page: 500, limit: HISTORY_PAGE_SIZE }),
      who: 'developer',
      schema: TransactionList,
      expect: deepPage(p.developerTransfers, 500, HISTORY_PAGE_SIZE),
    },
    {
      name: 'admin users, page 1000',
      path: pathOf(ep.listUsers) + q({ page: 1000, limit: USER_PAGE_SIZE }),
      who: 'admin',
      schema: UserListOrPage,
      expect: deepPage(p.users, 1000, USER_PAGE_SIZE),
    },
    {
      name: "developer's completed orders, page 100",
      path: pathOf(ep.developerCompletedOrders) + q({ page: 100, limit: 20 }),
      who: 'developer',
      schema: DeveloperOrderList,
      expect: deepPage(p.developerClosed, 100, 20),
    },
    {
      name: "heavy student's transactions, page 0",
      path: pathOf(ep.transactionsOfUser, { telegramId: p.heavyStudent }) + q({ page: 0, limit: HISTORY_PAGE_SIZE }),
      who: 'heavyStudent',
      schema: TransactionList,
      expect: atLeast(Math.min(HISTORY_PAGE_SIZE, p.heavyTransfers)),
    },
    { name: 'creators filter of a subject', path: pathOf(ep.developersOfSubject, { subjectId: p.subject }), who: 'heavyStudent', schema: UserList, expect: atLeast(1) },
    {
      name: 'admin deposit requests, all',
      path: pathOf(ep.depositRequests) + q({ page: 0, limit: 20 }),
      who: 'admin',
      schema: DepositRequestList,
      expect: atLeast(20),
    },
    { name: 'admin deposit requests, paid', path: pathOf(ep.depositRequests) + q({ status: 'PAID', page: 0, limit: 20 }), who: 'admin', schema: DepositRequestList },
    { name: 'admin withdrawals', path: pathOf(ep.withdrawals), who: 'admin', schema: WithdrawalList, expect: atLeast(1) },
    dashboard('dashboard figures (7 days)', pathOf(ep.dashboardFigures) + q({ period: '7d' }), DashboardFigures),
    dashboard('dashboard backlog (7 days)', pathOf(ep.dashboardBacklog) + q({ period: '7d' }), DashboardBacklog),
    dashboard('dashboard daily (30 days)', pathOf(ep.dashboardDaily), DashboardDaily),
    dashboard('dashboard top (7 days)', pathOf(ep.dashboardTop) + q({ period: '7d' }), DashboardTop),
    dashboard('dashboard developers (7 days)', pathOf(ep.dashboardDevelopers) + q({ period: '7d' }), DashboardDevelopers),
    // Other lists that grow with the data.
    {
      name: "heavy student's wallet feed, page 0 (newest client)",
      path: pathOf(ep.walletFeed, { walletId: p.heavyWallet }) + q({ page: 0, limit: 10 }),
      who: 'heavyStudent',
      schema: FeedPage,
      expect: atLeast(Math.min(10, p.heavyTransfers)),
    },
    {
      name: "heavy student's history, page 0 (paged)",
      path: pathOf(ep.historyOfUser, { telegramId: p.heavyStudent }) + q({ page: 0, limit: HISTORY_PAGE_SIZE }),
      who: 'heavyStudent',
      schema: HistoryPage,
      expect: atLeast(Math.min(HISTORY_PAGE_SIZE, p.heavyOrders)),
    },
    // Not all of them: the API's sweep refunds the overdue ones while the bench runs.
    { name: "top developer's open orders (unpaged)", path: pathOf(ep.ordersInProgress), who: 'developer', schema: InProgressListOrPage, expect: atLeast(Math.min(1, p.developerOpen)) },
    {
      name: "top developer's history, page 0 (newest client)",
      path: pathOf(ep.developerHistory) + q({ page: 0, limit: HISTORY_PAGE_SIZE }),
      who: 'developer',
      schema: HistoryPage,
      expect: atLeast(Math.min(HISTORY_PAGE_SIZE, p.developerClosed)),
    },
    { name: "top developer's author profile", path: pathOf(ep.authorProfile, { telegramId: p.developer }), who: 'heavyStudent', schema: AuthorProfile },
    { name: 'admin open disputes (unpaged)', path: pathOf(ep.openDisputes), who: 'admin', schema: DisputeList, expect: atLeast(p.disputes) },
    ...[0, 50].map((page) => ({
      name: `admin open disputes, page ${page} (paged${page > 0 ? ', opened directly' : ''})`,
      path: pathOf(ep.openDisputes) + q({ page, limit: DISPUTE_PAGE_SIZE }),
      who: 'admin' as const,
      schema: pageOf(Dispute),
      expect: exactPage(p.disputes, page, DISPUTE_PAGE_SIZE),
    })),
    { name: 'admin withdraw queue', path: pathOf(ep.withdrawQueue), who: 'admin', schema: WithdrawQueue, expect: atLeast(1) },
    { name: 'admin users, page 0', path: pathOf(ep.listUsers) + q({ page: 0, limit: USER_PAGE_SIZE }), who: 'admin', schema: UserListOrPage, expect: atLeast(USER_PAGE_SIZE) },
    { name: "admin personal discounts, page 0 (newest client)", path: pathOf(ep.localDiscounts) + q({ page: 0, limit: 20 }), who: 'admin', schema: ClientDiscountPage, expect: atLeast(20) },
    { name: 'admin task picker, a title', path: pathOf(ep.searchTasks) + q({ title: 'робота №1', limit: 20 }), who: 'admin', schema: TaskPickList, expect: atLeast(1) },
    {
      name: 'student search, a common word',
      path: pathOf(ep.searchCatalogue) + q({ q: 'лабораторна' }),
      who: 'heavyStudent',
      schema: CatalogueSearchResults,
      expect: (a: { tasks: unknown[] }) => (a.tasks.length > 0 ? undefined : 'no tasks found'),
    },
  ];
}
