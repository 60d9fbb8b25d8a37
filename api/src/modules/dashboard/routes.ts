import {
  DashboardBacklog, DashboardDaily, DashboardDevelopers, DashboardFigures, DashboardQuery, DashboardTop, ExportBody, ExportLink, ExportParam, ExportQuery, MSG, endpoints as ep,
} from '@zalik/contract';
import type { CoreDeps } from '../../types/deps.js';
import type { UsersService } from '../users/index.js';
import { route, type Route } from '../../http/route.js';
import { forbidden } from '../../lib/errors.js';
import { currentUser } from '../../http/auth.js';
import { contentDisposition } from '../files/index.js';
import type { JobLog } from '../../jobs/registry.js';
import { exportCsv } from './export.queries.js';
import { createExportLinks, exportFileName } from './links.js';
import { panelKey, type PanelKey } from './panels.js';
import { sharedPanels } from './shared.js';
import { dashboardSnapshots } from './snapshots.js';

/** The admin dashboard (docs/DASHBOARD.md): one call per panel, and the accountant's CSV exports. */
export const dashboardRoutes = ({ database, config, users }: CoreDeps & { users: UsersService }): Route[] => {
  // Every panel and export reads through the analytics pool: admins never take students' connections.
  const db = database.analytics;
  const links = createExportLinks(config.jwtSecret, config.publicUrl);
  // A panel is its stored snapshot while fresh (docs/DASHBOARD.md "Snapshots"), and the answer
  // in hand is shared by every admin of this instance for DASHBOARD_CACHE_SECONDS: one read for ten.
  const snapshots = dashboardSnapshots(database, config.dashboardRefreshSeconds);
  const shared = sharedPanels(config.dashboardCacheSeconds);
  const panel = <K extends PanelKey>(key: K, log: JobLog) => shared(key, () => snapshots.answer(key, log));

  return [
    route(ep.dashboardFigures, { query: DashboardQuery, answer: DashboardFigures }, (request) => panel(panelKey('figures', request.query.period), request.log)),
    route(ep.dashboardBacklog, { query: DashboardQuery, answer: DashboardBacklog }, (request) => panel(panelKey('backlog', request.query.period), request.log)),
    route(ep.dashboardDaily, { answer: DashboardDaily }, (request) => panel('daily', request.log)),
    route(ep.dashboardTop, { query: DashboardQuery, answer: DashboardTop }, (request) => panel(panelKey('top', request.query.period), request.log)),
    route(ep.dashboardDevelopers, { query: DashboardQuery, answer: DashboardDevelopers }, (request) =>
      panel(panelKey('developers', request.query.period), request.log)),

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
