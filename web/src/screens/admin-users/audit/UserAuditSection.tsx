import { Cell, Section, SkeletonRows } from '../../../ui';
import { paths } from '../../../lib/paths';
import { useAudit } from './api';
import { AuditEntryRow } from './AuditEntryRow';
import styles from './audit.module.css';

const LATEST = 3;

/** The latest admin actions that touched this user, and the way to all of them. */
export function UserAuditSection({ telegramId }: { telegramId: string }) {
  const query = useAudit({ userId: telegramId }, LATEST);
  const entries = query.data?.pages[0]?.content ?? [];
  return (
    <Section header="Дії адміністраторів">
      {query.isPending ? (
        <SkeletonRows count={1} />
      ) : query.isError ? (
        <p className={styles.empty}>{query.error.message}</p>
      ) : entries.length === 0 ? (
        <p className={styles.empty}>Адміністратори ще нічого не змінювали</p>
      ) : (
        <>
          {entries.map((e) => (
            <AuditEntryRow key={e.id} entry={e} />
          ))}
          {!query.data.pages[0]!.last && (
            <Cell to={paths.admin.audit({ userId: telegramId })} chevron>
              Усі дії
            </Cell>
          )}
        </>
      )}
    </Section>
  );
}
