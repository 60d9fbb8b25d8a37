import type { RouteObject } from 'react-router';

/** Routes of this area, spread into the route table (app/routes.tsx): a chunk loaded on demand. */
export const supportRoutes: RouteObject[] = [
  { path: '/settings/support', lazy: () => import('./SupportScreen').then((m) => ({ Component: m.SupportScreen })) },
];
