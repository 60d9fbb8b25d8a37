import { useRouteError } from 'react-router';
import { MSG } from '@zalik/contract';
import { FailureScreen } from './FailureScreen';

/** A screen that threw or a lazy chunk that failed to load (e.g. after a deploy): offer a reload. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <FailureScreen message={MSG.appLoadFailed} onRetry={() => window.location.reload()} />;
}
