import { useNavigate } from 'react-router';
import { MSG } from '@zalik/contract';
import { Button, EmptyState, Page } from '../ui';
import { paths } from '../lib/paths';

export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <Page>
      <EmptyState text={MSG.routeNotFound}>
        <Button variant="secondary" onClick={() => navigate(paths.home, { replace: true })}>
          На головну
        </Button>
      </EmptyState>
    </Page>
  );
}
