import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

/** Routes of this area, spread into the route table (app/routes.tsx): a chunk loaded on demand. */
export const supportRoutes: RouteObject[] = [
  { path: basePaths.settings.support, lazy: () => import('./SupportScreen').then((m) => ({ Component: m.SupportScreen })) },
];
