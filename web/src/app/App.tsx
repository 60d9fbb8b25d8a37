import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBanner } from '../ui';
import { DemoBar } from './DemoBar';
import { Providers } from './providers';
import { routes } from './routes';

/** The whole app: data, router, the error banner, and the emulated Telegram header in demo mode. */
export function App({ demo }: { demo: boolean }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <Providers>
      {demo && <DemoBar />}
      <RouterProvider router={router} />
      <ErrorBanner />
    </Providers>
  );
}
