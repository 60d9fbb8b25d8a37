import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Admins' explanation documents: a chunk no student downloads. */
export const explanationStaffRoutes: RouteObject[] = [
  { path: paths.admin.explanationDocuments, lazy: () => import('./DocumentsScreen').then((m) => ({ Component: m.default })) },
];
