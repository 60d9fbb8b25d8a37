import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Admin-only lazy chunk: a student downloads none of this code, charts included. */
export const dashboardRoutes: RouteObject[] = [
  { path: paths.admin.dashboard, lazy: () => import('./DashboardScreen').then((m) => ({ Component: m.default })) },
];
