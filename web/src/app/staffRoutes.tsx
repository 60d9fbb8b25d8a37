/**
 * The admin and developer screens' routes (docs/WEB.md, "Add a screen"): one line per area,
 * spreading its staff table. Not part of the first screen's table (routes.tsx): this module is a
 * chunk of route objects and lazy imports, no screen, loaded on the first navigation that the
 * first screen's table knows only as "not found", then patched under MainLayout
 * (`patchRoutesOnNavigation` in routes.tsx). A student never downloads it unless they open an
 * unknown address.
 */
import type { RouteObject } from 'react-router';
import { catalogueAdminRoutes } from '../screens/catalogue-admin/routes';
import { adminUsersRoutes } from '../screens/admin-users/routes';
import { broadcastsRoutes } from '../screens/broadcasts/routes';
import { adminDiscountsRoutes } from '../screens/admin-discounts/routes';
import { dashboardRoutes } from '../screens/dashboard/routes';
import { walletStaffRoutes } from '../screens/wallet/staffRoutes';
import { historyStaffRoutes } from '../screens/history/staffRoutes';
import { devPanelRoutes } from '../screens/dev-panel/routes';
import { explanationStaffRoutes } from '../screens/explanations/staffRoutes';

export const staffRoutes: RouteObject[] = [
  // --- catalogue editors: /add-subject, /edit-subject, /list-task/add-task/..., .../add-teacher ---
  ...catalogueAdminRoutes,
  // --- admin panel: /settings/admin-panel/... ---
  ...adminUsersRoutes,
  ...broadcastsRoutes,
  ...adminDiscountsRoutes,
  ...dashboardRoutes,
  ...explanationStaffRoutes,
  // --- wallet: the developer's /wallet/withdraw, the admins' wallet screens ---
  ...walletStaffRoutes,
  ...historyStaffRoutes,
  // --- developer: /settings/dev-panel ---
  ...devPanelRoutes,
];
