/**
 * Test harness of the community screens (invitation, support, admin users): given routes in a
 * memory router with the app's query client, a signed-in user and fetch mocked at the boundary.
 * Not a test file. (Generic: it could move to web/test/ for every area.)
 */
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { User } from '@zalik/contract';
import { MeContext, type Me } from '../../../api/me';
import { createQueryClient, Providers } from '../../../app/providers';
import { ErrorBanner } from '../../../ui';

// Lazy admin chunks are transformed on first import; on a busy 2-core machine that can take
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

export interface MockRoute {
  method?: string;
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** Holds the answer until the test resolves it (to see a pending state). */
  gate?: Promise<void>;
}

export interface Call {
  method: string;
  path: string;
  init: RequestInit | undefined;
}

export interface FetchMock {
  calls: () => Call[];
  /** `METHOD path?query` of every call, in order. */
  lines: () => string[];
  /** Adds a route; the newest matching route wins. */
  on: (route: MockRoute) => void;
}

export function mockFetch(routes: MockRoute[]): FetchMock {
  const table = [...routes];
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    calls.push({ method, path, init });
    const route = [...table].reverse().find((r) => (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)));
    if (!route) return new Response(JSON.stringify({ message: `not mocked: ${method} ${path}` }), { status: 404 });
    await route.gate;
    return new Response(route.body === undefined ? null : JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls: () => calls, lines: () => calls.map((c) => `${c.method} ${c.path}`), on: (r) => table.push(r) };
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

export const ADMIN: Me = {
  ...STUDENT,
  telegramId: '100003',
  username: 'admin_demo',
  firstName: 'Ірина',
  lastName: 'Адміністраторка',
  roles: ['ROLE_USER', 'ROLE_ADMIN'],
  isAdmin: true,
};

/** Where the app went when it left the routes under test. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname + location.search}</p>;
}

export function renderRoutes(routes: RouteObject[], entry: string, me: Me = STUDENT) {
  const router = createMemoryRouter([{ element: <Outlet />, HydrateFallback: () => null, children: [...routes, { path: '*', element: <Elsewhere /> }] }], {
    initialEntries: [entry],
  });
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

export function user(telegramId: string, over: Partial<User> = {}): User {
  return {
    telegramId,
    username: `user_${telegramId}`,
    photo: '',
    firstName: 'Іван',
    lastName: 'Петренко',
    courseNumber: 2,
    createdAt: '2026-11-22T13:33:00.000Z',
    isBanned: false,
    roles: ['ROLE_USER'],
    ...over,
  };
}
