import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Routes of this area, spread into the route table (app/routes.tsx): a chunk loaded on demand. */
export const supportRoutes: RouteObject[] = [
  { path: paths.settings.support, lazy: () => import('./SupportScreen').then((m) => ({ Component: m.SupportScreen })) },
];
