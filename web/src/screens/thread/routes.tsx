import type { RouteObject } from 'react-router';
import { basePaths } from '../../lib/basePaths';

/** An order's thread, for its buyer, developer and admins alike (the server decides): a chunk loaded on demand. */
export const threadRoutes: RouteObject[] = [{ path: basePaths.thread.pattern, lazy: () => import('./ThreadScreen').then((m) => ({ Component: m.default })) }];
