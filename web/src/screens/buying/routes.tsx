import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

const result: RouteObject['lazy'] = () => import('./ResultScreen').then((m) => ({ Component: m.default }));

/**
 * Routes of this area, spread into the route table (app/routes.tsx). Chunks loaded on the way
 * (not in the first screen's bundle). The task arrives in navigation state (`{ task }`);
 * `?taskId=&teacherId=` are the fallback after a reload.
 */
export const buyingRoutes: RouteObject[] = [
  { path: paths.buyTask.pattern, lazy: () => import('./BuyingTaskScreen').then((m) => ({ Component: m.default })) },
  { path: paths.buyTest.pattern, lazy: () => import('./BuyingTestScreen').then((m) => ({ Component: m.default })) },
  { path: paths.buyingResult.task, lazy: result },
  { path: paths.buyingResult.test, lazy: result },
];
