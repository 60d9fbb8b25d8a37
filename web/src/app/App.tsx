import './zod';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBanner } from '../ui';
import { clearErrorOnNavigation } from '../ui/errorBanner';
import { OfflineBar } from './OfflineBar';
import { Providers } from './providers';
import { routes } from './routes';

/** Demo mode only: with the emulation, a chunk a student inside Telegram never downloads. */
const DemoBar = lazy(() => import('./DemoBar').then((m) => ({ default: m.DemoBar })));

/** The whole app: data, router, the error banner, and the emulated Telegram header in demo mode. */
export function App({ demo }: { demo: boolean }) {
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => clearErrorOnNavigation(router), [router]);
  return (
    <Providers>
      {demo && (
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
