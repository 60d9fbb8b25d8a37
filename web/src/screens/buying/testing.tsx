/**
 * Test harness of the buying, history and dev-panel screens (jsdom): the screens under a
 * memory router with the real query client (so errors reach the red banner as in the app),
 * a signed-in user, and fetch answered by a small route table. The Telegram SDK module is
 * mocked by each test file with ./sdk-mock.ts.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Task } from '@zalik/contract';
import { MeContext, type Me } from '../../api/me';
import { createQueryClient, Providers } from '../../app/providers';
import { ErrorBanner } from '../../ui';

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

export const DEVELOPER: Me = { ...STUDENT, telegramId: '100002', username: 'dev_demo', roles: ['ROLE_USER', 'ROLE_DEVELOPER'], isDeveloper: true };

export function makeTask(over: Partial<Task> = {}): Task {
  return {
    id: '7',
    title: 'Лабораторна робота №1',
    description: 'Звіт у форматі DOCX.',
    identifier: 'docx-template',
    price: 120,
    discount: 0,
    type: 'REGULAR',
    visible: true,
    autoGenerate: true,
    developer: { telegramId: '100002', username: 'dev_demo' },
    teacherId: '3',
    teacher: { id: '3', name: 'Петренко О. В.', subject: { id: '5', name: 'Вища математика' } },
    args: ['1', '2'],
    arguments: [
      { id: '1', name: 'ПІБ студента', description: 'Прізвище та ініціали' },
      { id: '2', name: 'Група', description: 'Наприклад, КН-21' },
    ],
    hasTemplate: true,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...over,
  };
}

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch: `routes['POST /api/v1/tasks/process'] = (call) => json(...)`. Every call is
 * recorded (JSON bodies parsed, FormData kept as is); an unknown route answers 404.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { method, path: url.pathname + url.search, headers, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : json({ message: 'Не знайдено.' }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, routes };
}

/** Shows where the app navigated and with what state, for assertions. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

export function renderRoutes(routes: RouteObject[], entry: { pathname: string; search?: string; state?: unknown }, me: Me = STUDENT) {
  const router = createMemoryRouter(
    [...routes, { path: '*', element: <Where /> }],
    { initialEntries: [{ pathname: entry.pathname, search: entry.search ?? '', state: entry.state }] },
  );
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
