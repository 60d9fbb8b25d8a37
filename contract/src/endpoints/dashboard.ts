import { endpoint } from '../endpoint.js';
import type {
  DashboardBacklog, DashboardDaily, DashboardDevelopers, DashboardFigures, DashboardQuery, DashboardTop, ExportBody, ExportLink,
  ExportParam, ExportQuery,
} from '../dashboard.js';

const tag = 'dashboard';

/** One call per panel of the admin dashboard (docs/DASHBOARD.md), each computed from the ledger and the orders. */
export const dashboardFigures = endpoint<{ query: typeof DashboardQuery; answer: typeof DashboardFigures }>({
  method: 'GET', path: '/api/v1/dashboard/figures', access: 'admin', tag,
  summary: 'Admin: revenue, top-ups, purchases and users of a period (today, 7 or 30 Kyiv days) and of the period before',
});
export const dashboardBacklog = endpoint<{ query: typeof DashboardQuery; answer: typeof DashboardBacklog }>({
  method: 'GET', path: '/api/v1/dashboard/backlog', access: 'admin', tag,
  summary: 'Admin: orders waiting for delivery, overdue ones, open disputes and pending withdrawals, now and when the period began',
});
export const dashboardDaily = endpoint<{ answer: typeof DashboardDaily }>({
  method: 'GET', path: '/api/v1/dashboard/daily', access: 'admin', tag,
  summary: 'Admin: purchases, sales and fees per Kyiv day for the last 30 days',
});
export const dashboardTop = endpoint<{ query: typeof DashboardQuery; answer: typeof DashboardTop }>({
  method: 'GET', path: '/api/v1/dashboard/top', access: 'admin', tag,
  summary: 'Admin: the 10 best-selling tasks and subjects of the period',
});
export const dashboardDevelopers = endpoint<{ query: typeof DashboardQuery; answer: typeof DashboardDevelopers }>({
  method: 'GET', path: '/api/v1/dashboard/developers', access: 'admin', tag,
  summary: 'Admin: the developer leaderboard of the period (orders delivered, on time, earned)',
});
export const createExport = endpoint<{ body: typeof ExportBody; answer: typeof ExportLink }>({
  method: 'POST', path: '/api/v1/dashboard/exports', access: 'admin', tag,
  summary: 'Admin: a signed link, valid for minutes, to a CSV of the transfers or the orders of a span of Kyiv days',
});
export const downloadExport = endpoint<{ params: typeof ExportParam; query: typeof ExportQuery; answer: 'file' }>({
  method: 'GET', path: '/api/v1/dashboard/exports/:kind', access: 'public', tag,
  summary: 'The CSV (UTF-8 with BOM), streamed, for whoever holds a fresh link made by a current admin',
});
