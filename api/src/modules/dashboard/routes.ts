import {
  DASHBOARD_CHART_DAYS, DASHBOARD_PERIOD_DAYS, DashboardBacklog, DashboardDaily, DashboardDevelopers, DashboardFigures, DashboardQuery,
  DashboardTop, ExportBody, ExportLink, ExportParam, ExportQuery, MSG, endpoints as ep,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import type { UsersService } from '../users/index.js';
import { route, type Route } from '../../http/route.js';
import { forbidden } from '../../lib/errors.js';
import { currentUser } from '../../http/auth.js';
import { contentDisposition } from '../files/index.js';
import { dailyChart, leaderboard, topLists } from './charts.queries.js';
import { exportCsv } from './export.queries.js';
import { dashboardBacklog, dashboardFigures } from './figures.queries.js';
import { createExportLinks, exportFileName } from './links.js';
import { periodSpan } from './period.js';
import { sharedPanels } from './shared.js';

/** The admin dashboard (docs/DASHBOARD.md): one call per panel, and the accountant's CSV exports. */
export const dashboardRoutes = ({ database, config, users }: CoreDeps & { users: UsersService }): Route[] => {
  // Every panel and export reads through the analytics pool: admins never take students' connections.
  const db = database.analytics;
  const links = createExportLinks(config.jwtSecret, config.publicUrl);
  const spanOf = (period: keyof typeof DASHBOARD_PERIOD_DAYS) => periodSpan(db, DASHBOARD_PERIOD_DAYS[period], new Date());
  const shared = sharedPanels(config.dashboardCacheSeconds);

  return [
    route(ep.dashboardFigures, { query: DashboardQuery, answer: DashboardFigures }, async (request) => {
      const { period } = request.query;
      return shared(`figures:${period}`, async () => ({ period, ...(await dashboardFigures(db, await spanOf(period))) }));
    }),

    route(ep.dashboardBacklog, { query: DashboardQuery, answer: DashboardBacklog }, async (request) => {
      const { period } = request.query;
      return shared(`backlog:${period}`, async () => {
        const span = await spanOf(period);
        return { period, ...(await dashboardBacklog(db, span.to, span.from)) };
      });
    }),

    route(ep.dashboardDaily, { answer: DashboardDaily }, () => shared('daily', async () => ({ days: await dailyChart(db, DASHBOARD_CHART_DAYS, new Date()) }))),

    route(ep.dashboardTop, { query: DashboardQuery, answer: DashboardTop }, async (request) => {
      const { period } = request.query;
      return shared(`top:${period}`, async () => {
        const span = await spanOf(period);
        return { period, ...span, ...(await topLists(db, span)) };
      });
    }),

    route(ep.dashboardDevelopers, { query: DashboardQuery, answer: DashboardDevelopers }, async (request) => {
      const { period } = request.query;
      return shared(`developers:${period}`, async () => {
        const span = await spanOf(period);
        return { period, ...span, developers: await leaderboard(db, span) };
      });
    }),

    route(ep.createExport, { body: ExportBody, answer: ExportLink }, (request) => {
      const { kind, from, to, adminId, action, userId } = request.body;
      const filters = kind === 'audit' ? { adminId, action, userId } : undefined;
      return { link: links.link({ kind, from, to, by: currentUser(request).telegramId, filters }), fileName: exportFileName({ kind, from, to }) };
    }),

    route(ep.downloadExport, { params: ExportParam, query: ExportQuery, answer: 'file' }, async (request, reply) => {
      const wanted = links.verify(request.params.kind, request.query);
      // The admin who asked for the link must still be one: a link outlives no demotion or ban.
      const admin = wanted && (await users.loadAuthUser(wanted.by));
      if (!wanted || !admin?.isAdmin || admin.banned) throw forbidden(MSG.linkInvalid);
      const csv = exportCsv(db, wanted.kind, wanted.from, wanted.to, wanted.filters);
      csv.on('error', (err) => request.log.error({ err, export: wanted }, 'export stopped'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(exportFileName(wanted)))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(csv);
    }),
  ];
};
