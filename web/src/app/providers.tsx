import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError, isBannedError, isMaintenanceError } from '../api/errors';
import { isNetworkError, markOffline, markOnline } from '../api/network';
import { hideError, showError } from '../ui/errorBanner';

/** `meta: { silent: true }` on a query or mutation: the screen shows the error itself. */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

const MAX_RETRIES = 2;

/** Never retry what the server refused (4xx): the same request gets the same answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if ((error instanceof ApiError && error.isClientError) || isMaintenanceError(error)) return false;
  return failureCount < MAX_RETRIES;
}

/** Every failed call shows the server's message in the red banner, unless opted out. A ban or maintenance shows its own screen instead. */
function report(error: unknown, silent: boolean | undefined): void {
  if (silent || isBannedError(error) || isMaintenanceError(error)) return;
  showError(error instanceof ApiError ? error.message : String((error as Error)?.message ?? error));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        // A read that did not reach the server is said once, by the offline bar with its retry.
        if (isNetworkError(err)) markOffline();
        else report(err, query.meta?.silent);
      },
      onSuccess: () => markOnline(),
    }),
    mutationCache: new MutationCache({
      onError: (err, _v, _c, mutation) => report(err, mutation.meta?.silent),
      // An action that succeeded answers the attempt that raised the banner (a corrected form,
      // a retry): the old error must not stay on top of the success.
      onSuccess: () => hideError(),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [qc] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}
