import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Routes of this area, spread into the route table (app/routes.tsx): chunks loaded on demand (the admin screens are their own). */
export const historyRoutes: RouteObject[] = [
  { path: paths.settings.history, lazy: () => import('./HistoryScreen').then((m) => ({ Component: m.default })) },
  {
    path: paths.admin.history.pattern,
    lazy: () => import('./AdminHistoryScreen').then((m) => ({ Component: m.default })),
  },
  { path: paths.admin.disputes, lazy: () => import('./admin/DisputesScreen').then((m) => ({ Component: m.default })) },
];
