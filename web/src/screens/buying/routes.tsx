import type { RouteObject } from 'react-router';
import BuyingTaskScreen from './BuyingTaskScreen';
import BuyingTestScreen from './BuyingTestScreen';
import ResultScreen from './ResultScreen';

/**
 * Routes of this area, spread into the route table (app/routes.tsx). Student screens, so not
 * lazy. The task arrives in navigation state (`{ task }`); `?taskId=&teacherId=` are the
 * fallback after a reload.
 */
export const buyingRoutes: RouteObject[] = [
  { path: '/list-task/:subjectId/buying-task', element: <BuyingTaskScreen /> },
  { path: '/list-task/:subjectId/buying-test', element: <BuyingTestScreen /> },
  { path: '/list-task/:subjectId/buying-task/buying-result', element: <ResultScreen /> },
  { path: '/list-task/:subjectId/buying-test/buying-result', element: <ResultScreen /> },
];
