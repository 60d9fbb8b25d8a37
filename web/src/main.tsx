import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MSG } from '@zalik/contract';
import './app/global.css';
import { App } from './app/App';
import { booting } from './app/bootstrap';
import { FailureScreen } from './app/FailureScreen';
import { EmptyState, FullScreenSpinner, Page } from './ui';

const root = createRoot(document.getElementById('root')!);
root.render(<FullScreenSpinner />);

booting
  .then((result) => {
    root.render(
      <StrictMode>
        {result.kind === 'ready' ? (
          <App demo={result.demo} />
        ) : (
          <Page plain>
            <EmptyState text={MSG.openInTelegram} />
          </Page>
        )}
      </StrictMode>,
    );
  })
  .catch((err: unknown) => {
    console.error(err);
    root.render(<FailureScreen message={MSG.appLoadFailed} onRetry={() => window.location.reload()} />);
  });
