/**
 * THE route table (see docs/WEB.md, "Add a screen"): the shell's own screens, plus one line per
 * area spreading its `screens/<area>/routes.tsx` array. Student screens are imported eagerly;
 * admin and developer screens are lazy chunks (`lazy: () => import(...)`), so a student
 * downloads none of their code.
 */
import type { RouteObject } from 'react-router';
import { FullScreenSpinner } from '../ui';
import { LoadingScreen } from '../screens/loading/LoadingScreen';
import { ChooseCourseScreen } from '../screens/onboarding/ChooseCourseScreen';
import { RulesScreen } from '../screens/rules/RulesScreen';
import { SettingsScreen } from '../screens/settings/SettingsScreen';
import { AuthGate } from './AuthGate';
import { MainLayout } from './MainLayout';
import { NotFoundScreen } from './NotFoundScreen';
import { RouteError } from './RouteError';
import { Shell } from './Shell';
import { tasksRoutes } from '../screens/tasks/routes';
import { buyingRoutes } from '../screens/buying/routes';
import { historyRoutes } from '../screens/history/routes';
import { devPanelRoutes } from '../screens/dev-panel/routes';
import { walletRoutes } from '../screens/wallet/routes';
import { catalogueAdminRoutes } from '../screens/catalogue-admin/routes';
import { invitationRoutes } from '../screens/invitation/routes';
import { supportRoutes } from '../screens/support/routes';
import { adminUsersRoutes } from '../screens/admin-users/routes';

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    // Opening a lazy screen's URL directly (an admin link) waits for its chunk: show the
    // spinner instead of nothing (and without React Router's "No HydrateFallback" warning).
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { path: '/loading', element: <LoadingScreen /> },
      {
        element: <AuthGate />,
        children: [
          // Onboarding (the AuthGate shows these itself while the course is 0).
          { path: '/choose-course', element: <ChooseCourseScreen /> },
          { path: '/rules', element: <RulesScreen /> },
          {
            element: <MainLayout />,
            children: [
              // --- tasks (catalogue, buying): index '/' and /list-task/... ---
              ...tasksRoutes,
              ...buyingRoutes,
              ...catalogueAdminRoutes,
              // --- wallet: /wallet, /wallet/deposit, /wallet/withdraw ---
              ...walletRoutes,
              // --- invitation: /invitation, /invitation/invite ---
              ...invitationRoutes,
              ...historyRoutes,
              ...supportRoutes,
              // --- settings ---
              { path: '/settings', element: <SettingsScreen /> },
              { path: '/settings/rules', element: <RulesScreen /> },
              // --- admin (lazy): /settings/admin-panel/... ---
              ...adminUsersRoutes,
              // --- developer (lazy): /settings/dev-panel ---
              ...devPanelRoutes,
              { path: '*', element: <NotFoundScreen /> },
            ],
          },
        ],
      },
    ],
  },
];
