/**
 * THE route table (see docs/WEB.md, "Add a screen"): the shell's own screens, plus one line per
 * area spreading its `screens/<area>/routes.tsx` array. Only the first screen (the subjects on
 * `/`, inside MainLayout) is imported eagerly: every other screen is a chunk
 * (`lazy: () => import(...)`), so the first paint downloads the least (150 KB budget,
 * scripts/check-bundle.ts) and a student downloads no admin or developer code at all. The
 * student tabs are prefetched once the first screen is up (prefetch.ts).
 */
import type { RouteObject } from 'react-router';
import { FullScreenSpinner } from '../ui';
import { LoadingScreen } from '../screens/loading/LoadingScreen';
import { AuthGate } from './AuthGate';
import { MainLayout } from './MainLayout';
import { NotFoundScreen } from './NotFoundScreen';
import { PREFETCHED_PATHS, prefetchRoutes } from './prefetch';
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
import { broadcastsRoutes } from '../screens/broadcasts/routes';
import { adminDiscountsRoutes } from '../screens/admin-discounts/routes';
import { dashboardRoutes } from '../screens/dashboard/routes';
import { paths } from '../lib/paths';

const rules: RouteObject['lazy'] = () => import('../screens/rules/RulesScreen').then((m) => ({ Component: m.RulesScreen }));

const prefetchTabs = () => prefetchRoutes(routes, PREFETCHED_PATHS);

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    // Opening a lazy screen's URL directly (an admin link) waits for its chunk: show the
    // spinner instead of nothing (and without React Router's "No HydrateFallback" warning).
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { path: paths.loading, element: <LoadingScreen /> },
      {
        element: <AuthGate />,
        children: [
          // Onboarding (the AuthGate shows these itself while the course is 0).
          { path: paths.chooseCourse, lazy: () => import('../screens/onboarding/ChooseCourseScreen').then((m) => ({ Component: m.ChooseCourseScreen })) },
          { path: paths.rules, lazy: rules },
          {
            element: <MainLayout prefetch={prefetchTabs} />,
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
              { path: paths.settings.root, lazy: () => import('../screens/settings/SettingsScreen').then((m) => ({ Component: m.SettingsScreen })) },
              { path: paths.settings.rules, lazy: rules },
              { path: paths.settings.privacy, lazy: () => import('../screens/rules/RulesScreen').then((m) => ({ Component: m.PrivacyScreen })) },
              // --- admin (lazy): /settings/admin-panel/... ---
              ...adminUsersRoutes,
              ...broadcastsRoutes,
              ...adminDiscountsRoutes,
              ...dashboardRoutes,
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
