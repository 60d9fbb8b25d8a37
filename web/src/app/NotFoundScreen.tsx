import { useNavigate } from 'react-router';
import { MSG } from '@zalik/contract';
import { Button, EmptyState, Page } from '../ui';
import { basePaths } from '../lib/basePaths';

export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <Page>
      <EmptyState text={MSG.routeNotFound}>
        <Button variant="secondary" onClick={() => navigate(basePaths.home, { replace: true })}>
          На головну
        </Button>
      </EmptyState>
    </Page>
  );
}
