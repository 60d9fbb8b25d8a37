import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** The students' routes of this area, spread into the route table (app/routes.tsx): a chunk loaded on demand. The admin view is in staffRoutes.tsx. */
export const historyRoutes: RouteObject[] = [
  { path: paths.settings.history, lazy: () => import('./HistoryScreen').then((m) => ({ Component: m.default })) },
];
