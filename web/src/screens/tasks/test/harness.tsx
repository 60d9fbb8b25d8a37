/**
 * Test harness of this area: the real routes in a memory router with the app's query client,
 * a signed-in user (roles as needed) and a fetch mocked at the boundary. Not a test file.
 */
import { render } from '@testing-library/react';
import { createBrowserRouter, createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { News, Subject, Task, Teacher, User } from '@zalik/contract';
import { MeContext, type Me } from '../../../api/me';
import { createQueryClient, Providers } from '../../../app/providers';
import { ErrorBanner } from '../../../ui';
import { tasksRoutes } from '../routes';

export interface MockRoute {
  method?: string;
  path: string | RegExp;
  status?: number;
  body?: unknown;
}

export interface FetchMock {
  fn: ReturnType<typeof vi.fn>;
  /** `METHOD path` of every call, in order. */
  calls: () => string[];
  /** Replaces or adds a route (the newest matching route wins). */
  on: (route: MockRoute) => void;
}

export function mockFetch(routes: MockRoute[]): FetchMock {
  const table = [...routes];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const route = [...table]
      .reverse()
      .find((r) => (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)));
    if (!route) return new Response(JSON.stringify({ message: `not mocked: ${method} ${path}` }), { status: 404 });
    const status = route.status ?? 200;
    return new Response(route.body === undefined ? null : JSON.stringify(route.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    calls: () => fn.mock.calls.map(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`),
    on: (route) => table.push(route),
  };
}

export const STUDENT: Me = {
  telegramId: '100001',
  username: 'student_demo',
  firstName: 'Олена',
  lastName: 'Студентка',
  photoUrl: '',
  roles: ['ROLE_USER'],
  isAdmin: false,
  isDeveloper: false,
};

export const ADMIN: Me = { ...STUDENT, telegramId: '100003', username: 'admin_demo', roles: ['ROLE_USER', 'ROLE_ADMIN'], isAdmin: true };

/** Where the app went: path, query and navigation state, for routes outside this area. */
function Elsewhere() {
  const location = useLocation();
  return (
    <div data-testid="elsewhere">
      <p data-testid="path">{location.pathname + location.search}</p>
      <pre data-testid="state">{JSON.stringify(location.state ?? null)}</pre>
    </div>
  );
}

/**
 * Renders this area's routes at `entry`. With `browser`, a browser router on jsdom's history
 * (for behaviour that reads window.location, as the app's router does).
 */
export function renderRoutes(entry: string | { pathname: string; search?: string; state?: unknown }, me: Me = STUDENT, opts: { browser?: boolean } = {}) {
  const tree = [{ element: <Outlet />, children: [...tasksRoutes, { path: '*', element: <Elsewhere /> }] }];
  if (opts.browser) window.history.replaceState(null, '', typeof entry === 'string' ? entry : entry.pathname);
  const router = opts.browser ? createBrowserRouter(tree) : createMemoryRouter(tree, { initialEntries: [entry] });
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

// --- Data builders ------------------------------------------------------------------------

export function task(over: Partial<Task> & Pick<Task, 'id'>): Task {
  return {
    title: `Завдання ${over.id}`,
    description: '',
    identifier: '',
    price: 100,
    discount: 0,
    type: 'REGULAR',
    visible: true,
    autoGenerate: false,
    developer: { telegramId: '100002', username: 'dev_demo' },
    teacherId: '1',
    teacher: { id: over.teacherId ?? '1', name: 'Петренко О. В.', subject: { id: '7', name: 'Вища математика' } },
    args: [],
    arguments: [],
    hasTemplate: false,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...over,
  };
}

export const teacher = (id: string, name: string, subjectId = '7'): Teacher => ({ id, name, subjectId });
export const subject = (id: string, name: string, courseNumber = 1): Subject => ({ id, name, courseNumber });
export const news = (id: string, title: string, animation = 'news-books'): News => ({ id, title, text: `Текст ${title}`, animation });

export function developer(telegramId: string, username: string): User {
  return {
    telegramId,
    username,
    photo: '',
    firstName: 'Тарас',
    lastName: 'Розробник',
    courseNumber: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    isBanned: false,
    roles: ['ROLE_USER', 'ROLE_DEVELOPER'],
  };
}
