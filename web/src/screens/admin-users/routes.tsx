import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Admin-only lazy chunks: a student downloads none of this code. */
const lazy =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

export const adminUsersRoutes: RouteObject[] = [
  { path: paths.admin.root, lazy: lazy(() => import('./AdminPanelScreen')) },
  { path: paths.admin.users, lazy: lazy(() => import('./UserListScreen')) },
  { path: paths.admin.user.pattern, lazy: lazy(() => import('./UserDetailScreen')) },
  { path: paths.admin.giveRole.pattern, lazy: lazy(() => import('./GiveRoleScreen')) },
  { path: paths.admin.faq, lazy: lazy(() => import('./content/FaqAdminScreen')) },
  { path: paths.admin.faqForm, lazy: lazy(() => import('./content/FaqFormScreen')) },
  { path: paths.admin.news, lazy: lazy(() => import('./content/NewsAdminScreen')) },
  { path: paths.admin.newsForm, lazy: lazy(() => import('./content/NewsFormScreen')) },
  { path: paths.admin.maintenance, lazy: lazy(() => import('./MaintenanceAdminScreen')) },
  { path: paths.admin.audit.pattern, lazy: lazy(() => import('./audit/AuditScreen')) },
];
