import type { RouteObject } from 'react-router';

const result: RouteObject['lazy'] = () => import('./ResultScreen').then((m) => ({ Component: m.default }));

/**
 * Routes of this area, spread into the route table (app/routes.tsx). Chunks loaded on the way
 * (not in the first screen's bundle). The task arrives in navigation state (`{ task }`);
 * `?taskId=&teacherId=` are the fallback after a reload.
 */
export const buyingRoutes: RouteObject[] = [
  { path: '/list-task/:subjectId/buying-task', lazy: () => import('./BuyingTaskScreen').then((m) => ({ Component: m.default })) },
  { path: '/list-task/:subjectId/buying-test', lazy: () => import('./BuyingTestScreen').then((m) => ({ Component: m.default })) },
  { path: '/list-task/:subjectId/buying-task/buying-result', lazy: result },
  { path: '/list-task/:subjectId/buying-test/buying-result', lazy: result },
];
