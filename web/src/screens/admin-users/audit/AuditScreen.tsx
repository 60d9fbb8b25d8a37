import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, ID_PATTERN, type AuditAction } from '@zalik/contract';
import { isNetworkError } from '../../../api/network';
import { ActionSheet, Cell, EmptyState, Input, LoadMore, MainAction, Page, Section, SkeletonRows, useDownload } from '../../../ui';
import { RequireRole } from '../../../lib/RequireRole';
import { kyivDay } from '../../../lib/kyivTime';
import { useAdmins, useAudit, useAuditExport, type AuditFilter } from './api';
import { AuditEntryRow } from './AuditEntryRow';
import styles from './audit.module.css';
import { listError } from '../../../lib/useLoadMore';

const TYPING_DELAY_MS = 400;
const isAction = (v: string | null): v is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(v ?? '');
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EVER = '2020-01-01';

/** /settings/admin-panel/audit: who did what, newest first, filtered, exported to CSV (lazy chunk). */
export default function AuditScreen() {
  return (
    <RequireRole role="admin">
      <Audit />
    </RequireRole>
  );
}

/** The filters live in the URL: a user's profile links here with `?userId=`, and coming back keeps them. */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = {
    action: isAction(params.get('action')) ? (params.get('action') as AuditAction) : undefined,
    adminId: ID_PATTERN.test(params.get('adminId') ?? '') ? params.get('adminId')! : undefined,
    userId: ID_PATTERN.test(params.get('userId') ?? '') ? params.get('userId')! : undefined,
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined,
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined,
  };
  const set = (name: keyof AuditFilter, value: string | undefined) =>
    setParams(
      (p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        return p;
      },
      { replace: true },
    );
  return { filter, set };
}

function Audit() {
  const { filter, set } = useFilterParams();
  const [typedUser, setTypedUser] = useState(filter.userId ?? '');
  useEffect(() => {
    const t = setTimeout(() => {
      const id = typedUser.trim();
      if ((id === '' || ID_PATTERN.test(id)) && id !== (filter.userId ?? '')) set('userId', id || undefined);
    }, TYPING_DELAY_MS);
    return () => clearTimeout(t);
  });
  const badUser = typedUser.trim() !== '' && !ID_PATTERN.test(typedUser.trim());

  const query = useAudit(filter);
  const admins = useAdmins();
  const exporter = useAuditExport();
  const download = useDownload();
  const [sheet, setSheet] = useState<'action' | 'admin' | null>(null);
  const entries = query.data?.pages.flatMap((p) => p.content) ?? [];
  const adminName = (id: string) => {
    const a = admins.data?.find((u) => u.telegramId === id);
    return a?.username ? `@${a.username}` : id;
  };

  const startExport = () => {
    if (exporter.isPending || download.loading) return;
    const { action, adminId, userId } = filter;
    // No start chosen: from the trail's beginning (the service is younger than 2020).
    const from = filter.from ?? EVER;
    const to = filter.to ?? kyivDay();
    exporter.mutate({ kind: 'audit', from, to, action, adminId, userId }, { onSuccess: (made) => download.start(made.link, made.fileName) });
  };

  const failed = listError(query);
  const waiting = query.isPending || (isNetworkError(failed));
  return (
    <Page title="Журнал дій">
      <Section header="Фільтри">
        <Cell onClick={() => setSheet('action')} after={filter.action ? AUDIT_ACTION_LABELS[filter.action] : 'Усі'} chevron>
          Дія
        </Cell>
        <Cell onClick={() => setSheet('admin')} after={filter.adminId ? adminName(filter.adminId) : 'Усі'} chevron>
          Адміністратор
        </Cell>
        <div className={styles.filters}>
          <Input
            label="Користувач (Telegram ID)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Усі"
            value={typedUser}
            maxLength={16}
            error={badUser ? 'Лише цифри Telegram ID' : undefined}
            onChange={(e) => setTypedUser(e.target.value)}
          />
          <div className={styles.dates}>
            <Input type="date" label="Від" value={filter.from ?? ''} max={filter.to} onChange={(e) => set('from', DAY.test(e.target.value) ? e.target.value : undefined)} />
            <Input type="date" label="До" value={filter.to ?? ''} min={filter.from} onChange={(e) => set('to', DAY.test(e.target.value) ? e.target.value : undefined)} />
          </div>
        </div>
      </Section>
      <Section header="Дії" footer={entries.length > 0 ? 'Дні — за київським часом, обидва включно; без дат — увесь журнал. Записи не можна змінити чи видалити.' : undefined}>
        {waiting ? (
          <SkeletonRows count={5} />
        ) : failed ? (
          <p className={styles.empty}>{failed.message}</p>
        ) : entries.length === 0 ? (
          <EmptyState text="За цими фільтрами дій немає" />
        ) : (
          <div aria-busy={query.isPlaceholderData || undefined} aria-label="Журнал дій">
            {entries.map((e) => (
              <AuditEntryRow key={e.id} entry={e} />
            ))}
          </div>
        )}
        <LoadMore pages={query} skeleton={<SkeletonRows count={2} />} />
      </Section>
      <MainAction text="Експортувати CSV" onAction={startExport} loading={exporter.isPending || download.loading} disabled={entries.length === 0} />
      <ActionSheet
        title={sheet === 'action' ? 'Дія' : null}
        actions={[
          { label: 'Усі дії', onSelect: () => set('action', undefined) },
          ...AUDIT_ACTIONS.map((a) => ({ label: AUDIT_ACTION_LABELS[a], onSelect: () => set('action', a) })),
        ]}
        onClose={() => setSheet(null)}
      />
      <ActionSheet
        title={sheet === 'admin' ? 'Адміністратор' : null}
        actions={[
          { label: 'Усі адміністратори', onSelect: () => set('adminId', undefined) },
          ...(admins.data ?? []).map((u) => ({ label: u.username ? `@${u.username}` : u.telegramId, onSelect: () => set('adminId', u.telegramId) })),
        ]}
        onClose={() => setSheet(null)}
      />
    </Page>
  );
}
