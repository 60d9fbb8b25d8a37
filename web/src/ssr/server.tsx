/**
 * The server's rendering of the first screen (api/src/plugins/first-screen.ts imports this
 * module's build, dist/.ssr/server.js): the very components the app renders at `/`, so that
 * React in the browser hydrates the list instead of painting it again. The DOM must be the
 * app's (app/App.tsx: RouterProvider -> Shell -> AuthGate -> MainLayout -> SubjectsScreen):
 * components that draw nothing (the gate, the back button, the contexts) may differ, elements
 * and Suspense boundaries may not. No browser globals here (no window, no storage).
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role } from '@zalik/contract';
import { MeContext, type Me } from '../api/me';
import { FirstScreenSkeleton } from '../app/FirstScreenSkeleton';
import { seedQueries, type FirstScreenData } from '../app/firstScreen';
import { MainLayout } from '../app/MainLayout';
import { createQueryClient, Providers } from '../app/providers';
import SubjectsScreen from '../screens/tasks/subjects/SubjectsScreen';

export type { FirstScreenData };

function studentMe(telegramId: string, roles: readonly Role[]): Me {
  return { telegramId, username: '', firstName: '', lastName: '', photoUrl: '', roles, isAdmin: false, isDeveloper: roles.includes('ROLE_DEVELOPER') };
}

/**
 * The HTML inside `#root`: a student's subject list (`data`, never an admin's: their cards
 * carry a lazy menu), or the skeleton of `/` for anyone the server does not know.
 */
export function renderFirstScreen(data: (FirstScreenData & { roles: readonly Role[] }) | null): string {
  const qc = createQueryClient();
  const element = data ? (
    <MeContext.Provider value={studentMe(data.telegramId, data.roles)}>
      <MainLayout />
    </MeContext.Provider>
  ) : (
    <FirstScreenSkeleton course={1} />
  );
  if (data) seedQueries(qc, data);
  const router = createMemoryRouter([{ path: '/', element, children: [{ index: true, element: <SubjectsScreen /> }] }], { initialEntries: ['/'] });
  try {
    return renderToString(
      <Providers client={qc}>
        <RouterProvider router={router} />
      </Providers>,
    );
  } finally {
    router.dispose();
    qc.clear();
  }
}
