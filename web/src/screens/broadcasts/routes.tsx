import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Admin-only lazy chunks: a student downloads none of this code. */
const lazy =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

export const broadcastsRoutes: RouteObject[] = [
  { path: paths.admin.broadcasts, lazy: lazy(() => import('./BroadcastsScreen')) },
  { path: paths.admin.newBroadcast, lazy: lazy(() => import('./NewBroadcastScreen')) },
  { path: paths.admin.broadcast.pattern, lazy: lazy(() => import('./BroadcastScreen')) },
];
