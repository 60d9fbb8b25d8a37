import './zod';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBanner } from '../ui';
import { clearErrorOnInput, clearErrorOnNavigation } from '../ui/errorBanner';
import { OfflineBar } from './OfflineBar';
import { Providers } from './providers';
import { patchRoutesOnNavigation, routes } from './routes';

/** Demo mode only: with the emulation, a chunk a student inside Telegram never downloads. */
const DemoBar = lazy(() => import('./DemoBar').then((m) => ({ default: m.DemoBar })));

const never = () => () => undefined;

/**
 * False while React hydrates the server's HTML (which has no demo header), true from then on:
 * the header comes one commit later, as its chunk would anyway.
 */
const useHydrated = () => useSyncExternalStore(never, () => true, () => false);

/**
 * The whole app: data, router, the error banner, and the emulated Telegram header in demo mode.
 * `client`: a query client already holding the server-rendered first screen's data (main.tsx).
 */
export function App({ demo, client }: { demo: boolean; client?: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(routes, { patchRoutesOnNavigation }));
  const hydrated = useHydrated();
  useEffect(() => clearErrorOnNavigation(router), [router]);
  useEffect(() => clearErrorOnInput(document), []);
  return (
    <Providers client={client}>
      {demo && hydrated && (
        <Suspense fallback={null}>
          <DemoBar />
        </Suspense>
      )}
      <RouterProvider router={router} />
      <OfflineBar />
      <ErrorBanner />
    </Providers>
  );
}
