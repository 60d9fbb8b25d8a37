import { useMe } from '../../api/me';
import { Page } from '../../ui';
import { HistoryList } from './HistoryList';
import { StudentActions } from './StudentActions';

/** /settings/history-task: the signed-in user's purchases, with what the buyer may do with each. */
export default function HistoryScreen() {
  const me = useMe();
  return (
    <Page title="Історія завдань">
      <HistoryList telegramId={me.telegramId} viewer="buyer" Actions={StudentActions} />
    </Page>
  );
}
