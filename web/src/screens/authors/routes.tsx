import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

/** A task author's profile: a chunk loaded on demand. */
export const authorRoutes: RouteObject[] = [
  { path: basePaths.author.pattern, lazy: () => import('./AuthorProfileScreen').then((m) => ({ Component: m.default })) },
];
