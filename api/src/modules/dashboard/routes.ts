import {
  DASHBOARD_CHART_DAYS, DASHBOARD_PERIOD_DAYS, DashboardBacklog, DashboardDaily, DashboardDevelopers, DashboardFigures, DashboardQuery,
  DashboardTop, ExportBody, ExportLink, ExportParam, ExportQuery, MSG, endpoints as ep,
} from '@zalik/contract';
import type { AppDeps } from '../../types/deps.js';
import { route, type Route } from '../../http/route.js';
import { forbidden } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { contentDisposition } from '../files/names.js';
import { dailyChart, leaderboard, topLists } from './charts.queries.js';
import { exportCsv } from './export.queries.js';
import { dashboardBacklog, dashboardFigures } from './figures.queries.js';
import { createExportLinks, exportFileName } from './links.js';
import { periodSpan } from './period.js';

/** The admin dashboard (docs/DASHBOARD.md): one call per panel, and the accountant's CSV exports. */
export const dashboardRoutes = ({ db, config, users }: AppDeps): Route[] => {
  const links = createExportLinks(config.jwtSecret, config.publicUrl);
  const spanOf = (period: keyof typeof DASHBOARD_PERIOD_DAYS) => periodSpan(db, DASHBOARD_PERIOD_DAYS[period], new Date());

  return [
    route(ep.dashboardFigures, { query: DashboardQuery, answer: DashboardFigures }, async (request) => {
      const { period } = request.query;
      return { period, ...(await dashboardFigures(db, await spanOf(period))) };
    }),

    route(ep.dashboardBacklog, { query: DashboardQuery, answer: DashboardBacklog }, async (request) => {
      const { period } = request.query;
      const span = await spanOf(period);
      return { period, ...(await dashboardBacklog(db, span.to, span.from)) };
    }),

    route(ep.dashboardDaily, { answer: DashboardDaily }, async () => ({ days: await dailyChart(db, DASHBOARD_CHART_DAYS, new Date()) })),

    route(ep.dashboardTop, { query: DashboardQuery, answer: DashboardTop }, async (request) => {
      const { period } = request.query;
      const span = await spanOf(period);
      return { period, ...span, ...(await topLists(db, span)) };
    }),

    route(ep.dashboardDevelopers, { query: DashboardQuery, answer: DashboardDevelopers }, async (request) => {
      const { period } = request.query;
      const span = await spanOf(period);
      return { period, ...span, developers: await leaderboard(db, span) };
    }),

    route(ep.createExport, { body: ExportBody, answer: ExportLink }, (request) => {
      const { kind, from, to } = request.body;
      return { link: links.link({ kind, from, to, by: currentUser(request).telegramId }), fileName: exportFileName({ kind, from, to }) };
    }),

    route(ep.downloadExport, { params: ExportParam, query: ExportQuery, answer: 'file' }, async (request, reply) => {
      const wanted = links.verify(request.params.kind, request.query);
      // The admin who asked for the link must still be one: a link outlives no demotion or ban.
      const admin = wanted && (await users.loadAuthUser(wanted.by));
      if (!wanted || !admin?.isAdmin || admin.banned) throw forbidden(MSG.linkInvalid);
      const csv = exportCsv(db, wanted.kind, wanted.from, wanted.to);
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
