import type { RouteObject } from 'react-router';

/** Admin-only lazy chunks: a student downloads none of this code. */
export const adminUsersRoutes: RouteObject[] = [
  { path: '/settings/admin-panel', lazy: () => import('./AdminPanelScreen').then((m) => ({ Component: m.default })) },
  { path: '/settings/admin-panel/profile', lazy: () => import('./UserListScreen').then((m) => ({ Component: m.default })) },
  { path: '/settings/admin-panel/profile/user', lazy: () => import('./UserDetailScreen').then((m) => ({ Component: m.default })) },
  { path: '/settings/admin-panel/profile/give-role', lazy: () => import('./GiveRoleScreen').then((m) => ({ Component: m.default })) },
];
