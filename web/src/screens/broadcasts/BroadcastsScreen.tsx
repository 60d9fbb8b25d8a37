import { useNavigate } from 'react-router';
import { Cell, EmptyState, MainAction, Page, Section, SkeletonRows } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import { formatDate } from '../../lib/date';
import { paths } from '../../lib/paths';
import { audienceLabel, useBroadcasts } from './api';
import styles from './broadcasts.module.css';

/** /settings/admin-panel/broadcasts: the broadcasts sent, newest first, with their progress (lazy chunk). */
export default function BroadcastsScreen() {
  const navigate = useNavigate();
  const list = useBroadcasts();
  return (
    <RequireRole role="admin">
      <Page title="Розсилки" subtitle="Повідомлення від бота курсу або всім користувачам.">
        {list.isPending ? (
          <SkeletonRows count={3} subtitle />
        ) : list.data?.length ? (
          <Section>
            {list.data.map((b) => (
              <Cell
                key={b.id}
                to={paths.admin.broadcast(b.id)}
                subtitle={`${audienceLabel(b.courseNumber)} · ${formatDate(b.createdAt)}`}
                after={<span className={styles.count}>{b.left > 0 ? `${b.sent} / ${b.recipients}` : `${b.sent} ✓`}</span>}
              >
                <span className={styles.preview}>{b.message}</span>
              </Cell>
            ))}
          </Section>
        ) : (
          <EmptyState text="Розсилок ще не було. Напишіть студентам курсу чи всім одразу." />
        )}
        <MainAction text="Нова розсилка" onAction={() => navigate(paths.admin.newBroadcast)} />
      </Page>
    </RequireRole>
  );
}
