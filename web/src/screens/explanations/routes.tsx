import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

/** The tutor chat of an order: a chunk loaded on demand. */
export const explanationRoutes: RouteObject[] = [
  { path: basePaths.explanation.pattern, lazy: () => import('./ExplanationScreen').then((m) => ({ Component: m.default })) },
];
