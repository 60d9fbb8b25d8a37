import { Navigate, useSearchParams } from 'react-router';
import { useMe } from '../../api/me';
import { Page } from '../../ui';
import { HistoryList } from './HistoryList';

/** /settings/admin-panel/profile/history-task?telegramId=<id>: a chosen user's purchases (admins; lazy chunk). */
export default function AdminHistoryScreen() {
  const me = useMe();
  const [search] = useSearchParams();
  const telegramId = search.get('telegramId')?.trim() ?? '';
  if (!me.isAdmin) return <Navigate to="/settings" replace />;
  if (!/^\d+$/.test(telegramId)) return <Navigate to="/settings/admin-panel/profile" replace />;
  return (
    <Page title="Історія завдань" subtitle={`Telegram ID ${telegramId}`}>
      <HistoryList telegramId={telegramId} refundable />
    </Page>
  );
}
