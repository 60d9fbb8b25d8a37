/**
 * Test harness of the wallet screens (jsdom): the area's routes under a memory router with the
 * app's real query client (errors reach the red banner as in the app), a signed-in user, and
 * fetch answered by a small route table keyed by 'METHOD /path'.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Transaction } from '@zalik/contract';
import { MeContext, type Me } from '../../../api/me';
import { createQueryClient, Providers } from '../../../app/providers';
import { ErrorBanner } from '../../../ui';
import { walletRoutes } from '../routes';

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
export const ADMIN: Me = { ...STUDENT, telegramId: '100003', username: 'admin_demo', roles: ['ROLE_USER', 'ROLE_ADMIN'], isAdmin: true };

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}
type Handler = (call: Call) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Replaces fetch; every call is recorded; an unknown route answers 404 like the server. */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const raw = init?.body;
      const call: Call = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      return handler ? handler(call) : json({ message: 'Такої адреси не існує.' }, 404);
    }),
  );
  return calls;
}

export function tx(n: number, over: Partial<Transaction> = {}): Transaction {
  return {
    transactionId: String(n),
    transactionType: 'PURCHASE',
    initials: `Покупка: завдання ${n}`,
    createdTimeStamp: '2026-11-22T13:33:00.000Z',
    amount: 120,
    wallet: 'general',
    ...over,
  };
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

export function renderWallet(path: string, me: Me = STUDENT) {
  const router = createMemoryRouter([...walletRoutes, { path: '*', element: <Where /> }], { initialEntries: [path] });
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
