import type { RouteObject } from 'react-router';

/** Routes of this area, spread into the route table (app/routes.tsx): chunks loaded on demand (the admin view is its own). */
export const historyRoutes: RouteObject[] = [
  { path: '/settings/history-task', lazy: () => import('./HistoryScreen').then((m) => ({ Component: m.default })) },
  {
    path: '/settings/admin-panel/profile/history-task',
    lazy: () => import('./AdminHistoryScreen').then((m) => ({ Component: m.default })),
  },
];
