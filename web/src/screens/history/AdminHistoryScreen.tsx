import { Navigate, useSearchParams } from 'react-router';
import { RequireRole } from '../../lib/RequireRole';
import { Page } from '../../ui';
import { AdminOrderActions } from './AdminOrderActions';
import { HistoryList } from './HistoryList';
import { paths } from '../../lib/paths';

/** /settings/admin-panel/profile/history-task?telegramId=<id>: a chosen user's purchases (admins; lazy chunk). */
export default function AdminHistoryScreen() {
  const [search] = useSearchParams();
  const telegramId = search.get('telegramId')?.trim() ?? '';
  return (
    <RequireRole role="admin">
      {/^\d+$/.test(telegramId) ? (
        <Page title="Історія завдань" subtitle={`Telegram ID ${telegramId}`}>
          <HistoryList telegramId={telegramId} viewer="admin" Actions={AdminOrderActions} />
        </Page>
      ) : (
        <Navigate to={paths.admin.users} replace />
      )}
    </RequireRole>
  );
}
