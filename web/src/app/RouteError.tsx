import { useRouteError } from 'react-router';
import { MSG } from '@zalik/contract';
import { useOffline } from '../api/network';
import { Button, EmptyState, Page } from '../ui';
import { FailureScreen } from './FailureScreen';

/** A screen that threw or a lazy chunk that failed to load (e.g. after a deploy): offer a reload. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <FailureScreen message={MSG.appLoadFailed} onRetry={() => window.location.reload()} />;
}

/**
 * The same inside the main layout: the tab bar and the back button stay, so a screen whose code
 * could not load (opened offline before it was fetched) is a state of that screen, not the end of
 * the app. Offline, the offline bar already offers the one retry; online, this screen offers it
 * (a reload: the router remembers a chunk that failed, the page does not).
 */
export function ScreenError() {
  const error = useRouteError();
  const offline = useOffline();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Page>
      <EmptyState text={offline ? MSG.screenOffline : MSG.appLoadFailed} animation="empty">
        {!offline && <Button onClick={() => window.location.reload()}>Спробувати ще раз</Button>}
      </EmptyState>
    </Page>
  );
}
