import { useSearchParams } from 'react-router';
import { MSG } from '@zalik/contract';
import { DocumentIcon, EmptyState, Page, PropertyList, Section, SkeletonRows } from '../../ui';
import { RequireRole } from '../../lib/RequireRole';
import { formatDate } from '../../lib/date';
import { formatSize } from '../../lib/files';
import { audienceLabel, useBroadcast } from './api';
import styles from './broadcasts.module.css';

/** /settings/admin-panel/broadcasts/view?id=: how the sending goes (sent / failed / left), live (lazy chunk). */
export default function BroadcastScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const b = useBroadcast(id);
  return (
    <RequireRole role="admin">
      <Page title="Розсилка">
        {b.isPending ? (
          <SkeletonRows count={4} />
        ) : !b.data ? (
          <EmptyState text={MSG.broadcastNotFound} />
        ) : (
          <>
            <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={b.data.recipients} aria-valuenow={b.data.sent + b.data.failed}>
              <span style={{ width: `${b.data.recipients ? ((b.data.sent + b.data.failed) / b.data.recipients) * 100 : 100}%` }} />
            </div>
            <Section>
              <PropertyList
                items={[
                  { label: 'Стан', value: b.data.left > 0 ? 'Надсилається' : 'Надіслано' },
                  { label: 'Надіслано', value: <span data-testid="broadcast-sent">{b.data.sent}</span> },
                  { label: 'Не доставлено', value: b.data.failed },
                  { label: 'У черзі', value: <span data-testid="broadcast-left">{b.data.left}</span> },
                  { label: 'Заблокували бота', value: b.data.skipped },
                  { label: 'Кому', value: audienceLabel(b.data.courseNumber) },
                  { label: 'Коли', value: formatDate(b.data.createdAt) },
                  { label: 'Автор', value: b.data.createdBy.username ? `@${b.data.createdBy.username}` : b.data.createdBy.telegramId },
                ]}
              />
            </Section>
            <Section header="Повідомлення">
              <p className={styles.message}>{b.data.message}</p>
              {b.data.files.map((f) => (
                <p key={f.fileName} className={styles.file}>
                  <DocumentIcon size={16} /> {f.fileName} · {formatSize(f.size)}
                </p>
              ))}
            </Section>
          </>
        )}
      </Page>
    </RequireRole>
  );
}
