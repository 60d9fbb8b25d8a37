import type { RouteObject } from 'react-router';
import HistoryScreen from './HistoryScreen';

/** Routes of this area, spread into the route table (app/routes.tsx). The admin view is a lazy chunk. */
export const historyRoutes: RouteObject[] = [
  { path: '/settings/history-task', element: <HistoryScreen /> },
  {
    path: '/settings/admin-panel/profile/history-task',
    lazy: () => import('./AdminHistoryScreen').then((m) => ({ Component: m.default })),
  },
];
