import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { MSG } from '@zalik/contract';
import './app/global.css';
import { App } from './app/App';
import { booting, type BootResult } from './app/bootstrap';
import { FailureScreen } from './app/FailureScreen';
import { rendersServedList, seedQueries, servedFirstScreen } from './app/firstScreen';
import { createQueryClient } from './app/providers';
import { currentSession, launchSignIn } from './app/session';
import { EmptyState, FullScreenSpinner, Page } from './ui';

const container = document.getElementById('root')!;
// The server's HTML (the subject list or the skeleton, app/firstScreen.ts) stays on screen
// until the app replaces or hydrates it; without it, a spinner.
let root: Root | null = null;
if (!container.firstElementChild) {
  root = createRoot(container);
  root.render(<FullScreenSpinner />);
}

/** For bench:web and the browser's performance panel: React has taken the page over (its first commit). */
function Rendered() {
  useEffect(() => {
    if (!performance.getEntriesByName('zalik:rendered').length) performance.mark('zalik:rendered');
  }, []);
  return null;
}

/** Hydrates the server's subject list when the app's first render is that very list; false otherwise. */
async function hydrateServedList(result: BootResult): Promise<boolean> {
  const served = servedFirstScreen();
  if (!served || result.kind !== 'ready') return false;
  // Its answer is usually in by now (the inline boot script sent it with the HTML).
  const session = await launchSignIn().then(currentSession, () => null);
  if (!rendersServedList(served, session)) return false;
  const client = createQueryClient();
  seedQueries(client, served);
  hydrateRoot(
    container,
    <StrictMode>
      <App demo={result.demo} client={client} />
      <Rendered />
    </StrictMode>,
    // A mismatch is a bug (the server's tree in ssr/server.tsx drifted from the app's): say so.
    { onRecoverableError: (err) => console.error('[first screen] hydration', err) },
  );
  return true;
}

booting
  .then(async (result) => {
    if (await hydrateServedList(result)) return;
    root ??= createRoot(container);
    root.render(
      <StrictMode>
        {result.kind === 'ready' ? (
          <App demo={result.demo} />
        ) : (
          <Page plain>
            <EmptyState text={MSG.openInTelegram} />
          </Page>
        )}
        <Rendered />
      </StrictMode>,
    );
  })
  .catch((err: unknown) => {
    console.error(err);
    root ??= createRoot(container);
    root.render(<FailureScreen message={MSG.appLoadFailed} onRetry={() => window.location.reload()} />);
  });
