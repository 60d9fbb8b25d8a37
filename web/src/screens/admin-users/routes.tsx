import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** Admin-only lazy chunks: a student downloads none of this code. */
const lazy =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  () =>
    load().then((m) => ({ Component: m.default }));

export const adminUsersRoutes: RouteObject[] = [
  { path: '/settings/admin-panel', lazy: lazy(() => import('./AdminPanelScreen')) },
  { path: '/settings/admin-panel/profile', lazy: lazy(() => import('./UserListScreen')) },
  { path: '/settings/admin-panel/profile/user', lazy: lazy(() => import('./UserDetailScreen')) },
  { path: '/settings/admin-panel/profile/give-role', lazy: lazy(() => import('./GiveRoleScreen')) },
  { path: '/settings/admin-panel/faq', lazy: lazy(() => import('./content/FaqAdminScreen')) },
  { path: '/settings/admin-panel/faq/edit', lazy: lazy(() => import('./content/FaqFormScreen')) },
  { path: '/settings/admin-panel/news', lazy: lazy(() => import('./content/NewsAdminScreen')) },
  { path: '/settings/admin-panel/news/edit', lazy: lazy(() => import('./content/NewsFormScreen')) },
];
