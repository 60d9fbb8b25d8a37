/**
 * Test harness of the admin catalogue: this area's routes (and a stand-in for every other
 * screen) in a memory router, signed in as an admin, with fetch mocked at the boundary.
 * Reuses the tasks area's fetch mock and data builders. Not a test file.
 */
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { MeContext, type Me } from '../../../api/me';
import { createQueryClient, Providers } from '../../../app/providers';
import { ErrorBanner } from '../../../ui';
import { ADMIN, type FetchMock } from '../../tasks/test/harness';
import { catalogueAdminRoutes } from '../routes';
// Loaded up front, so the routes' lazy imports resolve at once instead of racing the queries' timeouts.
import '../subject/SubjectFormScreen';
import '../teacher/TeacherFormScreen';
import '../argument/ArgumentFormScreen';
import '../argument/ChooseArgumentScreen';
import '../task/AddTaskLayout';
import '../task/AddTaskScreen';
import '../task/ChooseDeveloperScreen';
import '../task/ChooseTypeScreen';
import '../task/EditTaskLayout';
import '../task/EditTaskScreen';
import '../discount/GiveDiscountScreen';
import '../discount/ChooseUserScreen';

export { ADMIN, STUDENT, developer, mockFetch, task, teacher, subject, type MockRoute } from '../../tasks/test/harness';

/** Where the app went when it left this area: path, query and navigation state. */
function Elsewhere() {
  const location = useLocation();
  return (
    <div data-testid="elsewhere">
      <p data-testid="path">{location.pathname + location.search}</p>
      <pre data-testid="state">{JSON.stringify(location.state ?? null)}</pre>
    </div>
  );
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

/** Renders the area at `entries` (the last one is current; earlier ones are the history to go back to). */
export function renderAdmin(entries: Entry | Entry[], me: Me = ADMIN) {
  const list = Array.isArray(entries) ? entries : [entries];
  const tree = [{ element: <Outlet />, children: [...catalogueAdminRoutes, { path: '*', element: <Elsewhere /> }] }];
  const router = createMemoryRouter(tree, { initialEntries: list, initialIndex: list.length - 1 });
  const client = createQueryClient();
  const utils = render(
    <Providers client={client}>
      <MeContext.Provider value={me}>
        <RouterProvider router={router} />
      </MeContext.Provider>
      <ErrorBanner />
    </Providers>,
  );
  return { ...utils, router, client };
}

/** The JSON bodies sent as `METHOD path`, in order. */
export function bodiesOf(api: FetchMock, method: string, path: string): unknown[] {
  return api.fn.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === path;
    })
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}

/**
 * Unmounts and lets the forms' leave checks (a tick later) run now, so they cannot clear the
 * next test's sessionStorage. Call in afterEach.
 */
export async function unmountAll(): Promise<void> {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  sessionStorage.clear();
}
