import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

const result: RouteObject['lazy'] = () => import('./ResultScreen').then((m) => ({ Component: m.default }));

/**
 * Routes of this area, spread into the route table (app/routes.tsx). Chunks loaded on the way
 * (not in the first screen's bundle). The task arrives in navigation state (`{ task }`);
 * `?taskId=&teacherId=` are the fallback after a reload.
 */
export const buyingRoutes: RouteObject[] = [
  { path: basePaths.buyTask.pattern, lazy: () => import('./BuyingTaskScreen').then((m) => ({ Component: m.default })) },
  { path: basePaths.buyTest.pattern, lazy: () => import('./BuyingTestScreen').then((m) => ({ Component: m.default })) },
  { path: basePaths.buyingResult.task, lazy: result },
  { path: basePaths.buyingResult.test, lazy: result },
];
