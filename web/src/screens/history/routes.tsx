import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

/** The students' routes of this area, spread into the route table (app/routes.tsx): a chunk loaded on demand. The admin screens are in staffRoutes.tsx. */
export const historyRoutes: RouteObject[] = [
  { path: basePaths.settings.history, lazy: () => import('./HistoryScreen').then((m) => ({ Component: m.default })) },
];
