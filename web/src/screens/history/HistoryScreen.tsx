import { useMe } from '../../api/me';
import { Page } from '../../ui';
import { HistoryList } from './HistoryList';

/** /settings/history-task: the signed-in user's purchases. */
export default function HistoryScreen() {
  const me = useMe();
  return (
    <Page title="Історія завдань">
      <HistoryList telegramId={me.telegramId} />
    </Page>
  );
}
