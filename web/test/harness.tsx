/**
 * THE jsdom test harness of every screen: routes in a router with the app's real query client
 * (failed calls reach the red banner as in the app), a signed-in user, and fetch mocked at the
 * boundary. Data builders live in ./fixtures.ts, the Telegram SDK double in ./sdk-mock.ts.
 */
import type { ReactElement } from 'react';
import { cleanup, configure, render } from '@testing-library/react';
import { createBrowserRouter, createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { MeContext, type Me } from '../src/api/me';
import { OfflineBar } from '../src/app/OfflineBar';
import { createQueryClient, Providers } from '../src/app/providers';
import { ErrorBanner, hideError } from '../src/ui';
import { clearErrorOnNavigation } from '../src/ui/errorBanner';

// Lazy admin chunks are transformed on first import; on a busy 2-core machine that can take
// longer than Testing Library's default second. Kept well under vitest's testTimeout
// (vitest.config.ts), so a slow wait fails as a clear 'unable to find', not a timeout.
const WAIT_MS = 5000;
configure({ asyncUtilTimeout: WAIT_MS });

// --- Users -----------------------------------------------------------------------------------

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
export const ADMIN: Me = {
  ...STUDENT,
  telegramId: '100003',
  username: 'admin_demo',
  firstName: 'Ірина',
  lastName: 'Адміністраторка',
  roles: ['ROLE_USER', 'ROLE_ADMIN'],
  isAdmin: true,
};

// --- fetch -----------------------------------------------------------------------------------

export interface Call {
  method: string;
  /** Path and query, e.g. '/api/v1/users/search?prefix=100'. */
  path: string;
  pathname: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** JSON bodies parsed; FormData kept as is. */
  body: unknown;
  init: RequestInit | undefined;
}

export type Handler = (call: Call) => Response | Promise<Response>;

/** A declarative route: `path` matches the path with its query exactly, or a RegExp. */
export interface MockRoute {
  method?: string;
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** Holds the answer until the test resolves it (to see a pending state). */
  gate?: Promise<void>;
  /** Computes the answer instead of `status`/`body`. */
  reply?: Handler;
}

/**
 * Routes as a list of MockRoute (the newest match wins) or as a map
 * `{ 'POST /api/v1/tasks/process': (call) => json(...) }` keyed by method and pathname.
 */
export type Routes = MockRoute[] | Record<string, Handler>;

export interface FetchMock {
  fn: ReturnType<typeof vi.fn>;
  /** Every call, in order. */
  calls: Call[];
  /** `METHOD /path?query` of every call. */
  lines: () => string[];
  /** `METHOD /pathname` of every call (query left out). */
  endpoints: () => string[];
  /** The bodies sent as `METHOD /pathname`, in order. */
  bodies: (method: string, pathname: string) => unknown[];
  /** Adds a route; it wins over the earlier ones. */
  on: (route: MockRoute) => void;
}

export const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function toList(routes: Routes): MockRoute[] {
  if (Array.isArray(routes)) return [...routes];
  return Object.entries(routes).map(([key, reply]) => {
    const [method, pathname] = key.split(' ') as [string, string];
    // The map form matches the pathname whatever the query.
    return { method, path: new RegExp(`^${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?$`), reply };
  });
}

/** Replaces fetch; an unknown route answers 404 like the server. */
export function mockFetch(routes: Routes): FetchMock {
  const table = toList(routes);
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const raw = init?.body;
    const call: Call = {
      method,
      path,
      pathname: url.pathname,
      query: url.searchParams,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      init,
    };
    calls.push(call);
    const route = [...table].reverse().find((r) => (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)));
    if (!route) return json({ message: `not mocked: ${method} ${path}` }, 404);
    await route.gate;
    return route.reply ? route.reply(call) : json(route.body, route.status ?? 200);
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    calls,
    lines: () => calls.map((c) => `${c.method} ${c.path}`),
    endpoints: () => calls.map((c) => `${c.method} ${c.pathname}`),
    bodies: (method, pathname) => calls.filter((c) => c.method === method && c.pathname === pathname).map((c) => c.body),
    on: (route) => table.push(route),
  };
}

// --- Rendering -------------------------------------------------------------------------------

/** Where the app went when it left the routes under test: path with query, and navigation state. */
function Elsewhere() {
  const location = useLocation();
  return (
    <div data-testid="elsewhere">
      <p data-testid="path">{location.pathname + location.search}</p>
      <pre data-testid="state">{JSON.stringify(location.state ?? null)}</pre>
    </div>
  );
}

export type Entry = string | { pathname: string; search?: string; state?: unknown };

/**
 * Renders `routes` at `entries` (the last one is current, earlier ones are the history to go
 * back to). With `browser`, a browser router on jsdom's history (for code that reads
 * window.location, as the app's router does); with `layout`, that element (e.g. <MainLayout/>)
 * wraps every route instead of a bare <Outlet/>.
 */
export function renderRoutes(
  routes: RouteObject[],
  entries: Entry | Entry[],
  me: Me = STUDENT,
  opts: { browser?: boolean; layout?: ReactElement } = {},
) {
  const list = Array.isArray(entries) ? entries : [entries];
  const tree: RouteObject[] = [
    { element: opts.layout ?? <Outlet />, HydrateFallback: () => null, children: [...withPreloaded(routes), { path: '*', element: <Elsewhere /> }] },
  ];
  const last = list[list.length - 1]!;
  if (opts.browser) window.history.replaceState(null, '', typeof last === 'string' ? last : last.pathname + (last.search ?? ''));
  const router = opts.browser ? createBrowserRouter(tree) : createMemoryRouter(tree, { initialEntries: list, initialIndex: list.length - 1 });
  const client = createQueryClient();
  clearErrorOnNavigation(router); // as App does
  const utils = render(
    <Providers client={client}>
      <MeContext.Provider value={me}>
        <RouterProvider router={router} />
      </MeContext.Provider>
      <OfflineBar />
      <ErrorBanner />
    </Providers>,
  );
  return { ...utils, router, client };
}

/** What each preloaded lazy route resolved to: renderRoutes then renders it at once, as an eager route. */
const resolvedLazy = new WeakMap<RouteObject, object>();

/**
 * Imports every lazy screen of `routes` now (call it in `beforeAll`): the first render then
 * shows the screen synchronously instead of waiting for the chunk, as eager routes do.
 */
export async function preloadLazy(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.flatMap((r) => [
      typeof r.lazy === 'function' ? Promise.resolve(r.lazy()).then((props) => void resolvedLazy.set(r, props)) : undefined,
      r.children ? preloadLazy(r.children) : undefined,
    ]),
  );
}

function withPreloaded(routes: RouteObject[]): RouteObject[] {
  return routes.map((r) => {
    const props = resolvedLazy.get(r);
    const children = r.children ? withPreloaded(r.children) : undefined;
    if (!props && !children) return r;
    return { ...r, ...(props ? { ...props, lazy: undefined } : {}), ...(children ? { children } : {}) } as RouteObject;
  });
}

/**
 * Unmounts and lets effects scheduled a tick after unmount (a form's leave check) run now, so
 * they cannot clear the next test's sessionStorage. Call in afterEach.
 */
export async function unmountAll(): Promise<void> {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  sessionStorage.clear();
}

/**
 * The set-up a feature's screen tests share, registered for the calling file: its lazy screens
 * preloaded, and after each test the tree unmounted, stubbed globals restored and the red banner
 * hidden, so one test's failure cannot show in the next. Returns renderRoutes over `routes`,
 * signed in as `defaultMe` unless a call names another user.
 */
export function screenSuite(routes: RouteObject[], defaultMe: Me = STUDENT) {
  beforeAll(() => preloadLazy(routes));
  afterEach(async () => {
    await unmountAll();
    vi.unstubAllGlobals();
    hideError();
  });
  return (entries: Entry | Entry[], me = defaultMe) => renderRoutes(routes, entries, me);
}
