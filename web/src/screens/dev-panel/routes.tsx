import type { RouteObject } from 'react-router';

/** Routes of this area, spread into the route table (app/routes.tsx): a lazy chunk only developers load. */
export const devPanelRoutes: RouteObject[] = [
  { path: '/settings/dev-panel', lazy: () => import('./DevPanelScreen').then((m) => ({ Component: m.default })) },
];
