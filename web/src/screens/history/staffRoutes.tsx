import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** The admins' view of a user's orders and the disputes: spread into the staff routes' table (app/staffRoutes.tsx). */
export const historyStaffRoutes: RouteObject[] = [
  {
    path: paths.admin.history.pattern,
    lazy: () => import('./AdminHistoryScreen').then((m) => ({ Component: m.default })),
  },
  { path: paths.admin.disputes, lazy: () => import('./admin/DisputesScreen').then((m) => ({ Component: m.default })) },
];
