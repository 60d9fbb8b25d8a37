/**
 * THE route table (see docs/WEB.md, "Add a screen"): the shell's own screens, plus one line per
 * area spreading its `screens/<area>/routes.tsx` array. Only the first screen (the subjects on
 * `/`, inside MainLayout) is imported eagerly: every other screen is a chunk
 * (`lazy: () => import(...)`), so the first paint downloads the least (budget in
 * scripts/check-bundle.ts) and a student downloads no admin or developer code at all. The
 * student tabs are prefetched once the first screen is up (prefetch.ts). The admin and developer
 * screens' routes are not even in this table: staffRoutes.tsx, patched in on demand (below).
 */
import { matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { Me } from '../api/me';
import { FullScreenSpinner } from '../ui';
import { LoadingScreen } from '../screens/loading/LoadingScreen';
import { AuthGate } from './AuthGate';
import { MainLayout } from './MainLayout';
import { NotFoundScreen } from './NotFoundScreen';
import { PREFETCHED_PATHS, prefetchAllRoutes, prefetchRoutes, whenIdle } from './prefetch';
import { RouteError, ScreenError } from './RouteError';
import { Shell } from './Shell';
import { tasksRoutes } from '../screens/tasks/routes';
import { buyingRoutes } from '../screens/buying/routes';
import { historyRoutes } from '../screens/history/routes';
import { explanationRoutes } from '../screens/explanations/routes';
import { authorRoutes } from '../screens/authors/routes';
import { walletRoutes } from '../screens/wallet/routes';
import { invitationRoutes } from '../screens/invitation/routes';
import { supportRoutes } from '../screens/support/routes';
import { threadRoutes } from '../screens/thread/routes';
import { basePaths } from '../lib/basePaths';

const rules: RouteObject['lazy'] = () => import('../screens/rules/RulesScreen').then((m) => ({ Component: m.RulesScreen }));

/** The route inside MainLayout where the staff routes are patched in (under the bottom navigation and the screens' error state). */
const SCREENS = 'screens';

/** The admin and developer screens' routes (staffRoutes.tsx): a chunk of route objects, no screen. */
export const loadStaffRoutes = () => import('./staffRoutes').then((m) => m.staffRoutes);

/** Once the first screen is settled: the student tabs' chunks, and for admins and developers their routes' table. */
const prefetchTabs = (me: Me) => {
  prefetchRoutes(routes, PREFETCHED_PATHS);
  // Then every other student screen, so one opened later offline is already here.
  whenIdle(() => prefetchAllRoutes(routes), 5000);
  if (me.isAdmin || me.isDeveloper) void loadStaffRoutes().catch(() => undefined);
};

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    // Opening a lazy screen's URL directly (an admin link) waits for its chunk: show the
    // spinner instead of nothing (and without React Router's "No HydrateFallback" warning).
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { path: basePaths.loading, element: <LoadingScreen /> },
      {
        element: <AuthGate />,
        children: [
          // Onboarding (the AuthGate shows these itself while the course is 0).
          { path: basePaths.chooseCourse, lazy: () => import('../screens/onboarding/ChooseCourseScreen').then((m) => ({ Component: m.ChooseCourseScreen })) },
          { path: basePaths.rules, lazy: rules },
          {
            element: <MainLayout prefetch={prefetchTabs} />,
            children: [
              {
                id: SCREENS,
                // A screen that fails (its chunk could not load offline) fails inside the layout.
                errorElement: <ScreenError />,
                children: [
                  // --- tasks (catalogue, buying): index '/' and /list-task/... ---
                  ...tasksRoutes,
                  ...buyingRoutes,
                  ...authorRoutes,
                  // --- wallet: /wallet, /wallet/deposit ---
                  ...walletRoutes,
                  // --- invitation: /invitation, /invitation/invite ---
                  ...invitationRoutes,
                  ...historyRoutes,
                  ...explanationRoutes,
                  ...threadRoutes,
                  ...supportRoutes,
                  // --- settings ---
                  { path: basePaths.settings.root, lazy: () => import('../screens/settings/SettingsScreen').then((m) => ({ Component: m.SettingsScreen })) },
                  { path: basePaths.settings.rules, lazy: rules },
                  { path: basePaths.settings.privacy, lazy: () => import('../screens/rules/RulesScreen').then((m) => ({ Component: m.PrivacyScreen })) },
                  // --- admin and developer screens: staffRoutes.tsx, patched in here on demand ---
                  { path: '*', element: <NotFoundScreen /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * createBrowserRouter's `patchRoutesOnNavigation`, called when a path matches no route here or
 * only the `*` one: a path this table knows only as not found may be an admin's or a
 * developer's screen, so their table is loaded (once: the module stays cached) and patched
 * under MainLayout's screens (the router skips the routes it has already), and the router matches again;
 * a path that is no screen at all still ends on NotFoundScreen. A deep link (a reload at
 * /settings/admin-panel/...) goes the same way behind Shell's hydrateFallbackElement.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const matches = matchRoutes(routes, path);
  if (matches && matches[matches.length - 1]!.route.path !== '*') return;
  patch(SCREENS, await loadStaffRoutes());
};
