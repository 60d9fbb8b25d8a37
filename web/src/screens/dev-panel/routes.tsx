import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Routes of this area, spread into the route table (app/routes.tsx): a lazy chunk only developers load. */
export const devPanelRoutes: RouteObject[] = [
  { path: paths.settings.devPanel, lazy: () => import('./DevPanelScreen').then((m) => ({ Component: m.default })) },
];
